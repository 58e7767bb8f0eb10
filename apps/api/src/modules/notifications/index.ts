// The notifications area's public face: what other areas and the app may import.

import { type SmsAudience, schools } from '@somero/contract';
import { eq } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import type { Area, ModuleContext } from '../module.js';
import { notificationRoutes } from './routes.js';
import { uniqueRecipients } from './rules.js';
import { creditsOf, type Resolved, startSend } from './sms/send.js';

export { fillDemoSms } from './demo.js';
export { guardianNotices } from './sms/notices.js';
export { confirmCreditRequest, declineCreditRequest, grantCredit } from './sms/packages.js';
export { creditBySchool } from './sms/send.js';

/** The school's SMS credits left (the dashboard's tile). */
export const smsCreditsLeft = (scope: SchoolScope) => creditsOf(scope).then((c) => c.balance);

/**
 * Sends `template` to these people as a background job, from another area (a receipt, a pass-out):
 * each number once, placeholders filled from each one's `values` ({school} is added), credits checked
 * (a Refusal when they are short); unless `confirmed`, answered first with its cost as a question.
 * Answers the send's and the job's ids.
 */
export async function sendSms(
  ctx: Pick<ModuleContext, 'jobs' | 'feesBalances'>,
  scope: SchoolScope,
  recipients: { phone: string; name: string; studentId?: number; values?: Record<string, string> }[],
  template: string,
  audience: string,
  confirmed: boolean,
) {
  const [school] = await scope.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
  const list = uniqueRecipients(
    recipients.map((r) => ({ ...r, values: { school: school?.name ?? '', name: r.name, ...r.values } })),
  );
  const resolved: Resolved = { ...list, invalid: [], audience };
  return startSend(ctx, scope, template, resolved, confirmed);
}
export type { SmsAudience };

/** The Notification Center as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'notifications', routes: notificationRoutes };

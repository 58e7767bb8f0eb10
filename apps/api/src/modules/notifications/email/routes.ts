import {
  allows,
  emailAttachmentAccess,
  emailMessages,
  getEmailSettings,
  saveEmailSettings,
  sendEmailCall,
  sentEmails,
} from '@somero/contract';
import { HttpError } from '../../../core/errors.js';
import type { ModuleContext } from '../../module.js';
import {
  type EmailJobData,
  emailJobKind,
  emailRows,
  emailSend,
  emailSettingsOf,
  performEmailSend,
  saveEmailSettings as save,
} from './send.js';

/** E-mail (issue 15 §2): send as a job, the sent list, the school's mail server. */
export function emailRoutes(ctx: ModuleContext) {
  const { app, serve, jobs, config } = ctx;

  jobs.define<EmailJobData>(emailJobKind, async ({ scope, data, progress }) => {
    const outcome = await performEmailSend(config, scope, data.messageId, progress, (line) => app.log.info(line));
    return { message: outcome.message };
  });

  serve(sendEmailCall, async ({ scope, input, caller }) => {
    // Who may send e-mails attaches only the documents they may print themselves.
    if (input.attachments.some((a) => !allows(caller, emailAttachmentAccess[a])))
      throw new HttpError(403, 'Your user group does not allow attaching these documents. Ask an administrator.');
    const result = await emailSend(ctx, scope, input);
    if (result.job_id === null) return { data: result };
    const n = result.recipients;
    return {
      data: result,
      message: `Sending ${n.toLocaleString('en-US')} e-mail${n === 1 ? '' : 's'}: follow it here or carry on working.`,
    };
  });

  serve(sentEmails, async ({ scope, input }) => {
    if (input.message_id) await scope.table(emailMessages, 'notifications').find(input.message_id, 'send');
    const { rows, totals } = await emailRows(scope, input, {
      limit: input.per_page,
      offset: (input.page - 1) * input.per_page,
    });
    return { data: rows, totals, page: input.page, per_page: input.per_page, total: totals.count };
  });

  serve(getEmailSettings, async ({ scope }) => ({ data: await emailSettingsOf(config, scope) }));
  serve(saveEmailSettings, async ({ scope, input }) => ({
    data: await save(config, scope, input),
    message: 'Mail server saved',
  }));
}

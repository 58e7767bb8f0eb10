import { createHash, timingSafeEqual } from 'node:crypto';
import {
  buySmsPackage,
  sendSmsCall,
  sentNotifications,
  sentSms,
  smsCount,
  smsDeliveryReport,
  smsMessages,
  smsPackagesCall,
} from '@somero/contract';
import { HttpError } from '../../core/errors.js';
import type { ModuleContext } from '../module.js';
import { emailRoutes } from './email/routes.js';
import { buyPackage, packageRows, smsCatalogue } from './sms/packages.js';
import {
  applyDeliveryReport,
  creditsOf,
  gatewayFor,
  performSend,
  previewSend,
  recipientRows,
  resolveRecipients,
  type SmsJobData,
  sendRows,
  settleSend,
  smsJobKind,
  startSend,
} from './sms/send.js';

/** The gateway's callbacks, posted form-encoded: delivery reports, and the parents' line's USSD and texts. */
const formPaths = ['/api/sms/delivery/', '/api/sms/incoming/', '/api/ussd/'];
const digest = (t: string) => createHash('sha256').update(t).digest();

export function notificationRoutes(ctx: ModuleContext) {
  const { app, serve, jobs, config, database, feesBalances } = ctx;

  jobs.define<SmsJobData>(
    smsJobKind,
    async ({ scope, data, progress }) => {
      const outcome = await performSend(config, scope, data.messageId, progress, (line) => app.log.info(line));
      return { message: outcome.message };
    },
    {
      // After a timeout the job pauses before going on with what is still queued (30 s, then 60 s).
      retryDelay: Math.round((config.sms.retryMs * 6) / 1000),
      settle: ({ scope, data }) => settleSend(scope, data.messageId),
    },
  );

  // Gateways post their callbacks form-encoded; only those routes read such a body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (req, body, done) => {
    if (!formPaths.some((p) => req.url.startsWith(p))) {
      const error = Object.assign(new Error('Unsupported media type'), { statusCode: 415 });
      return done(error, undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  emailRoutes(ctx);

  serve(smsCount, async ({ scope, input }) => ({ data: await previewSend(scope, feesBalances, input) }));

  serve(sendSmsCall, async ({ scope, input }) => {
    const resolved = await resolveRecipients(scope, feesBalances, input);
    const started = await startSend(ctx, scope, input.message, resolved, input.confirm);
    return {
      data: started,
      message: `Sending ${started.recipients.toLocaleString('en-US')} message${started.recipients === 1 ? '' : 's'}: follow it here or carry on working.`,
    };
  });

  serve(smsPackagesCall, async ({ scope }) => {
    const [credits, packages, gateway] = await Promise.all([
      creditsOf(scope),
      packageRows(scope),
      gatewayFor(config, scope),
    ]);
    return {
      data: {
        ...credits,
        gateway: gateway.kind,
        records_own_credit: config.schoolsRecordSmsCredit,
        packages,
        catalogue: [...smsCatalogue],
      },
    };
  });

  serve(buySmsPackage, async ({ scope, input }) => {
    const { row, message } = await buyPackage(scope, input, config.schoolsRecordSmsCredit);
    return { data: row, message: message ?? 'SMS credit added' };
  });

  serve(sentSms, async ({ scope, input }) => {
    const { rows, total } = await sendRows(scope, { limit: input.per_page, offset: (input.page - 1) * input.per_page });
    return { data: rows, page: input.page, per_page: input.per_page, total };
  });

  serve(sentNotifications, async ({ scope, input }) => {
    if (input.from && input.to && input.from > input.to)
      throw new HttpError(422, 'The start must be before the end', { to: ['The end must be after the start'] });
    if (input.message_id) await scope.table(smsMessages, 'notifications').find(input.message_id, 'send');
    const { rows, totals } = await recipientRows(scope, input, {
      limit: input.per_page,
      offset: (input.page - 1) * input.per_page,
    });
    return { data: rows, totals, page: input.page, per_page: input.per_page, total: totals.count };
  });

  // The gateway's delivery reports: the URL's token is the server's secret; the gateway's message id
  // (unique to the gateway) finds the message whatever its school.
  serve(smsDeliveryReport, async ({ req, input }) => {
    const token = (req.params as { token: string }).token;
    const secret = config.sms.callbackToken;
    if (!secret || !timingSafeEqual(digest(token), digest(secret)))
      throw new HttpError(401, 'This delivery report is not signed with the right token.');
    const { unchanged } = await applyDeliveryReport(database.db, input);
    // A replayed or late report for a settled message: nothing changes, the log says so.
    for (const m of unchanged)
      req.log.info(
        { school: m.schoolId, sms: m.id, gatewayId: input.id, reported: input.status },
        `SMS delivery report changed nothing: the message is already ${m.status}`,
      );
    return { data: { received: true } };
  });
}

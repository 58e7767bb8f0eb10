import { backupNow, backups, health, latestBackup, ready } from '@somero/contract';
import { Refusal } from '../../core/errors.js';
import { migrationsCurrent } from '../../db/open.js';
import type { ModuleContext } from '../module.js';
import { backupReply, latestBackupFile, listBackups, startBackup } from './backup-runs.js';

/** Answers false when the check throws or has not answered within two seconds. */
async function holds(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 2000);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** For an operator's load balancer and monitoring: public, cheap, and saying nothing of any school. */
export function operationsRoutes({ serve, database, jobs }: ModuleContext) {
  serve(health, () => ({ status: 'ok' as const }));

  serve(ready, async ({ reply }) => {
    const [answers, migrations, queue] = await Promise.all([
      holds(async () => (await database.raw('select 1 as one')).length === 1),
      holds(() => migrationsCurrent(database)),
      holds(() => jobs.started()),
    ]);
    const all = answers && migrations && queue;
    if (!all) reply.code(503);
    return { status: all ? ('ready' as const) : ('not ready' as const), database: answers, migrations, jobs: queue };
  });
}

/**
 * A backup holds every school on the server: only a school's own server (one school) shows them to its
 * administrators. On a shared server the operator keeps them (and a school takes its own data by export).
 */
async function ownServerOnly({ database }: Pick<ModuleContext, 'database'>) {
  const [row] = (await database.raw('select count(*) as schools from schools')) as { schools: string | number }[];
  if (Number(row?.schools ?? 0) > 1)
    throw new Refusal(
      "This server holds several schools: its backups are kept by the server's operator. Ask them for a copy of your school's data.",
    );
}

/** The administrators' backups: the list, a backup now, and the latest one's file. */
export function backupRoutes({ app, serve, database, config }: ModuleContext) {
  const deps = { database, config, log: app.log };
  serve(backups, async () => {
    await ownServerOnly(deps);
    return {
      data: {
        backups: (await listBackups(database)).map(backupReply),
        every_hours: config.backups.everyHours,
        keep: config.backups.keep,
      },
    };
  });

  serve(backupNow, async () => {
    await ownServerOnly(deps);
    const started = await startBackup(deps, 'manual');
    if (!started) throw new Refusal('A backup is being taken now: it shows here when it is done.');
    // Settles on its own (kept, or failed and written on its row); the list shows which.
    started.done.catch((error: unknown) => app.log.error({ err: error }, 'A backup could not be recorded'));
    return { data: backupReply(started.row), message: 'Backing up: the list shows it when it is done.' };
  });

  serve(latestBackup, async ({ reply }) => {
    await ownServerOnly(deps);
    const latest = await latestBackupFile(database, config);
    if (!latest) throw new Refusal('There is no backup yet: take one with "Back up now".');
    return reply
      .type('application/x-tar')
      .header('content-disposition', `attachment; filename="${latest.name}"`)
      .send(Buffer.from(latest.bytes));
  });
}

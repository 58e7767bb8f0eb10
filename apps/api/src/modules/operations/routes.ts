import { backupNow, backups, health, latestBackup, ready } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { Invalid, Refusal } from '../../core/errors.js';
import { checkPassword } from '../../core/passwords.js';
import { clearFailures, countFailure, refuseIfLocked, signInKeys } from '../../core/rate-limit.js';
import { migrationsCurrent } from '../../db/open.js';
import { users } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { backupReply, latestBackupFile, listBackups, sharedServerSchools, startBackup } from './backup-runs.js';

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
 * On a school's own server (one school) its administrators see the server's backups of the whole
 * database. On a server of several schools a backup holds every school, so the operator keeps those, and
 * each school's administrators see, take and download copies of their own school's records instead.
 */
export function backupRoutes({ app, serve, database, config }: ModuleContext) {
  const deps = { database, config, log: app.log };
  /** Whose backups the caller sees: the server's (null), or their school's copies. */
  const whose = async (schoolId: number) => ((await sharedServerSchools(database)).length ? schoolId : null);

  serve(backups, async ({ scope }) => {
    const schoolId = await whose(scope.schoolId);
    return {
      data: {
        of: schoolId == null ? ('server' as const) : ('school' as const),
        backups: (await listBackups(database, schoolId)).map(backupReply),
        every_hours: config.backups.everyHours,
        keep: config.backups.keep,
      },
    };
  });

  serve(
    backupNow,
    async ({ scope }) => {
      const schoolId = await whose(scope.schoolId);
      const started = await startBackup(deps, 'manual', schoolId);
      if (!started) throw new Refusal('A backup is being taken now: it shows here when it is done.');
      // Who asked for it, in the school's trail (the backup itself records its end on its row).
      await scope.audit({
        action: 'create',
        module: 'settings',
        entity: schoolId == null ? 'server_backups' : 'school_backups',
        entityId: started.row.id,
        after: backupReply(started.row),
      });
      // Settles on its own (kept, or failed and written on its row); the list shows which.
      started.done.catch((error: unknown) => app.log.error({ err: error }, 'A backup could not be recorded'));
      return { data: backupReply(started.row), message: 'Backing up: the list shows it when it is done.' };
    },
    { apart: 'the backup goes on after the answer, reading the database on its own' },
  );

  serve(
    latestBackup,
    async ({ input, scope, caller, req, reply }) => {
      // The file holds every record of the school: the password is asked again, and a wrong one counts
      // against the same limits as a sign-in (5 from one address in 15 minutes), so a session left open
      // is no way to guess it.
      const keys = signInKeys(caller.username, req.ip);
      const counts = await refuseIfLocked(database.db, keys);
      const [user] = await scope.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(scope.mine(users, eq(users.id, caller.userId)));
      if (!user || !(await checkPassword(user.passwordHash, input.password))) {
        await countFailure(database.db, keys);
        throw new Invalid('password', 'That password is not right');
      }
      await clearFailures(database.db, keys, counts);
      const schoolId = await whose(scope.schoolId);
      const latest = await latestBackupFile(database, config, schoolId);
      if (!latest) throw new Refusal('There is no backup yet: take one with "Back up now".');
      // Who took which file away, and when, in the school's trail.
      await scope.audit({
        action: 'download',
        module: 'settings',
        entity: schoolId == null ? 'server_backups' : 'school_backups',
        entityId: latest.id,
        after: { id: latest.id, file: latest.name, bytes: latest.bytes.length },
      });
      return reply
        .type(schoolId == null ? 'application/x-tar' : 'application/gzip')
        .header('content-disposition', `attachment; filename="${latest.name}"`)
        .send(Buffer.from(latest.bytes));
    },
    { apart: 'a wrong password is counted against the sign-in limits although the download is refused' },
  );
}

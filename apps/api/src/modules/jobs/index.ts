// Jobs: the progress and outcome of long work a user started (the queue itself is core/jobs.ts).
import { type JobView, jobCalls, jobs } from '@somero/contract';
import { desc, eq, gt } from 'drizzle-orm';
import type { Caller } from '../../core/auth.js';
import { ago } from '../../core/dates.js';
import { NotFound } from '../../core/errors.js';
import { readFiles } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import type { Area, ModuleContext } from '../module.js';

const view = (row: typeof jobs.$inferSelect): JobView => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  status: row.status as JobView['status'],
  done: row.done,
  failed: row.failed,
  total: row.total,
  message: row.message,
  has_file: row.resultFileId !== null,
  file_name: row.resultName,
  created_at: row.createdAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
});

/** One of the caller's own jobs (another user's, or another school's, is not found). */
async function ownJob(scope: SchoolScope, caller: Caller, id: number) {
  const [row] = await scope.db
    .select()
    .from(jobs)
    .where(scope.mine(jobs, eq(jobs.id, id), eq(jobs.createdBy, caller.userId)));
  if (!row) throw new NotFound('job');
  return row;
}

export function jobRoutes({ serve }: ModuleContext) {
  serve(jobCalls.myJobs, async ({ scope, caller }) => {
    const since = ago(7 * 24 * 3600_000);
    const rows = await scope.db
      .select()
      .from(jobs)
      .where(scope.mine(jobs, eq(jobs.createdBy, caller.userId), gt(jobs.createdAt, since)))
      .orderBy(desc(jobs.id))
      .limit(50);
    return { data: rows.map(view) };
  });

  serve(jobCalls.job, async ({ scope, caller, id }) => ({ data: view(await ownJob(scope, caller, id)) }));

  serve(jobCalls.jobFile, async ({ scope, caller, id, reply }) => {
    const job = await ownJob(scope, caller, id);
    if (job.resultFileId === null) throw new NotFound('document');
    const file = (await readFiles(scope, [job.resultFileId])).get(job.resultFileId);
    if (!file) throw new NotFound('document');
    const name = (job.resultName ?? 'document.pdf').replace(/[^\w.-]+/g, '_');
    return reply
      .type(file.mime)
      .header('content-disposition', `inline; filename="${name}"`)
      .send(Buffer.from(file.bytes));
  });
}

/** The jobs area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'jobs', routes: jobRoutes };

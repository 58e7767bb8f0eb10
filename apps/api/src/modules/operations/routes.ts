import { health, ready } from '@somero/contract';
import { migrationsCurrent } from '../../db/open.js';
import type { ModuleContext } from '../module.js';

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

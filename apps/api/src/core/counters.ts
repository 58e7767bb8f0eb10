import { counters } from '@somero/contract';
import { sql } from 'drizzle-orm';
import type { SchoolScope } from './scope.js';

/**
 * The next number of a gapless per-school series (receipts, pass-outs, admissions). The counter row
 * is locked until the caller's transaction ends, so concurrent desks queue and never share or skip a
 * number; call it inside `scope.transaction`.
 */
export async function nextNumber(scope: SchoolScope, series: string): Promise<number> {
  const [row] = await scope.db
    .insert(counters)
    .values({ schoolId: scope.schoolId, name: series, value: 1 })
    .onConflictDoUpdate({ target: [counters.schoolId, counters.name], set: { value: sql`${counters.value} + 1` } })
    .returning({ value: counters.value });
  return row.value;
}

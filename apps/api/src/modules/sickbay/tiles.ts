import { sickbayVisits } from '@somero/contract';
import { gte, inArray, or, sql } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';
import { kampalaDayStart } from './rules.js';

export interface SickbayToday {
  /** Visits made today (Kampala), not deleted. */
  visits: number;
  /** Visits not yet closed (still in the sick bay), whatever day they began. */
  still_in: number;
}

/** The dashboard's sick bay tile (one query). */
export async function sickbayToday(scope: SchoolScope): Promise<SickbayToday> {
  const start = kampalaDayStart(today());
  const open = inArray(sickbayVisits.status, ['added', 'edited']);
  const [row] = await scope.db
    .select({
      visits:
        sql<number>`count(*) filter (where ${sickbayVisits.visitedAt} >= ${start} and ${sickbayVisits.status} <> 'deleted')`.mapWith(
          Number,
        ),
      still_in: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
    })
    .from(sickbayVisits)
    .where(scope.mine(sickbayVisits, or(gte(sickbayVisits.visitedAt, start), open)));
  return row;
}

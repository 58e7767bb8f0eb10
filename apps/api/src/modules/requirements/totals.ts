import { requirementCollections } from '@somero/contract';
import { eq, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

/** What students brought of each item in a term, in total, and the money paid instead (the store's seam). */
export async function collectedTotals(scope: SchoolScope, year: number, term: number) {
  return scope.db
    .select({
      item: sql<string>`min(${requirementCollections.item})`,
      quantity: sql<number>`sum(${requirementCollections.brought})::int`,
      paid: sql<number>`sum(${requirementCollections.paid})::int`,
    })
    .from(requirementCollections)
    .where(
      scope.mine(requirementCollections, eq(requirementCollections.year, year), eq(requirementCollections.term, term)),
    )
    .groupBy(sql`lower(${requirementCollections.item})`)
    .orderBy(sql`lower(${requirementCollections.item})`);
}

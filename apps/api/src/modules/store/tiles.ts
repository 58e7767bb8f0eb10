import { storeItems } from '@somero/contract';
import { and, asc, gt, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

export interface StoreBelowReorder {
  count: number;
  /** The first few, by name. */
  items: string[];
}

/** The dashboard's store tile: items below their reorder level (the same rule as the stock levels screen; one query). */
export async function storeBelowReorder(scope: SchoolScope): Promise<StoreBelowReorder> {
  const rows = await scope.db
    .select({ name: storeItems.name })
    .from(storeItems)
    .where(
      scope.mine(
        storeItems,
        and(gt(storeItems.reorderLevel, 0), sql`${storeItems.balance} < ${storeItems.reorderLevel} * 100`),
      ),
    )
    .orderBy(asc(storeItems.name));
  return { count: rows.length, items: rows.slice(0, 5).map((r) => r.name) };
}

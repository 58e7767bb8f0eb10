import {
  classes,
  copyFeesStructure,
  feesBreakdowns,
  feesCategories,
  getFeesBreakdowns,
  getFeesStructure,
} from '@somero/contract';
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { ledgerRoutes } from '../ledger/statement.js';
import { adjustmentRoutes } from './adjustments.js';
import { bursaryRoutes } from './bursaries.js';

/** A term's structure lines with category and class names, in class and category order. */
async function breakdownRows(scope: SchoolScope, f: { year?: number; term?: number; class_id?: number }) {
  const where: SQL[] = [];
  if (f.year) where.push(eq(feesBreakdowns.year, f.year));
  if (f.term) where.push(eq(feesBreakdowns.term, f.term));
  if (f.class_id) where.push(eq(feesBreakdowns.classId, f.class_id));
  return scope.db
    .select({
      id: feesBreakdowns.id,
      year: feesBreakdowns.year,
      term: feesBreakdowns.term,
      class_id: feesBreakdowns.classId,
      class_name: classes.name,
      category_id: feesBreakdowns.categoryId,
      category_name: feesCategories.name,
      section: feesBreakdowns.section,
      nationality: feesBreakdowns.nationality,
      entrants: feesBreakdowns.entrants,
      amount: feesBreakdowns.amount,
    })
    .from(feesBreakdowns)
    .innerJoin(classes, and(eq(classes.schoolId, feesBreakdowns.schoolId), eq(classes.id, feesBreakdowns.classId)))
    .innerJoin(
      feesCategories,
      and(eq(feesCategories.schoolId, feesBreakdowns.schoolId), eq(feesCategories.id, feesBreakdowns.categoryId)),
    )
    .where(scope.mine(feesBreakdowns, ...where))
    .orderBy(
      asc(feesBreakdowns.year),
      asc(feesBreakdowns.term),
      asc(classes.rank),
      asc(classes.name),
      asc(feesCategories.rank),
      asc(feesCategories.name),
      asc(feesBreakdowns.id),
    );
}

type Line = Awaited<ReturnType<typeof breakdownRows>>[number];
/** What a student of a section pays in a term: lines for their section (or all), Ugandan rate (or all). */
const totalFor = (lines: Line[], section: string, isNew: boolean) =>
  lines
    .filter(
      (l) =>
        (l.section === 'all' || l.section === section) &&
        (l.nationality === 'all' || l.nationality === 'national') &&
        (l.entrants === 'all' || (isNew && l.entrants === 'new')),
    )
    .reduce((sum, l) => sum + l.amount, 0);

export function feesSetupRoutes(ctx: ModuleContext) {
  const { serve } = ctx;

  serve(getFeesBreakdowns, async ({ input, scope }) => ({ data: await breakdownRows(scope, input) }));

  serve(getFeesStructure, async ({ input, scope }) => {
    const now = await currentTerm(scope);
    const year = input.year ?? now.year;
    const term = input.term ?? now.term;
    const rows = await breakdownRows(scope, { year, term, class_id: input.class_id });
    const byClass = new Map<number, Line[]>();
    for (const r of rows) byClass.set(r.class_id, [...(byClass.get(r.class_id) ?? []), r]);
    const data = [...byClass.values()].map((lines) => {
      const categories = new Map<number, { category_id: number; category_name: string; lines: Line[] }>();
      for (const l of lines) {
        const c = categories.get(l.category_id) ?? {
          category_id: l.category_id,
          category_name: l.category_name,
          lines: [],
        };
        c.lines.push(l);
        categories.set(l.category_id, c);
      }
      return {
        class_id: lines[0].class_id,
        class_name: lines[0].class_name,
        categories: [...categories.values()].map((c) => ({
          ...c,
          lines: c.lines.map((l) => ({
            id: l.id,
            section: l.section,
            nationality: l.nationality,
            entrants: l.entrants,
            amount: l.amount,
          })),
        })),
        day_total: totalFor(lines, 'day', false),
        boarding_total: totalFor(lines, 'boarding', false),
        new_day_total: totalFor(lines, 'day', true),
        new_boarding_total: totalFor(lines, 'boarding', true),
      };
    });
    return { data: { year, term, classes: data } };
  });

  serve(copyFeesStructure, async ({ input, scope }) => {
    const { from_year, from_term, to_year, to_term } = input;
    if (from_year === to_year && from_term === to_term)
      throw new Refusal('Choose a different term to copy the structure to.');
    const copied = await scope.transaction(async (tx) => {
      const [{ n }] = await tx.db
        .select({ n: count() })
        .from(feesBreakdowns)
        .where(tx.mine(feesBreakdowns, eq(feesBreakdowns.year, to_year), eq(feesBreakdowns.term, to_term)));
      if (Number(n) > 0)
        throw new Refusal(
          `Term ${to_term} ${to_year} already has a fees structure (${n} lines); change it there instead of copying.`,
        );
      const source = await tx.db
        .select()
        .from(feesBreakdowns)
        .where(tx.mine(feesBreakdowns, and(eq(feesBreakdowns.year, from_year), eq(feesBreakdowns.term, from_term))));
      if (source.length === 0) throw new Refusal(`Term ${from_term} ${from_year} has no fees structure to copy.`);
      const rows = await tx.db
        .insert(feesBreakdowns)
        .values(
          source.map(({ id: _id, createdAt: _c, updatedAt: _u, ...r }) => ({ ...r, year: to_year, term: to_term })),
        )
        .returning();
      await tx.auditMany(
        rows.map((row) => ({
          action: 'create',
          module: 'fees',
          entity: 'fees_breakdowns',
          entityId: row.id,
          after: row,
        })),
      );
      return rows.length;
    });
    return {
      data: { copied },
      message: `Fees structure of Term ${from_term} ${from_year} copied to Term ${to_term} ${to_year} (${copied} lines)`,
    };
  });

  bursaryRoutes(ctx);
  adjustmentRoutes(ctx);
  ledgerRoutes(ctx);
}

import { classes, requirementArrears, requirementCollections, requirements, studentTerms } from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { currentTerm } from '../settings/index.js';
import { type ListLine, linesFor } from './rules.js';

type Line = [name: string, quantity: number, money: number | null, section?: 'day' | 'boarding', entrants?: 'new'];

/** A Ugandan secondary school's requirements list, per term; the lower classes bring the tools. */
function listFor(className: string, term: number): Line[] {
  const lower = ['S1', 'S2'].includes(className);
  const lines: Line[] = [
    ['Ream of paper', className === 'S1' ? 2 : 1, 20_000],
    ['Toilet paper', 6, 1_000],
    ['Broom', 1, 5_000],
    ['Liquid soap (1 litre)', 1, 6_000],
  ];
  if (lower) lines.push(['Hoe', 1, 15_000], ['Slasher', 1, 12_000]);
  else lines.push(['Mopping rag', 2, 2_000]);
  if (className === 'S5' || className === 'S6') lines.push(['Manila paper', 5, 1_000]);
  lines.push(['Jerrycan (20 litres)', 1, null, 'boarding']);
  lines.push(['Mattress', 1, null, 'boarding', 'new']);
  lines.push(['Mosquito net', 1, null, 'boarding', 'new']);
  if (term === 1) lines.push(['Squeegee', 1, 8_000, 'day']);
  return lines;
}

/**
 * The demo school's requirements: this term's and last term's lists for every class, what most students
 * brought last term (a few left arrears), this term's collection under way (most complete, some
 * partial, some paid in money) and a few arrears from before Somero.
 */
export async function fillDemoRequirements(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const now = await currentTerm(tx);
    const last = now.term === 1 ? { year: now.year - 1, term: 3 } : { year: now.year, term: now.term - 1 };
    const classRows = await tx.db
      .select()
      .from(classes)
      .where(eq(classes.schoolId, schoolId))
      .orderBy(asc(classes.rank));
    const list: ListLine[] = [];
    for (const t of [last, now])
      for (const c of classRows)
        for (const [name, quantity, money, section, entrants] of listFor(c.name, t.term))
          list.push({
            year: t.year,
            term: t.term,
            classId: c.id,
            section: section ?? 'all',
            entrants: entrants ?? 'all',
            name,
            quantity,
            moneyValue: money,
          });
    if (!list.length) return;
    await tx.db.insert(requirements).values(list.map((l) => ({ ...l, schoolId })));

    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const rows: (typeof requirementCollections.$inferInsert)[] = [];
    for (const [t, complete] of [
      [last, 0.85],
      [now, 0.6],
    ] as const) {
      const enrolled = await tx.db
        .select()
        .from(studentTerms)
        .where(and(eq(studentTerms.schoolId, schoolId), eq(studentTerms.year, t.year), eq(studentTerms.term, t.term)))
        .orderBy(asc(studentTerms.studentId));
      for (const e of enrolled) {
        const r = random();
        if (t === now && r > 0.9) continue; // not yet reported this term
        for (const l of linesFor(list, e)) {
          let brought = l.quantity;
          let paid = 0;
          if (r > complete)
            brought = Math.floor(random() * l.quantity); // brought part (or none) of it
          else if (l.moneyValue && random() < 0.15) {
            brought = 0;
            paid = l.quantity * l.moneyValue; // paid in money instead
          }
          if (brought === 0 && paid === 0) continue;
          rows.push({
            schoolId,
            studentId: e.studentId,
            year: t.year,
            term: t.term,
            item: l.name,
            brought,
            paid,
            recordedBy: 'Store keeper',
          });
        }
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await tx.db.insert(requirementCollections).values(rows.slice(i, i + 500));

    // A few arrears from before Somero, from the old exercise books.
    const current = await tx.db
      .select({ studentId: studentTerms.studentId })
      .from(studentTerms)
      .where(and(eq(studentTerms.schoolId, schoolId), eq(studentTerms.year, now.year), eq(studentTerms.term, now.term)))
      .orderBy(asc(studentTerms.studentId))
      .limit(200);
    const opening = current
      .filter((_, i) => i % 37 === 5)
      .map((s, i) => ({
        schoolId,
        studentId: s.studentId,
        name: i % 2 ? 'Ream of paper' : 'Hoe',
        quantity: 1,
        moneyValue: i % 2 ? 20_000 : 15_000,
        note: 'From the 2025 requirements book',
      }));
    if (opening.length) await tx.db.insert(requirementArrears).values(opening);
  });
}

import { type ParentLineAnswer, termDates } from '@somero/contract';
import { eq, or } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';
import { parentResult } from '../exams/index.js';
import { nextTermFees, studentPosition, termAfter } from '../fees/index.js';
import { currentTerm } from '../settings/index.js';
import { firstName, type LineChild, type LineSchool } from './lookup.js';
import {
  feesText,
  nextTermText,
  noResultText,
  notReleasedText,
  type PaymentLine,
  paymentsText,
  resultText,
  withheldText,
} from './rules.js';

/**
 * Each answer in words for a parent, read through the other areas' public faces: balances from the fees
 * ledger, results as the report card states them, the calendar from the school's term dates.
 */
export async function answerFor(
  scope: SchoolScope,
  school: LineSchool,
  child: LineChild,
  asked: ParentLineAnswer,
): Promise<string> {
  const name = firstName(child);
  const now = await currentTerm(scope);
  if (asked === 'fees' || asked === 'payments') {
    const position = await studentPosition(scope, child.id, { lines: asked === 'payments', now });
    if (asked === 'fees') {
      const term = position.terms.find((t) => t.year === now.year && t.term === now.term);
      // Overdue: what was still owed from the terms before this one.
      return feesText(name, now, position.balance, Math.max(0, term?.opening ?? 0));
    }
    const voided = new Set(position.lines.filter((l) => l.kind === 'reversal').map((l) => l.paymentId));
    const paid: PaymentLine[] = position.lines
      .filter((l) => l.kind === 'payment' && !voided.has(l.paymentId))
      .map((l) => ({ date: l.date, amount: -l.amount, receiptNo: l.receiptNo ?? null }));
    return paymentsText(name, paid.slice(-3).reverse(), position.balance);
  }
  if (asked === 'results') {
    const released = school.results;
    if (!released) return notReleasedText(now);
    const result = await parentResult(scope, child.id, released);
    if (result?.withheld) return withheldText(name, released);
    if (!result?.hasMarks) return noResultText(name, released);
    const s = result.summary;
    return resultText(name, released, {
      curriculum: result.curriculum,
      division: s.division,
      aggregate: s.aggregate,
      points: s.points,
      pointsMax: result.pointsMax,
      principalPasses: s.principal_passes,
      result: s.result,
      resultReason: s.result_reason ?? null,
      average: s.average,
      position: s.position,
      outOf: s.out_of,
    });
  }
  const next = termAfter(now.year, now.term);
  const [dates, fees] = await Promise.all([
    scope.db
      .select({
        year: termDates.year,
        term: termDates.term,
        opensOn: termDates.opensOn,
        nextTermBegins: termDates.nextTermBegins,
      })
      .from(termDates)
      .where(scope.mine(termDates, or(eq(termDates.year, next.year), eq(termDates.year, now.year)))),
    nextTermFees(scope, [child.id], now),
  ]);
  const own = dates.find((d) => d.year === next.year && d.term === next.term);
  const said = dates.find((d) => d.year === now.year && d.term === now.term)?.nextTermBegins;
  const opensOn = own?.opensOn ?? said ?? null;
  return nextTermText(name, next, opensOn ? String(opensOn).slice(0, 10) : null, fees.get(child.id) ?? null);
}

import { type ParentLineAnswer, parentLineAnswerNames } from '@somero/contract';
import { dayMonthYear } from '../../documents/format.js';

/**
 * The parents' line's pure rules: reading a USSD step, fitting answers to a phone's screen, the words of
 * each answer and reading a text message's question. No database here.
 */

/** A gateway's screen: about 160 characters, the `CON `/`END ` included. */
export const screenSize = 160;
/** What the parent types for the next screen of a long answer. */
export const moreKey = '98';
const moreLine = `\n${moreKey} More`;

/** The choices so far: AT posts them joined by `*`, an empty text for the first step. */
export function ussdSteps(text: string): string[] {
  const trimmed = text.trim();
  return trimmed === '' ? [] : trimmed.split('*').map((s) => s.trim());
}

/** A choice typed as a number of a list of `n` (1…n), or null. */
export function choiceOf(step: string | undefined, n: number): number | null {
  if (step === undefined || !/^\d{1,3}$/.test(step)) return null;
  const k = Number(step);
  return k >= 1 && k <= n ? k - 1 : null;
}

/** Words cut to fit `max` characters, whole words where it can. */
function wrap(line: string, max: number): string[] {
  const out: string[] = [];
  let rest = line.trim();
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max);
    if (cut <= 0) cut = max;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/**
 * An answer as screens: each screen of a long answer has room for the "98 More" line after it and the
 * `CON ` before it; lines are kept whole where they fit.
 */
export function pagesOf(text: string, size = screenSize): string[] {
  const room = size - 'CON '.length - moreLine.length;
  const lines = text.split('\n').flatMap((l) => wrap(l, room));
  // The whole answer on one screen when it fits with `END `.
  if (lines.join('\n').length <= size - 'END '.length) return [lines.join('\n')];
  const pages: string[] = [];
  let page = '';
  for (const line of lines) {
    const next = page ? `${page}\n${line}` : line;
    if (next.length > room) {
      pages.push(page);
      page = line;
    } else page = next;
  }
  if (page) pages.push(page);
  return pages;
}

/** One screen of an answer: `CON …` with "98 More" while more follow, `END …` on the last. */
export const screen = (pages: string[], index: number) =>
  index < pages.length - 1 ? `CON ${pages[index]}${moreLine}` : `END ${pages[Math.min(index, pages.length - 1)]}`;

/** A numbered menu fitted to one screen (long names cut). */
export function menu(title: string, items: string[]): string {
  const room = screenSize - 'CON '.length;
  const each = Math.max(12, Math.floor((room - title.length - 1) / Math.max(1, items.length)) - 4);
  const lines = items.map((item, i) => `${i + 1}. ${item.length > each ? `${item.slice(0, each - 1).trim()}.` : item}`);
  return `CON ${[title, ...lines].join('\n')}`.slice(0, screenSize);
}

export const ugx = (n: number) => `UGX ${Math.round(n).toLocaleString('en-US')}`;
export const termLabel = (t: { year: number; term: number }) => `Term ${t.term} ${t.year}`;

export const texts = {
  unknownNumber: 'END This phone number is not registered with a school on Somero. Please ask the school to record it.',
  lineClosed: "END Your school's line is not available at the moment. Please contact the school.",
  notOnMenu: 'END That choice is not on the menu. Please dial again.',
  nothingOffered: 'END Your school does not answer questions by phone yet.',
  tooMany: 'END Too many requests from this phone. Please try again in a few minutes.',
  fault: 'END Sorry, we cannot answer just now. Please try again later.',
  chooseSchool: 'Choose the school:',
  chooseChild: 'Choose your child:',
};

/** The menu's title: the child's first name. */
export const menuTitle = (child: string) => `${child}:`;
export const answerNames = (answers: ParentLineAnswer[]) => answers.map((a) => parentLineAnswerNames[a]);

/** What the fees answer says: the balance for the term and what is overdue (owed from earlier terms). */
export function feesText(child: string, term: { year: number; term: number }, balance: number, overdue: number) {
  const head = `${child}, ${termLabel(term)}:`;
  if (balance <= 0)
    return balance < 0 ? `${head}\nNo fees owed. Credit ${ugx(-balance)}.` : `${head}\nNo fees owed. Thank you.`;
  const owed = `${head}\nFees balance ${ugx(balance)}.`;
  const late = Math.min(overdue, balance);
  return late > 0 ? `${owed}\nOverdue from earlier terms: ${ugx(late)}.` : owed;
}

export interface PaymentLine {
  date: string;
  amount: number;
  receiptNo: number | null;
}

/** The last payments, newest first, each with its receipt number, and the balance after them. */
export function paymentsText(child: string, payments: PaymentLine[], balance: number) {
  const after = balance > 0 ? `Balance now ${ugx(balance)}.` : 'No fees owed now.';
  if (!payments.length) return `No fees payments recorded for ${child}.\n${after}`;
  return [
    `Last payments for ${child}:`,
    ...payments.map(
      (p) => `${dayMonthYear(p.date)}: ${ugx(p.amount)} paid${p.receiptNo ? `, receipt no. ${p.receiptNo}` : ''}.`,
    ),
    after,
  ].join('\n');
}

export interface ResultFigures {
  curriculum: 'old' | 'new' | 'alevel';
  division: number | null;
  aggregate: number | null;
  points: number | null;
  pointsMax: number | null;
  principalPasses: number | null;
  result: number | null;
  resultReason?: string | null;
  average: number | null;
  position: number | null;
  outOf: number;
}

export const notReleasedText = (term: { year: number; term: number } | null) =>
  term
    ? `Results for ${termLabel(term)} are not yet released. Please ask again later.`
    : 'Results are not yet released. Please ask again later.';
export const withheldText = (child: string, term: { year: number; term: number }) =>
  `${child}'s report card for ${termLabel(term)} is withheld for fees. Please see the bursar.`;
export const noResultText = (child: string, term: { year: number; term: number }) =>
  `No results are recorded for ${child} in ${termLabel(term)}.`;

/** The term's result as the report card states it: division and aggregate, points, or the new curriculum's result. */
export function resultText(child: string, term: { year: number; term: number }, r: ResultFigures) {
  const parts: string[] = [];
  if (r.curriculum === 'old' && r.division !== null) {
    parts.push(`Division ${r.division}${r.aggregate !== null ? `, aggregate ${r.aggregate}` : ''}.`);
    if (r.resultReason) parts.push(r.resultReason);
  } else if (r.curriculum === 'alevel' && r.points !== null) {
    parts.push(
      `${r.points} points${r.pointsMax ? ` of ${r.pointsMax}` : ''}${r.principalPasses !== null ? `, ${r.principalPasses} principal pass${r.principalPasses === 1 ? '' : 'es'}` : ''}.`,
    );
  } else if (r.curriculum === 'new' && r.result !== null) {
    parts.push(`Result ${r.result}.`);
  }
  if (r.average !== null) parts.push(`Average ${Math.round(r.average * 10) / 10}.`);
  if (r.position !== null) parts.push(`Position ${r.position} of ${r.outOf}.`);
  if (!parts.length) return noResultText(child, term);
  return `${child}, ${termLabel(term)}:\n${parts.join('\n')}`;
}

export function nextTermText(
  child: string,
  next: { year: number; term: number },
  opensOn: string | null,
  fees: number | null,
) {
  const when = opensOn
    ? `${termLabel(next)} opens on ${dayMonthYear(opensOn)}.`
    : `The opening date of ${termLabel(next)} is not yet set.`;
  const money = fees ? `Fees for ${child}: ${ugx(fees)}.` : `Next term's fees for ${child} are not yet set.`;
  return `${when}\n${money}`;
}

/** A text message's question: its keyword and the child it names (admission number or first name). */
export function smsQuestion(text: string): { asked: ParentLineAnswer | null; child: string | null } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const keyword = (words[0] ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const asked: ParentLineAnswer | null = ['BAL', 'BALANCE', 'FEES'].includes(keyword)
    ? 'fees'
    : ['PAY', 'PAYMENT', 'PAYMENTS'].includes(keyword)
      ? 'payments'
      : ['RESULTS', 'RESULT'].includes(keyword)
        ? 'results'
        : null;
  const child = words.slice(1).join(' ').trim();
  return { asked, child: child ? child.slice(0, 60) : null };
}

const keywordOf: Record<ParentLineAnswer, string | null> = {
  fees: 'BAL',
  payments: 'PAY',
  results: 'RESULTS',
  next_term: null,
};

/** The one help line: the keywords this school answers. */
export function helpText(school: string, answers: ParentLineAnswer[]) {
  const words = answers.map((a) => keywordOf[a]).filter((k): k is string => k !== null);
  if (!words.length) return `${school} does not answer questions by text message.`;
  return `${school}: send ${words.join(', ')} and your child's first name if you have several children, e.g. ${words[0]} Brian.`;
}

/** Whether a child answers to what the message named: the admission number or one of the names. */
export function childMatches(child: { admissionNo: string; surname: string; otherNames: string }, named: string) {
  const n = named.trim().toLowerCase();
  if (!n) return true;
  if (child.admissionNo.toLowerCase() === n) return true;
  const names = `${child.otherNames} ${child.surname}`.toLowerCase().split(/\s+/);
  return n.split(/\s+/).every((w) => names.includes(w));
}

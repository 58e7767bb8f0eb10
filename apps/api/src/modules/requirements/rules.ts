// The requirements' arithmetic, without I/O: which list lines a student's term takes, what money paid
// instead stands for, and the running balance per item that carries what was not brought into the
// next term as arrears (ARCHITECTURE §10, Requirements).

/** Items are the same across terms when their names match without case or surrounding spaces. */
export const itemKey = (name: string) => name.trim().toLowerCase();

/** Terms in order: 2026 term 1 is 6078. */
export const termIndex = (year: number, term: number) => year * 3 + term - 1;

export const shillings = (n: number) => `UGX ${n.toLocaleString('en-US')}`;

export interface ListLine {
  year: number;
  term: number;
  classId: number;
  /** 'all', 'day' or 'boarding'. */
  section: string;
  /** 'all' or 'new' (new entrants only). */
  entrants: string;
  name: string;
  quantity: number;
  moneyValue: number | null;
}

export interface Enrolment {
  year: number;
  term: number;
  classId: number;
  section: string;
  isNew: boolean;
}

export interface Given {
  year: number;
  term: number;
  item: string;
  brought: number;
  paid: number;
}

export interface Opening {
  name: string;
  quantity: number;
  moneyValue: number | null;
}

/** The list lines a student's term takes: their class, their section (or both), everyone's or new entrants'. */
export function linesFor(lines: readonly ListLine[], e: Enrolment): ListLine[] {
  return lines.filter(
    (l) =>
      l.year === e.year &&
      l.term === e.term &&
      l.classId === e.classId &&
      (l.section === 'all' || l.section === e.section) &&
      (l.entrants === 'all' || (l.entrants === 'new' && e.isNew)),
  );
}

/** How many items money paid instead stands for (none when money is not accepted). */
export const paidItems = (paid: number, value: number | null) => (value && value > 0 ? Math.floor(paid / value) : 0);

/**
 * Why money paid instead cannot be recorded, or null: the item must take money, and the money must be a
 * whole number of items (a parent's part payment waits until it makes a whole item).
 */
export function paidProblem(paid: number, value: number | null, name: string): string | null {
  if (paid === 0) return null;
  if (!value) return `Money is not accepted instead of ${name}`;
  if (paid % value !== 0) return `Money paid instead must be a whole number of items (${shillings(value)} each)`;
  return null;
}

export interface Figures {
  name: string;
  carried: number;
  required: number;
  brought: number;
  paid: number;
  paid_items: number;
  owed: number;
  money_value: number | null;
}

export interface TermStatement {
  year: number;
  term: number;
  classId: number;
  section: string;
  isNew: boolean;
  /** By item key, in list order, then items carried or brought that are not on this term's list. */
  items: Map<string, Figures>;
}

/**
 * A student's requirements term by term. Arrears from before Somero open the balance; each enrolled
 * term adds its list; what was brought and the items paid for in money come off; what is still owed at
 * the end of a term is carried into the next (never below zero: an extra item is not credit).
 */
export function statementOf(
  enrolments: readonly Enrolment[],
  lines: readonly ListLine[],
  given: readonly Given[],
  opening: readonly Opening[],
): TermStatement[] {
  const owed = new Map<string, number>();
  const names = new Map<string, string>();
  const values = new Map<string, number | null>();
  for (const o of opening) {
    const key = itemKey(o.name);
    owed.set(key, (owed.get(key) ?? 0) + o.quantity);
    if (!names.has(key)) names.set(key, o.name.trim());
    if (o.moneyValue) values.set(key, o.moneyValue);
  }
  const terms = [...enrolments].sort((a, b) => termIndex(a.year, a.term) - termIndex(b.year, b.term));
  const out: TermStatement[] = [];
  for (const e of terms) {
    const required = new Map<string, number>();
    for (const l of linesFor(lines, e)) {
      const key = itemKey(l.name);
      required.set(key, (required.get(key) ?? 0) + l.quantity);
      names.set(key, l.name.trim());
      // This term's money value; an item on the list without one takes no money this term.
      values.set(key, l.moneyValue);
    }
    const got = new Map<string, { brought: number; paid: number }>();
    for (const g of given) {
      if (g.year !== e.year || g.term !== e.term) continue;
      const key = itemKey(g.item);
      const now = got.get(key) ?? { brought: 0, paid: 0 };
      got.set(key, { brought: now.brought + g.brought, paid: now.paid + g.paid });
      if (!names.has(key)) names.set(key, g.item.trim());
    }
    const keys = new Set([...required.keys(), ...[...owed].filter(([, n]) => n > 0).map(([k]) => k), ...got.keys()]);
    const items = new Map<string, Figures>();
    for (const key of keys) {
      const carried = owed.get(key) ?? 0;
      const req = required.get(key) ?? 0;
      const { brought, paid } = got.get(key) ?? { brought: 0, paid: 0 };
      const value = values.get(key) ?? null;
      const items_ = paidItems(paid, value);
      const left = Math.max(0, carried + req - brought - items_);
      owed.set(key, left);
      items.set(key, {
        name: names.get(key) ?? key,
        carried,
        required: req,
        brought,
        paid,
        paid_items: items_,
        owed: left,
        money_value: value,
      });
    }
    out.push({ year: e.year, term: e.term, classId: e.classId, section: e.section, isNew: e.isNew, items });
  }
  return out;
}

/** Of the arrears carried into a term, how many were brought or paid for in it (what comes in clears the oldest first). */
export const clearedOf = (f: Pick<Figures, 'carried' | 'brought' | 'paid_items'>) =>
  Math.min(f.carried, f.brought + f.paid_items);

/** What an item owed now across a student's terms comes to: the last term's owed (or the opening arrears). */
export function owedNow(statement: readonly TermStatement[], opening: readonly Opening[]) {
  const last = statement.at(-1);
  if (!last) {
    const sums = new Map<string, { item: string; quantity: number; money_value: number | null }>();
    for (const o of opening) {
      const key = itemKey(o.name);
      const now = sums.get(key) ?? { item: o.name.trim(), quantity: 0, money_value: o.moneyValue };
      sums.set(key, { ...now, quantity: now.quantity + o.quantity });
    }
    return [...sums.values()];
  }
  return [...last.items.values()]
    .filter((f) => f.owed > 0)
    .map((f) => ({ item: f.name, quantity: f.owed, money_value: f.money_value }));
}

/** Sums of a report's lines per item, in the order items first appear. */
export function totalsByItem(lines: readonly (Figures & { item: string })[]) {
  const sums = new Map<
    string,
    { item: string; carried: number; required: number; brought: number; paid: number; owed: number; students: number }
  >();
  for (const l of lines) {
    const key = itemKey(l.item);
    const s = sums.get(key) ?? { item: l.item, carried: 0, required: 0, brought: 0, paid: 0, owed: 0, students: 0 };
    s.carried += l.carried;
    s.required += l.required;
    s.brought += l.brought;
    s.paid += l.paid;
    s.owed += l.owed;
    s.students += 1;
    sums.set(key, s);
  }
  return [...sums.values()];
}

/** What a save added, per item: quantity brought and money paid (the store's seam: stock to receive). */
export function receivedOf(changes: readonly { item: string; before: Given | null; after: Given }[]) {
  const sums = new Map<string, { item: string; quantity: number; paid: number }>();
  for (const c of changes) {
    const key = itemKey(c.item);
    const s = sums.get(key) ?? { item: c.item.trim(), quantity: 0, paid: 0 };
    s.quantity += c.after.brought - (c.before?.brought ?? 0);
    s.paid += c.after.paid - (c.before?.paid ?? 0);
    sums.set(key, s);
  }
  return [...sums.values()].filter((s) => s.quantity !== 0 || s.paid !== 0);
}

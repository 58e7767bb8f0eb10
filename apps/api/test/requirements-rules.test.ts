import { describe, expect, it } from 'vitest';
import {
  clearedOf,
  type Enrolment,
  type Given,
  itemKey,
  type ListLine,
  linesFor,
  owedNow,
  paidItems,
  paidProblem,
  receivedOf,
  statementOf,
  termIndex,
  totalsByItem,
} from '../src/modules/requirements/rules.js';

const S1 = 1;
const S2 = 2;
const line = (year: number, term: number, name: string, quantity: number, extra: Partial<ListLine> = {}): ListLine => ({
  year,
  term,
  classId: S1,
  section: 'all',
  entrants: 'all',
  name,
  quantity,
  moneyValue: null,
  ...extra,
});
const enrolled = (year: number, term: number, extra: Partial<Enrolment> = {}): Enrolment => ({
  year,
  term,
  classId: S1,
  section: 'day',
  isNew: false,
  ...extra,
});
const gave = (year: number, term: number, item: string, brought: number, paid = 0): Given => ({
  year,
  term,
  item,
  brought,
  paid,
});
const fig = (statement: ReturnType<typeof statementOf>, i: number, key: string) => statement[i].items.get(key);

describe('which list lines a student takes', () => {
  const lines = [
    line(2026, 1, 'Ream of paper', 2),
    line(2026, 1, 'Mattress', 1, { section: 'boarding', entrants: 'new' }),
    line(2026, 1, 'Squeegee', 1, { section: 'day' }),
    line(2026, 1, 'Hoe', 1, { classId: S2 }),
    line(2026, 2, 'Toilet paper', 6),
  ];
  it('matches class, term, section and new entrants', () => {
    expect(linesFor(lines, enrolled(2026, 1)).map((l) => l.name)).toEqual(['Ream of paper', 'Squeegee']);
    expect(linesFor(lines, enrolled(2026, 1, { section: 'boarding', isNew: true })).map((l) => l.name)).toEqual([
      'Ream of paper',
      'Mattress',
    ]);
    expect(linesFor(lines, enrolled(2026, 1, { section: 'boarding' })).map((l) => l.name)).toEqual(['Ream of paper']);
    expect(linesFor(lines, enrolled(2026, 1, { classId: S2 })).map((l) => l.name)).toEqual(['Hoe']);
    expect(linesFor(lines, enrolled(2026, 3))).toEqual([]);
  });
});

describe('money paid instead', () => {
  it('stands for whole items at the money value', () => {
    expect(paidItems(40_000, 20_000)).toBe(2);
    expect(paidItems(30_000, 20_000)).toBe(1);
    expect(paidItems(40_000, null)).toBe(0);
  });
  it('is refused for an item that takes no money, or for part of an item', () => {
    expect(paidProblem(0, null, 'Hoe')).toBeNull();
    expect(paidProblem(15_000, null, 'Hoe')).toBe('Money is not accepted instead of Hoe');
    expect(paidProblem(30_000, 20_000, 'Ream')).toBe(
      'Money paid instead must be a whole number of items (UGX 20,000 each)',
    );
    expect(paidProblem(40_000, 20_000, 'Ream')).toBeNull();
  });
});

describe('a student’s statement', () => {
  const lines = [
    line(2026, 1, 'Ream of paper', 2, { moneyValue: 20_000 }),
    line(2026, 1, 'Hoe', 1),
    line(2026, 2, 'Ream of paper', 2, { moneyValue: 25_000 }),
    line(2026, 2, 'Toilet paper', 6, { moneyValue: 1_000 }),
  ];
  const terms = [enrolled(2026, 2), enrolled(2026, 1)];

  it('owes what was required less what was brought and paid for, and carries it to the next term', () => {
    const st = statementOf(terms, lines, [gave(2026, 1, 'ream of paper', 1)], []);
    expect(st.map((t) => t.term)).toEqual([1, 2]);
    expect(fig(st, 0, 'ream of paper')).toMatchObject({ carried: 0, required: 2, brought: 1, owed: 1 });
    expect(fig(st, 0, 'hoe')).toMatchObject({ required: 1, owed: 1 });
    expect(fig(st, 1, 'ream of paper')).toMatchObject({ carried: 1, required: 2, owed: 3, money_value: 25_000 });
    // The hoe is not on term 2's list, but it is still owed.
    expect(fig(st, 1, 'hoe')).toMatchObject({ carried: 1, required: 0, owed: 1, money_value: null });
  });

  it('clears arrears brought later (the oldest first) and counts money at that term’s value', () => {
    const st = statementOf(
      terms,
      lines,
      [gave(2026, 1, 'Ream of paper', 1), gave(2026, 2, 'Ream of paper', 1, 50_000), gave(2026, 2, 'HOE ', 1)],
      [],
    );
    const ream = fig(st, 1, 'ream of paper')!;
    expect(ream).toMatchObject({ carried: 1, required: 2, brought: 1, paid: 50_000, paid_items: 2, owed: 0 });
    expect(clearedOf(ream)).toBe(1);
    expect(fig(st, 1, 'hoe')).toMatchObject({ carried: 1, brought: 1, owed: 0 });
    expect(owedNow(st, [])).toEqual([{ item: 'Toilet paper', quantity: 6, money_value: 1_000 }]);
  });

  it('never owes less than nothing: an extra item is not credit for the next term', () => {
    const st = statementOf(terms, lines, [gave(2026, 1, 'Ream of paper', 5), gave(2026, 1, 'Hoe', 1)], []);
    expect(fig(st, 0, 'ream of paper')?.owed).toBe(0);
    expect(fig(st, 1, 'ream of paper')).toMatchObject({ carried: 0, owed: 2 });
  });

  it('opens with the arrears from before Somero, whose money value counts until a list gives one', () => {
    const opening = [{ name: 'Broom', quantity: 2, moneyValue: 5_000 }];
    const st = statementOf(terms, lines, [gave(2026, 1, 'Broom', 0, 5_000)], opening);
    expect(fig(st, 0, 'broom')).toMatchObject({ carried: 2, required: 0, paid_items: 1, owed: 1 });
    expect(fig(st, 1, 'broom')).toMatchObject({ carried: 1, owed: 1 });
    expect(owedNow([], opening)).toEqual([{ item: 'Broom', quantity: 2, money_value: 5_000 }]);
  });

  it('gives a student who moved class or section their new list from that term', () => {
    const moved = [enrolled(2026, 1), enrolled(2026, 2, { classId: S2 })];
    const st = statementOf(moved, [...lines, line(2026, 2, 'Slasher', 1, { classId: S2 })], [], []);
    expect([...st[1].items.keys()].sort()).toEqual(['hoe', 'ream of paper', 'slasher']);
    expect(fig(st, 1, 'ream of paper')).toMatchObject({ carried: 2, required: 0, owed: 2 });
  });
});

describe('sums', () => {
  it('totals a report per item and says what a save brought in', () => {
    const f = { carried: 1, required: 2, brought: 1, paid: 0, paid_items: 0, owed: 2, money_value: null, name: '' };
    expect(
      totalsByItem([
        { ...f, item: 'Hoe' },
        { ...f, item: 'hoe', brought: 3, owed: 0 },
        { ...f, item: 'Broom' },
      ]),
    ).toEqual([
      { item: 'Hoe', carried: 2, required: 4, brought: 4, paid: 0, owed: 2, students: 2 },
      { item: 'Broom', carried: 1, required: 2, brought: 1, paid: 0, owed: 2, students: 1 },
    ]);
    expect(
      receivedOf([
        { item: 'Hoe', before: null, after: gave(2026, 1, 'Hoe', 1) },
        { item: 'hoe', before: gave(2026, 1, 'Hoe', 1), after: gave(2026, 1, 'Hoe', 3) },
        { item: 'Broom', before: gave(2026, 1, 'Broom', 1), after: gave(2026, 1, 'Broom', 1) },
      ]),
    ).toEqual([{ item: 'Hoe', quantity: 3, paid: 0 }]);
    expect(itemKey('  Ream of Paper ')).toBe('ream of paper');
  });
});

describe('the edges of a statement', () => {
  it('orders terms across years: 2026 term 1 is 6078, term 3 comes before the next year’s term 1', () => {
    expect(termIndex(2026, 1)).toBe(6078);
    expect(termIndex(2026, 3)).toBe(6080);
    expect(termIndex(2027, 1)).toBe(6081);
    const st = statementOf([enrolled(2027, 1), enrolled(2026, 3)], [], [], []);
    expect(st.map((t) => `${t.year}/${t.term}`)).toEqual(['2026/3', '2027/1']);
  });

  it('takes money only at a positive value, and a new entrant’s list only when new', () => {
    expect(paidItems(40_000, 0)).toBe(0);
    expect(paidItems(19_999, 20_000)).toBe(0);
    expect(paidProblem(5_000, 0, 'Hoe')).toBe('Money is not accepted instead of Hoe');
    const lines = [line(2026, 1, 'Mattress', 1, { entrants: 'new' })];
    expect(linesFor(lines, enrolled(2026, 1, { isNew: true }))).toHaveLength(1);
    expect(linesFor(lines, enrolled(2026, 1, { isNew: false }))).toHaveLength(0);
    expect(linesFor([line(2025, 1, 'Hoe', 1)], enrolled(2026, 1))).toHaveLength(0);
  });

  it('counts only what was given in that very term, and names an item given that is on no list', () => {
    const given = [gave(2025, 1, 'Hoe', 1), gave(2026, 2, 'Hoe', 1), gave(2026, 1, '  Jerrycan ', 2)];
    const st = statementOf([enrolled(2026, 1)], [line(2026, 1, 'Hoe', 1)], given, []);
    expect(fig(st, 0, 'hoe')).toMatchObject({ required: 1, brought: 0, owed: 1 });
    expect(fig(st, 0, 'jerrycan')).toEqual({
      name: 'Jerrycan',
      carried: 0,
      required: 0,
      brought: 2,
      paid: 0,
      paid_items: 0,
      owed: 0,
      money_value: null,
    });
  });

  it('adds up two lines and two gifts of one item in a term, and drops an item once cleared', () => {
    const lines = [
      line(2026, 1, 'Ream of paper', 1, { moneyValue: 20_000 }),
      line(2026, 1, ' ream of paper', 2, { moneyValue: 20_000 }),
      line(2026, 2, 'Toilet paper', 6),
    ];
    const given = [gave(2026, 1, 'Ream of paper', 1, 20_000), gave(2026, 1, 'REAM OF PAPER', 1, 0)];
    const st = statementOf([enrolled(2026, 1), enrolled(2026, 2)], lines, given, []);
    expect(fig(st, 0, 'ream of paper')).toEqual({
      name: 'ream of paper',
      carried: 0,
      required: 3,
      brought: 2,
      paid: 20_000,
      paid_items: 1,
      owed: 0,
      money_value: 20_000,
    });
    expect([...st[1].items.keys()]).toEqual(['toilet paper']);
    expect(st[1]).toMatchObject({ year: 2026, term: 2, classId: S1, section: 'day', isNew: false });
  });

  it('opens with arrears named as first written, added up per item, without a money value when none was given', () => {
    const opening = [
      { name: ' Broom ', quantity: 2, moneyValue: null },
      { name: 'broom', quantity: 1, moneyValue: null },
    ];
    const st = statementOf([enrolled(2026, 1)], [], [gave(2026, 1, 'BROOM', 0, 5_000)], opening);
    expect(fig(st, 0, 'broom')).toMatchObject({ name: 'Broom', carried: 3, paid_items: 0, owed: 3, money_value: null });
    expect(owedNow([], opening)).toEqual([{ item: 'Broom', quantity: 3, money_value: null }]);
    expect(owedNow(st, opening)).toEqual([{ item: 'Broom', quantity: 3, money_value: null }]);
    expect(owedNow([], [])).toEqual([]);
    // A later opening line without a money value does not take away the one an earlier line gave.
    const valued = [
      { name: 'Broom', quantity: 2, moneyValue: 5_000 },
      { name: 'broom', quantity: 1, moneyValue: null },
    ];
    const paid = statementOf([enrolled(2026, 1)], [], [gave(2026, 1, 'Broom', 0, 5_000)], valued);
    expect(fig(paid, 0, 'broom')).toMatchObject({ carried: 3, paid_items: 1, owed: 2, money_value: 5_000 });
    // What is owed now is the last term's: one term paid off leaves nothing, whatever the arrears were.
    const cleared = statementOf([enrolled(2026, 1)], [], [gave(2026, 1, 'Broom', 3)], valued);
    expect(owedNow(cleared, valued)).toEqual([]);
    expect(clearedOf({ carried: 3, brought: 1, paid_items: 1 })).toBe(2);
  });

  it('says what a save brought in: money paid counts, and a correction down takes back', () => {
    expect(
      receivedOf([
        { item: ' Ream ', before: null, after: gave(2026, 1, 'Ream', 0, 20_000) },
        { item: 'Hoe', before: gave(2026, 1, 'Hoe', 3, 10_000), after: gave(2026, 1, 'Hoe', 1, 0) },
      ]),
    ).toEqual([
      { item: 'Ream', quantity: 0, paid: 20_000 },
      { item: 'Hoe', quantity: -2, paid: -10_000 },
    ]);
    const f = {
      carried: 0,
      required: 1,
      brought: 0,
      paid: 5_000,
      paid_items: 1,
      owed: 0,
      money_value: 5_000,
      name: '',
    };
    expect(
      totalsByItem([
        { ...f, item: 'Broom' },
        { ...f, item: 'BROOM ' },
      ]),
    ).toEqual([{ item: 'Broom', carried: 0, required: 2, brought: 0, paid: 10_000, owed: 0, students: 2 }]);
  });
});

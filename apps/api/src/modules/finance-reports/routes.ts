import {
  type AccountAnalysis,
  accountAnalysis,
  type CashActivity,
  type CashFlow,
  cashFlow,
  financialYears,
  type IncomeExpenditure,
  type IncomeStatement,
  incomeExpenditure,
  incomeStatement,
  type ReportPeriod,
  reportPeriods,
  termDates,
} from '@somero/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { today } from '../../core/dates.js';
import { NotFound } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { periodText, type ReportRow, type ReportTable } from '../../documents/finance-reports.js';
import { dayMonthYear } from '../../documents/format.js';
import { heavyRows, renderDocument } from '../../documents/heavy.js';
import type { ModuleContext } from '../module.js';
import { checkRange } from '../reports.js';
import { calendarOf, currentTerm, schoolForDocuments } from '../settings/index.js';
import {
  type AccountSums,
  cashFlowOf,
  incomeSections,
  monthsOf,
  runningBalance,
  type TermDates,
  termBefore,
  termPeriod,
  trialBalanceOf,
} from './finance-rules.js';

const n = (v: unknown) => Number(v ?? 0);

/** Each account's debits and credits between two days (accounts with no line in the range are left out). */
async function periodSums(scope: SchoolScope, from: string, to: string): Promise<AccountSums[]> {
  const rows = await sqlRows<Record<string, unknown>>(
    scope.db,
    sql`select a.id, a.code, a.name, a.type, sum(l.debit) as debit, sum(l.credit) as credit
        from journal_lines l
        join accounts a on a.school_id = l.school_id and a.id = l.account_id
        where l.school_id = ${scope.schoolId} and l.date >= ${from} and l.date <= ${to}
        group by a.id, a.code, a.name, a.type`,
  );
  return rows.map((r) => ({
    account_id: n(r.id),
    code: String(r.code),
    name: String(r.name),
    type: String(r.type),
    debit: n(r.debit),
    credit: n(r.credit),
  }));
}

async function incomeStatementOf(scope: SchoolScope, from: string, to: string): Promise<IncomeStatement> {
  return { from, to, ...incomeSections(await periodSums(scope, from, to)) };
}

async function incomeExpenditureOf(scope: SchoolScope, from: string, to: string): Promise<IncomeExpenditure> {
  const [statement, perMonth] = await Promise.all([
    incomeStatementOf(scope, from, to),
    sqlRows<Record<string, unknown>>(
      scope.db,
      sql`select to_char(l.date, 'YYYY-MM') as month, a.type, sum(l.debit) as debit, sum(l.credit) as credit
          from journal_lines l
          join accounts a on a.school_id = l.school_id and a.id = l.account_id
          where l.school_id = ${scope.schoolId} and l.date >= ${from} and l.date <= ${to}
            and a.type in ('income', 'expense')
          group by 1, a.type`,
    ),
  ]);
  const months = monthsOf(
    perMonth.map((r) => ({ month: String(r.month), type: String(r.type), debit: n(r.debit), credit: n(r.credit) })),
  );
  return { ...statement, months };
}

async function cashFlowFor(scope: SchoolScope, from: string, to: string): Promise<CashFlow> {
  const [modes, sums] = await Promise.all([
    sqlRows<Record<string, unknown>>(
      scope.db,
      // A mode's opening balance (the figure it started with) opens the cash whatever its date.
      sql`select a.id, a.code, a.name,
            coalesce(sum(l.debit - l.credit) filter (where l.date < ${from}
              or (e.source_kind = 'opening_balance' and l.date <= ${to})), 0) as opening
          from accounts a
          left join journal_lines l on l.school_id = a.school_id and l.account_id = a.id
          left join journal_entries e on e.school_id = l.school_id and e.id = l.entry_id
          where a.school_id = ${scope.schoolId} and a.key like 'mode:%'
          group by a.id, a.code, a.name`,
    ),
    sqlRows<Record<string, unknown>>(
      scope.db,
      sql`select l.account_id, e.source_kind, (e.reverses is not null) as reversal,
            sum(l.debit) as debit, sum(l.credit) as credit
          from journal_lines l
          join accounts a on a.school_id = l.school_id and a.id = l.account_id
          join journal_entries e on e.school_id = l.school_id and e.id = l.entry_id
          where l.school_id = ${scope.schoolId} and a.key like 'mode:%' and l.date >= ${from} and l.date <= ${to}
            and e.source_kind <> 'opening_balance'
          group by l.account_id, e.source_kind, (e.reverses is not null)`,
    ),
  ]);
  const accounts = modes
    .map((m) => ({ account_id: n(m.id), code: String(m.code), name: String(m.name), opening: n(m.opening) }))
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }));
  const flow = cashFlowOf(
    accounts,
    sums.map((s) => ({
      account_id: n(s.account_id),
      source_kind: String(s.source_kind),
      reversal: s.reversal === true || s.reversal === 't',
      debit: n(s.debit),
      credit: n(s.credit),
    })),
  );
  return { from, to, ...flow };
}

async function accountAnalysisOf(
  scope: SchoolScope,
  from: string,
  to: string,
  accountId: number | undefined,
): Promise<AccountAnalysis> {
  if (accountId === undefined) {
    const rows = await sqlRows<Record<string, unknown>>(
      scope.db,
      sql`select a.id, a.code, a.name, a.type,
            coalesce(sum(l.debit) filter (where l.date < ${from}), 0) as opening_debit,
            coalesce(sum(l.credit) filter (where l.date < ${from}), 0) as opening_credit,
            coalesce(sum(l.debit) filter (where l.date >= ${from} and l.date <= ${to}), 0) as debit,
            coalesce(sum(l.credit) filter (where l.date >= ${from} and l.date <= ${to}), 0) as credit
          from accounts a
          left join journal_lines l on l.school_id = a.school_id and l.account_id = a.id and l.date <= ${to}
          where a.school_id = ${scope.schoolId}
          group by a.id, a.code, a.name, a.type`,
    );
    const balance = trialBalanceOf(
      rows.map((r) => ({
        account_id: n(r.id),
        code: String(r.code),
        name: String(r.name),
        type: String(r.type),
        opening_debit: n(r.opening_debit),
        opening_credit: n(r.opening_credit),
        debit: n(r.debit),
        credit: n(r.credit),
      })),
    );
    return { kind: 'trial_balance', from, to, ...balance };
  }
  const [account] = await sqlRows<Record<string, unknown>>(
    scope.db,
    sql`select a.id, a.code, a.name, a.type,
          coalesce((select sum(l.debit) from journal_lines l where l.school_id = a.school_id and l.account_id = a.id and l.date < ${from}), 0) as debit,
          coalesce((select sum(l.credit) from journal_lines l where l.school_id = a.school_id and l.account_id = a.id and l.date < ${from}), 0) as credit
        from accounts a where a.school_id = ${scope.schoolId} and a.id = ${accountId}`,
  );
  if (!account) throw new NotFound('account');
  const type = String(account.type);
  const opening = runningBalance(type, 0, [{ debit: n(account.debit), credit: n(account.credit) }]).closing;
  const lines = await sqlRows<Record<string, unknown>>(
    scope.db,
    sql`select l.id, l.date::text as date, e.memo, e.reference, e.source_kind, (e.reverses is not null) as reversal, l.debit, l.credit
        from journal_lines l
        join journal_entries e on e.school_id = l.school_id and e.id = l.entry_id
        where l.school_id = ${scope.schoolId} and l.account_id = ${accountId} and l.date >= ${from} and l.date <= ${to}
        order by l.date, l.entry_id, l.id`,
  );
  const run = runningBalance(
    type,
    opening,
    lines.map((l) => ({
      line_id: n(l.id),
      date: String(l.date).slice(0, 10),
      memo: String(l.memo),
      reference: l.reference === null || l.reference === undefined ? null : String(l.reference),
      source_kind: String(l.source_kind),
      reversal: l.reversal === true || l.reversal === 't',
      debit: n(l.debit),
      credit: n(l.credit),
    })),
  );
  return {
    kind: 'account',
    from,
    to,
    account: { account_id: n(account.id), code: String(account.code), name: String(account.name), type },
    opening,
    ...run,
  };
}

const activityNames: Record<CashActivity, string> = {
  fees: 'Fees',
  old_students: "Old students' fees",
  revenues: 'Other revenues',
  expenses: 'Expenses',
  credits_cleared: 'Credits cleared',
  transfers: 'Transfers between modes',
  assets: 'Asset purchases',
  salaries: 'Salaries',
  other: 'Other',
};

const accountColumns = [
  { header: 'Code', key: 'code', width: 10 },
  { header: 'Account', key: 'name', width: 34 },
  { header: 'Amount (UGX)', key: 'amount', kind: 'money' as const, width: 16 },
];

/** The income statement's tables, which the income and expenditure account shares. */
function statementTables(
  r: IncomeStatement,
  words: { income: string; expenses: string; surplus: string },
): ReportTable[] {
  const total = (name: string, amount: number): ReportRow => ({ code: '', name, amount, total: true });
  return [
    {
      heading: words.income,
      columns: accountColumns,
      rows: [...r.income.lines, total(`Total ${words.income.toLowerCase()}`, r.income.total)],
    },
    {
      heading: words.expenses,
      columns: accountColumns,
      rows: [...r.expenses.lines, total(`Total ${words.expenses.toLowerCase()}`, r.expenses.total)],
    },
    { noHeader: true, columns: accountColumns, rows: [total(r.surplus < 0 ? 'Deficit' : words.surplus, r.surplus)] },
  ];
}

function cashFlowTables(r: CashFlow): ReportTable[] {
  const flowColumns = [
    { header: 'Inflow (UGX)', key: 'inflow', kind: 'money' as const },
    { header: 'Outflow (UGX)', key: 'outflow', kind: 'money' as const },
    { header: 'Net (UGX)', key: 'net', kind: 'money' as const },
  ];
  const names = new Map(r.modes.map((m) => [m.account_id, m.name]));
  return [
    {
      heading: 'Cash per payment mode',
      columns: [
        { header: 'Payment mode', key: 'name', width: 28 },
        { header: 'Opening (UGX)', key: 'opening', kind: 'money' },
        ...flowColumns,
        { header: 'Closing (UGX)', key: 'closing', kind: 'money' },
      ],
      rows: [...r.modes, { name: 'Total', ...r.total, total: true }],
    },
    {
      heading: 'Cash per activity',
      columns: [{ header: 'Activity', key: 'activity', width: 28 }, ...flowColumns],
      rows: [
        ...r.activities.map((a) => ({ ...a, activity: activityNames[a.activity] })),
        { activity: 'Total', inflow: r.total.inflow, outflow: r.total.outflow, net: r.total.net, total: true },
      ],
    },
    {
      heading: 'Each mode per activity',
      columns: [
        { header: 'Payment mode', key: 'mode', width: 28 },
        { header: 'Activity', key: 'activity', width: 26 },
        ...flowColumns,
      ],
      rows: r.lines.map((l) => ({ ...l, mode: names.get(l.account_id) ?? '', activity: activityNames[l.activity] })),
    },
  ];
}

function analysisTables(r: AccountAnalysis): ReportTable[] {
  if (r.kind === 'trial_balance')
    return [
      {
        columns: [
          { header: 'Code', key: 'code', width: 10 },
          { header: 'Account', key: 'name', width: 32 },
          { header: 'Type', key: 'type', width: 10 },
          { header: 'Period debit (UGX)', key: 'period_debit', kind: 'money' },
          { header: 'Period credit (UGX)', key: 'period_credit', kind: 'money' },
          { header: 'Debit balance (UGX)', key: 'debit', kind: 'money' },
          { header: 'Credit balance (UGX)', key: 'credit', kind: 'money' },
        ],
        rows: [...r.accounts, { code: '', name: 'Total', type: '', ...r.total, total: true }],
      },
    ];
  return [
    {
      heading: `${r.account.code} ${r.account.name}`,
      columns: [
        { header: 'Date', key: 'date', kind: 'date' },
        { header: 'Memo', key: 'memo', width: 40 },
        { header: 'Reference', key: 'reference', width: 12 },
        { header: 'Debit (UGX)', key: 'debit', kind: 'money' },
        { header: 'Credit (UGX)', key: 'credit', kind: 'money' },
        { header: 'Balance (UGX)', key: 'balance', kind: 'money' },
      ],
      rows: [
        { date: r.from, memo: 'Opening balance', debit: null, credit: null, balance: r.opening, total: true },
        ...r.lines.map((l) => ({
          date: l.date,
          memo: l.memo,
          reference: l.reference,
          debit: l.debit || null,
          credit: l.credit || null,
          balance: l.balance,
        })),
        { date: r.to, memo: 'Totals and closing balance', ...r.total, balance: r.closing, total: true },
      ],
    },
  ];
}

/** Answers a report as JSON, a spreadsheet or a PDF with the school's header. */
async function answer<T>(
  scope: SchoolScope,
  reply: FastifyReply,
  format: 'json' | 'xlsx' | 'pdf',
  data: T & { from: string; to: string },
  doc: { file: string; title: string; tables: (d: T) => ReportTable[]; landscape?: boolean },
) {
  if (format === 'json') return { data };
  const period = periodText(data.from, data.to);
  const tables = doc.tables(data);
  // Written in the document workers, a long report within the school's limit of heavy documents.
  const heavy = tables.reduce((n, t) => n + t.rows.length, 0) > heavyRows;
  if (format === 'xlsx') {
    const sheet = await renderDocument(reply, heavy, 'financeSheet', doc.title, doc.title, period, tables);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${doc.file}.xlsx"`)
      .send(sheet);
  }
  const school = await schoolForDocuments(scope);
  const pdf = await renderDocument(reply, heavy, 'financePdf', school, doc.title, period, tables, doc.landscape);
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.file}.pdf"`).send(pdf);
}

export function financeReportRoutes({ serve }: ModuleContext) {
  serve(reportPeriods, async ({ scope }) => {
    const day = today();
    const now = await currentTerm(scope);
    const last = termBefore(now);
    const years = [...new Set([now.year, last.year, termBefore(last).year])];
    const [set, [year]] = await Promise.all([
      scope.db
        .select({
          year: termDates.year,
          term: termDates.term,
          opensOn: termDates.opensOn,
          closesOn: termDates.closesOn,
        })
        .from(termDates)
        .where(scope.mine(termDates, inArray(termDates.year, years))),
      scope.db
        .select()
        .from(financialYears)
        .where(scope.mine(financialYears, and(eq(financialYears.isCurrent, true)))),
    ]);
    // The school's term dates, else the Ministry's calendar for that term.
    const datesOf = (t: { year: number; term: number }): TermDates => {
      const own = set.find((d) => d.year === t.year && d.term === t.term);
      if (own) return own;
      const [opensOn, closesOn] = calendarOf(t.year)[t.term - 1] as [string, string];
      return { ...t, opensOn, closesOn };
    };
    const period = (key: ReportPeriod['key'], t: { year: number; term: number }): ReportPeriod => ({
      key,
      name: `Term ${t.term} ${t.year}`,
      ...termPeriod(datesOf(t), datesOf(termBefore(t)), day),
    });
    const periods: ReportPeriod[] = [period('this_term', now), period('last_term', last)];
    if (year)
      periods.push({
        key: 'this_financial_year',
        name: year.name,
        from: year.startsOn,
        // biome-ignore lint/complexity/useMathMinMax: the dates are ISO strings, compared as text
        to: year.endsOn < day ? year.endsOn : day < year.startsOn ? year.startsOn : day,
      });
    return { data: periods };
  });

  serve(incomeStatement, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const data = await incomeStatementOf(scope, input.from, input.to);
    return answer(scope, reply, input.format, data, {
      file: 'income_statement',
      title: 'Income Statement',
      tables: (d) => statementTables(d, { income: 'Income', expenses: 'Expenses', surplus: 'Surplus' }),
    });
  });

  serve(incomeExpenditure, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const data = await incomeExpenditureOf(scope, input.from, input.to);
    return answer(scope, reply, input.format, data, {
      file: 'income_expenditure',
      title: 'Income and Expenditure Account',
      tables: (d) => [
        ...statementTables(d, {
          income: 'Income',
          expenses: 'Expenditure',
          surplus: 'Excess of income over expenditure',
        }),
        {
          heading: 'Each month',
          columns: [
            { header: 'Month', key: 'month' },
            { header: 'Income (UGX)', key: 'income', kind: 'money' },
            { header: 'Expenditure (UGX)', key: 'expenses', kind: 'money' },
            { header: 'Surplus (UGX)', key: 'surplus', kind: 'money' },
          ],
          rows: [
            ...d.months.map((m) => ({ ...m, month: dayMonthYear(`${m.month}-01`).replace(/^1 /, '') })),
            { month: 'Total', income: d.income.total, expenses: d.expenses.total, surplus: d.surplus, total: true },
          ],
        },
      ],
    });
  });

  serve(cashFlow, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const data = await cashFlowFor(scope, input.from, input.to);
    return answer(scope, reply, input.format, data, {
      file: 'cash_flow',
      title: 'Cash Flow',
      tables: cashFlowTables,
      landscape: true,
    });
  });

  serve(accountAnalysis, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const data = await accountAnalysisOf(scope, input.from, input.to, input.account_id);
    return answer(scope, reply, input.format, data, {
      file: data.kind === 'account' ? `account_${data.account.code}` : 'trial_balance',
      title: data.kind === 'account' ? 'Account Analysis' : 'Trial Balance',
      tables: analysisTables,
      landscape: data.kind === 'trial_balance',
    });
  });
}

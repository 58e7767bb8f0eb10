import {
  customFeesPaymentsReport,
  customReportColumns,
  feesCategorySummary,
  feesCollectionSummary,
  feesDemandNotes,
  feesPaymentsReport,
  feesPeriodicPaymentsReport,
  feesReminders,
  oldStudentsPeriodicPaymentsReport,
} from '@somero/contract';
import type { FastifyReply } from 'fastify';
import { NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { DemandNote } from '../../../documents/demand-notes.js';
import { demandNotesInWorkers, heavyJob } from '../../../documents/heavy.js';
import type { SheetColumn } from '../../../documents/types.js';
import type { ModuleContext } from '../../module.js';
import { checkRange, sendSheet } from '../../reports.js';
import { schoolDetailsOf, schoolForDocuments } from '../../settings/index.js';
import { balancesOf, type CategoryShare, categoriesOf, expectedOf, shareOut } from './balances.js';
import {
  dailyModeSums,
  type PaymentFilter,
  type Period,
  periodic,
  type ReportPaymentRow,
  reportPayments,
  totalsOf,
} from './payments.js';

const columnHeaders: Record<(typeof customReportColumns)[number], SheetColumn> = {
  receipt_no: { header: 'Receipt No', key: 'receipt_no', width: 11 },
  paid_on: { header: 'Date', key: 'paid_on', width: 12 },
  student_name: { header: 'Student', key: 'student_name', width: 28 },
  admission_no: { header: 'Admission No', key: 'admission_no', width: 14 },
  class_name: { header: 'Class', key: 'class_name', width: 8 },
  stream_name: { header: 'Stream', key: 'stream_name', width: 10 },
  amount: { header: 'Amount (UGX)', key: 'amount', width: 14 },
  mode_name: { header: 'Mode', key: 'mode_name', width: 16 },
  reference: { header: 'Reference', key: 'reference', width: 18 },
  payer: { header: 'Paid by', key: 'payer', width: 18 },
  cashier_name: { header: 'Cashier', key: 'cashier_name', width: 18 },
  term: { header: 'Term', key: 'term', width: 10 },
  status: { header: 'Status', key: 'status', width: 8 },
};

const standardColumns: (typeof customReportColumns)[number][] = [
  'receipt_no',
  'paid_on',
  'student_name',
  'admission_no',
  'class_name',
  'stream_name',
  'amount',
  'mode_name',
  'reference',
  'cashier_name',
];

/** A payment table and its totals row, for the spreadsheet. */
function paymentSheetRows(rows: ReportPaymentRow[], totals: { count: number; amount: number }) {
  return [
    ...rows.map((r) => ({ ...r, term: `Term ${r.term} ${r.year}` })),
    { receipt_no: 'TOTAL', student_name: `${totals.count} payments`, amount: totals.amount },
  ];
}

/** The term the balances are for: the current term (from the balances, else the settings). */
async function currentTermOf(scope: SchoolScope, list: { term: { year: number; term: number } }[]) {
  if (list[0]) return { year: list[0].term.year, term: list[0].term.term };
  const d = await schoolDetailsOf(scope);
  return { year: d.current_year, term: d.current_term };
}

async function periodicReport(
  scope: SchoolScope,
  which: 'fees' | 'old',
  input: { from: string; to: string; period: Period },
) {
  checkRange(input.from, input.to);
  return periodic(await dailyModeSums(scope, which, input.from, input.to), input.from, input.to, input.period);
}

function periodicSheet(reply: FastifyReply, fileName: string, report: Awaited<ReturnType<typeof periodicReport>>) {
  const columns: SheetColumn[] = [
    { header: 'Period', key: 'period', width: 20 },
    { header: 'From', key: 'start', width: 12 },
    { header: 'To', key: 'end', width: 12 },
    ...report.modes.map((m, i) => ({ header: m.mode_name, key: `m${i}`, width: 16 })),
    { header: 'Payments', key: 'count', width: 10 },
    { header: 'Total (UGX)', key: 'total', width: 16 },
  ];
  const flat = (r: { by_mode: Record<string, number> }) =>
    Object.fromEntries(report.modes.map((m, i) => [`m${i}`, r.by_mode[m.mode_name] ?? 0]));
  const rows = [
    ...report.rows.map((r) => ({ ...r, ...flat(r) })),
    {
      period: 'TOTAL',
      ...Object.fromEntries(
        report.totals.by_mode.map((m) => [`m${report.modes.findIndex((x) => x.mode_id === m.mode_id)}`, m.amount]),
      ),
      count: report.totals.count,
      total: report.totals.amount,
    },
  ];
  return sendSheet(reply, fileName, 'Collections', columns, rows);
}

export { type FeesTiles, feesTiles } from './balances.js';

/** Fees reports (issue 4). */
export function feesReportsRoutes({ serve, notices }: ModuleContext) {
  // The summary's defaulters (same filter and minimum), each guardian reminded with their own balance.
  serve(feesReminders, async ({ scope, input }) => {
    const { list, facts } = await balancesOf(scope, {
      classId: input.class_id,
      streamId: input.stream_id,
      figuresOnly: true,
    });
    const owing = list.filter((b) => facts.has(b.studentId) && b.balance > input.min_balance);
    if (!owing.length) throw new Refusal('Nobody on this summary owes more than the minimum balance.');
    const sent = await notices.toGuardians(
      scope,
      owing.map((b) => ({ studentId: b.studentId, balance: b.balance })),
      input.message,
      `Fee reminder: students owing more than UGX ${input.min_balance.toLocaleString('en-US')}`,
      {
        send: input.send,
        confirmed: input.confirm,
        toWhom: input.min_balance
          ? `guardians of students owing more than UGX ${input.min_balance.toLocaleString('en-US')}`
          : 'guardians of students owing fees',
      },
    );
    const n = sent.recipients;
    return {
      data: sent,
      message: input.send
        ? `Sending ${n.toLocaleString('en-US')} reminder${n === 1 ? '' : 's'}: follow it on SMS reports.`
        : '',
    };
  });

  serve(feesCollectionSummary, async ({ scope, input, reply }) => {
    const { list, facts } = await balancesOf(scope, {
      classId: input.class_id,
      streamId: input.stream_id,
      figuresOnly: true,
    });
    const now = await currentTermOf(scope, list);
    const groups = new Map<
      string,
      {
        class_id: number;
        class_name: string;
        stream_id: number | null;
        stream_name: string | null;
        students: number;
        expected: number;
        paid: number;
        balance: number;
      }
    >();
    const defaulters = [];
    for (const b of list) {
      const f = facts.get(b.studentId);
      if (!f) continue;
      const key = `${f.classId}:${f.streamId ?? 0}`;
      const g = groups.get(key) ?? {
        class_id: f.classId,
        class_name: f.className,
        stream_id: f.streamId,
        stream_name: f.streamName,
        students: 0,
        expected: 0,
        paid: 0,
        balance: 0,
      };
      g.students += 1;
      g.expected += expectedOf(b);
      g.paid += b.term.paid;
      g.balance += b.term.closing;
      groups.set(key, g);
      if (b.balance > input.min_balance) {
        defaulters.push({
          student_id: b.studentId,
          name: f.name,
          admission_no: f.admissionNo,
          payment_code: f.paymentCode,
          class_name: f.className,
          stream_name: f.streamName,
          expected: expectedOf(b),
          paid: b.term.paid,
          balance: b.balance,
        });
      }
    }
    const rows = [...groups.values()].sort(
      (a, b) =>
        a.class_name.localeCompare(b.class_name, 'en', { numeric: true }) ||
        (a.stream_name ?? '').localeCompare(b.stream_name ?? ''),
    );
    const totals = rows.reduce(
      (a, g) => ({
        students: a.students + g.students,
        expected: a.expected + g.expected,
        paid: a.paid + g.paid,
        balance: a.balance + g.balance,
      }),
      { students: 0, expected: 0, paid: 0, balance: 0 },
    );
    defaulters.sort((a, b) => b.balance - a.balance || a.name.localeCompare(b.name));
    const defaultersTotal = defaulters.reduce((a, d) => a + d.balance, 0);
    if (input.format === 'xlsx') {
      return sendSheet(
        reply,
        'fees_summary.xlsx',
        'Defaulters',
        [
          { header: 'Student', key: 'name', width: 28 },
          { header: 'Admission No', key: 'admission_no', width: 14 },
          { header: 'Payment code', key: 'payment_code', width: 14 },
          { header: 'Class', key: 'class_name', width: 8 },
          { header: 'Stream', key: 'stream_name', width: 10 },
          { header: 'Expected (UGX)', key: 'expected', width: 14 },
          { header: 'Paid (UGX)', key: 'paid', width: 14 },
          { header: 'Balance (UGX)', key: 'balance', width: 14 },
        ],
        [...defaulters, { name: `TOTAL (${defaulters.length} students)`, balance: defaultersTotal }],
      );
    }
    // A page of defaulters: a whole school's list is thousands of rows the screen shows fifty at a time.
    const from = (input.page - 1) * input.per_page;
    return {
      data: {
        ...now,
        groups: rows,
        totals,
        defaulters: defaulters.slice(from, from + input.per_page),
        defaulters_count: defaulters.length,
        defaulters_total: defaultersTotal,
      },
    };
  });

  serve(feesCategorySummary, async ({ scope, input, reply }) => {
    const [{ list }, categories] = await Promise.all([
      balancesOf(scope, { classId: input.class_id, streamId: input.stream_id }),
      categoriesOf(scope),
    ]);
    const now = await currentTermOf(scope, list);
    const rows = new Map<
      string,
      {
        category_id: number | null;
        name: string;
        rank: number;
        expected: number;
        collected: number;
        outstanding: number;
      }
    >();
    const order = (k: CategoryShare['key']) =>
      k === 'forward' ? -1 : k === 'other' ? 1e6 : k === 'credit' ? 1e6 + 1 : (categories.get(k)?.rank ?? 0);
    for (const b of list) {
      for (const share of shareOut(b, categories)) {
        const key = String(share.key);
        const r = rows.get(key) ?? {
          category_id: typeof share.key === 'number' ? share.key : null,
          name: share.name,
          rank: order(share.key),
          expected: 0,
          collected: 0,
          outstanding: 0,
        };
        r.expected += share.expected;
        r.collected += share.collected;
        r.outstanding += share.outstanding;
        rows.set(key, r);
      }
    }
    const sorted = [...rows.values()]
      .sort((a, b) => a.rank - b.rank || (a.category_id ?? 0) - (b.category_id ?? 0))
      .map(({ rank: _, ...r }) => r);
    const totals = sorted.reduce(
      (a, r) => ({
        expected: a.expected + r.expected,
        collected: a.collected + r.collected,
        outstanding: a.outstanding + r.outstanding,
      }),
      { expected: 0, collected: 0, outstanding: 0 },
    );
    if (input.format === 'xlsx') {
      return sendSheet(
        reply,
        'fees_category_summary.xlsx',
        'Per category',
        [
          { header: 'Category', key: 'name', width: 28 },
          { header: 'Expected (UGX)', key: 'expected', width: 16 },
          { header: 'Collected (UGX)', key: 'collected', width: 16 },
          { header: 'Outstanding (UGX)', key: 'outstanding', width: 16 },
        ],
        [...sorted, { name: 'TOTAL', ...totals }],
      );
    }
    return { data: { ...now, rows: sorted, totals } };
  });

  // A class's or the school's notes are a heavy document: read here, drawn in the workers, within the school's limit.
  serve(feesDemandNotes, async ({ scope, input, reply }) =>
    heavyJob(reply, async (render) => {
      const [{ list, facts }, categories, details] = await Promise.all([
        balancesOf(scope, { classId: input.class_id, streamId: input.stream_id, studentIds: input.student_ids }),
        categoriesOf(scope),
        schoolDetailsOf(scope),
      ]);
      const school = await schoolForDocuments(scope, details);
      if (input.student_ids && list.length < new Set(input.student_ids).size) throw new NotFound('student');
      const notes: DemandNote[] = [];
      for (const b of list) {
        const f = facts.get(b.studentId);
        if (!f || b.balance <= input.min_balance) continue;
        notes.push({
          name: f.name,
          admissionNo: f.admissionNo,
          className: f.className,
          streamName: f.streamName,
          paymentCode: f.paymentCode,
          year: b.term.year,
          term: b.term.term,
          lines: shareOut(b, categories).filter((l) => l.key !== 'credit'),
          balance: b.balance,
        });
      }
      if (notes.length === 0)
        throw new Refusal('No student owes more than the amount chosen: no demand notes to print.');
      const pdf = await demandNotesInWorkers(render, school, notes, details.payment_instructions, input.due_on ?? null);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="demand_notes.pdf"')
        .send(pdf);
    }),
  );

  serve(feesPaymentsReport, async ({ scope, input, reply }) => {
    checkRange(input.from, input.to);
    const filter: PaymentFilter = {
      from: input.from,
      to: input.to,
      classId: input.class_id,
      streamId: input.stream_id,
      modeId: input.mode_id,
    };
    const rows = await reportPayments(scope, filter);
    const totals = totalsOf(rows);
    if (input.format === 'xlsx') {
      return sendSheet(
        reply,
        'fees_payments_report.xlsx',
        'Fees payments',
        standardColumns.map((c) => columnHeaders[c]),
        paymentSheetRows(rows, totals),
      );
    }
    return { data: { rows, totals } };
  });

  serve(customFeesPaymentsReport, async ({ scope, input, reply }) => {
    checkRange(input.from, input.to);
    const rows = await reportPayments(scope, {
      from: input.from,
      to: input.to,
      classId: input.class_id,
      streamId: input.stream_id,
      modeId: input.mode_id,
      studentId: input.student_id,
      cashierName: input.cashier_name,
      year: input.year,
      term: input.term,
      minAmount: input.min_amount,
      maxAmount: input.max_amount,
      includeVoid: input.include_void,
    });
    const totals = totalsOf(rows);
    const columns = customReportColumns.filter((c) => (input.columns ?? standardColumns).includes(c));
    if (input.format === 'xlsx') {
      return sendSheet(
        reply,
        'custom_fees_payments_report.xlsx',
        'Fees payments',
        columns.map((c) => columnHeaders[c]),
        paymentSheetRows(rows, totals),
      );
    }
    return { data: { columns, rows, totals } };
  });

  serve(feesPeriodicPaymentsReport, async ({ scope, input, reply }) => {
    const report = await periodicReport(scope, 'fees', input);
    if (input.format === 'xlsx') return periodicSheet(reply, 'fees_periodic_payments_report.xlsx', report);
    return { data: report };
  });

  serve(oldStudentsPeriodicPaymentsReport, async ({ scope, input, reply }) => {
    const report = await periodicReport(scope, 'old', input);
    if (input.format === 'xlsx') return periodicSheet(reply, 'old_students_periodic_payments_report.xlsx', report);
    return { data: report };
  });
}

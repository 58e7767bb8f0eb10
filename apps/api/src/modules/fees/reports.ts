import {
  customFeesPaymentsReport,
  customReportColumns,
  feesPaymentsReport,
  feesPeriodicPaymentsReport,
  oldStudentsPeriodicPaymentsReport,
} from '@somero/contract';
import type { FastifyReply } from 'fastify';
import { Invalid } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { writeSheet } from '../../documents/spreadsheet.js';
import type { SheetColumn } from '../../documents/types.js';
import type { ModuleContext } from '../module.js';
import {
  dailyModeSums,
  type PaymentFilter,
  type Period,
  periodic,
  type ReportPaymentRow,
  reportPayments,
  totalsOf,
} from './reports-payments.js';

/** The longest range a payment report covers: two years of payments. */
const maxDays = 731;

function checkRange(from: string, to: string) {
  if (from > to) throw new Invalid('to', 'The end date is before the start date');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > maxDays) throw new Invalid('to', 'Choose at most two years');
}

/** Sends a report as a spreadsheet: the table, then a totals row. */
export async function sendSheet(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: SheetColumn[],
  rows: Record<string, unknown>[],
) {
  const sheet = await writeSheet(sheetName, columns, rows);
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(sheet);
}

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

/** Fees reports (issue 4). */
export function feesReportsRoutes({ serve }: ModuleContext) {
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

import { Badge } from '@mantine/core';
import { customReportColumns, type reportPaymentRow } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { BarChart } from '../../components/bar-chart';
import { type Column, DataTable, type QueryState } from '../../components/data-table';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { pageOf } from './report-parts';

export type PaymentRow = z.infer<typeof reportPaymentRow>;
export type PaymentColumn = (typeof customReportColumns)[number];
export interface PaymentTotals {
  count: number;
  amount: number;
  by_mode: { mode_id: number; mode_name: string; count: number; amount: number }[];
}

const perPage = 50;

/** The payments of a report, 50 a page, with the count and amount of the valid ones in the totals row. */
export function PaymentRowsTable({
  rows,
  totals,
  query,
  columns = [...customReportColumns],
}: {
  rows: PaymentRow[] | undefined;
  totals: PaymentTotals | undefined;
  query: QueryState;
  columns?: readonly string[];
}) {
  const { t } = useTranslation('fees-reports');
  const [page, setPage] = useState(1);
  const shown = pageOf(rows, page, perPage);
  const all: Record<PaymentColumn, Column<PaymentRow>> = {
    receipt_no: { key: 'receipt_no', label: t('columns.receiptNo'), width: 90 },
    paid_on: { key: 'paid_on', label: t('columns.date'), render: (r) => formatDate(r.paid_on) },
    student_name: { key: 'student_name', label: t('columns.student') },
    admission_no: { key: 'admission_no', label: t('columns.admissionNo') },
    class_name: { key: 'class_name', label: t('columns.class'), render: (r) => r.class_name ?? '' },
    stream_name: { key: 'stream_name', label: t('columns.stream'), render: (r) => r.stream_name ?? '' },
    amount: { key: 'amount', label: t('columns.amount'), numeric: true, render: (r) => formatNumber(r.amount) },
    mode_name: { key: 'mode_name', label: t('columns.mode') },
    reference: { key: 'reference', label: t('columns.reference'), render: (r) => r.reference ?? '' },
    payer: { key: 'payer', label: t('columns.payer'), render: (r) => r.payer ?? '' },
    cashier_name: { key: 'cashier_name', label: t('columns.cashier') },
    term: { key: 'term', label: t('columns.term'), render: (r) => t('termOf', { term: r.term, year: r.year }) },
    status: {
      key: 'status',
      label: t('columns.status'),
      render: (r) => (
        <Badge variant="light" color={r.status === 'void' ? 'red' : 'green'}>
          {r.status}
        </Badge>
      ),
    },
  };
  const shownColumns = columns.filter((c): c is PaymentColumn => c in all).map((c) => all[c]);
  const labelColumn = shownColumns.find((c) => c.key !== 'amount')?.key;
  return (
    <DataTable
      query={query}
      rows={shown}
      columns={shownColumns}
      empty={t('payments.none')}
      rowProps={(r) => ({ 'data-status': r.status })}
      minWidth={shownColumns.length * 110}
      totals={
        totals && {
          ...(labelColumn
            ? { [labelColumn]: t('payments.totalCount', { count: totals.count, n: formatNumber(totals.count) }) }
            : {}),
          amount: formatNumber(totals.amount),
        }
      }
      paging={{
        page,
        perPage,
        total: rows?.length ?? 0,
        onChange: setPage,
      }}
    />
  );
}

/** What each payment mode received in the report's range. */
export function ModeBars({ totals }: { totals: PaymentTotals | undefined }) {
  const { t } = useTranslation('fees-reports');
  if (!totals) return null;
  return (
    <BarChart
      label={t('payments.byMode')}
      labelWidth={130}
      valueWidth={130}
      format={(v) => formatMoney(v)}
      bars={totals.by_mode.map((m) => ({ label: m.mode_name, value: m.amount }))}
    />
  );
}

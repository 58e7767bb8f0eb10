import { ActionIcon, Anchor, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { type FeesPaymentRow, feesReceipt, routeHref } from '@somero/contract';
import { IconEye, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable, type QueryState } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatMoney } from '../../lib/format';

/** The receipt of a fees payment, opened in a new window to print. */
export const printReceipt = (id: number) =>
  openPdf({ method: feesReceipt.method, path: routeHref(feesReceipt.path, { id }) });

export const paymentHref = (id: number) => routeHref('/fees/payment/{id}', { id });
export const ledgerHref = (id: number, name: string) => routeHref('/student/ledger/{id}/{name}', { id, name });
export const studentPaymentsHref = (id: number) => routeHref('/students/payment/{id}', { id });

/**
 * An Idempotency-Key for one payment form: random, and made with getRandomValues because a school's
 * server is often reached over plain http on the office network, where randomUUID is not available.
 */
export function newPaymentKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `desk-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Valid or void; a void one carries its reason. */
export function PaymentStatus({ status }: { status: string }) {
  const { t } = useTranslation('fees-desk');
  return (
    <Badge variant="light" color={status === 'void' ? 'red' : 'green'} data-testid="payment-status">
      {status === 'void' ? t('status.void') : t('status.valid')}
    </Badge>
  );
}

/** A balance the way the bursar reads it: what is owed, or the credit when overpaid. */
export function BalanceText({ balance }: { balance: number }) {
  const { t } = useTranslation('fees-desk');
  if (balance < 0) return <>{t('balance.credit', { amount: formatMoney(-balance) })}</>;
  return <>{formatMoney(balance)}</>;
}

interface TableProps {
  rows: FeesPaymentRow[] | undefined;
  query?: QueryState;
  empty: string;
  /** Hide the student column (a student's own payments). */
  withoutStudent?: boolean;
  totals?: Partial<Record<string, ReactNode>>;
  paging?: { page: number; perPage: number; total: number; onChange: (page: number) => void };
}

/** Every list of fees payments: receipt (opens the payment), date, student, class, amount, mode, status. */
export function PaymentsTable({ rows, query, empty, withoutStudent, totals, paging }: TableProps) {
  const { t } = useTranslation('fees-desk');
  const columns: Column<FeesPaymentRow>[] = [
    {
      key: 'receipt_no',
      label: t('fields.receipt'),
      width: 100,
      render: (p) => (
        <Anchor component={Link} to={paymentHref(p.id)}>
          {p.receipt_no}
        </Anchor>
      ),
    },
    { key: 'paid_on', label: t('fields.date'), render: (p) => formatDate(p.paid_on) },
    ...(withoutStudent
      ? []
      : [
          {
            key: 'student_name',
            label: t('fields.student'),
            render: (p: FeesPaymentRow) => (
              <Stack gap={0}>
                <Text size="sm">{p.student_name}</Text>
                <Text size="xs" c="dimmed">
                  {p.admission_no}
                </Text>
              </Stack>
            ),
          },
          { key: 'class_name', label: t('fields.class') },
        ]),
    {
      key: 'amount',
      label: t('fields.amount'),
      numeric: true,
      render: (p) => (
        <Text size="sm" td={p.status === 'void' ? 'line-through' : undefined}>
          {formatMoney(p.amount)}
        </Text>
      ),
    },
    { key: 'mode_name', label: t('fields.mode') },
    { key: 'reference', label: t('fields.reference'), render: (p) => p.reference ?? '' },
    { key: 'cashier_name', label: t('fields.cashier') },
    { key: 'status', label: t('fields.status'), width: 90, render: (p) => <PaymentStatus status={p.status} /> },
  ];
  return (
    <DataTable
      rows={rows}
      query={query}
      empty={empty}
      columns={columns}
      totals={totals}
      paging={paging}
      minWidth={1250}
      rowProps={(p) => ({ 'data-receipt': String(p.receipt_no), 'data-status': p.status })}
      actions={(p) => (
        <RowActions name={t('receiptNamed', { n: p.receipt_no })}>
          <Tooltip label={t('actions.open')}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={paymentHref(p.id)}
              aria-label={t('actions.openNamed', { n: p.receipt_no })}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('actions.print')}>
            <ActionIcon
              variant="subtle"
              onClick={() => void printReceipt(p.id)}
              aria-label={t('actions.printNamed', { n: p.receipt_no })}
            >
              <IconPrinter size={18} />
            </ActionIcon>
          </Tooltip>
        </RowActions>
      )}
    />
  );
}

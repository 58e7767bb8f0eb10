import { ActionIcon, Anchor, Button, Group, Paper, Tooltip } from '@mantine/core';
import { feesReceipt, onlinePayments, routeHref } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { openPdf } from '../../../lib/downloads';
import { formatDateTime, formatNumber, today } from '../../../lib/format';
import { DateRangeInputs, type Range, startOfMonth } from '../report-parts';

const perPage = 50;
const ledgerPath = '/student/ledger/{id}/{name}';

/** /online/payments: aggregator transactions that became fees payments, by date paid, with their receipts. */
export default function OnlinePaymentsScreen() {
  const { t } = useTranslation('fees-reports');
  const [range, setRange] = useState<Range>({ from: startOfMonth(), to: today() });
  const [asked, setAsked] = useState<Range>(range);
  const search = useSearch();
  const { list, paging } = usePagedList(
    ['fees-online', 'processed'],
    onlinePayments,
    { ...asked, search: search.term },
    {
      perPage,
    },
  );
  const rows = list.data?.data;
  const pageTotal = (rows ?? []).reduce((sum, r) => sum + r.amount, 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(range);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangeInputs value={range} onChange={setRange} />
          <Button type="submit">{t('show')}</Button>
          <SearchField search={search} label={t('filters.search')} placeholder={t('online.searchPlaceholder')} />
        </Group>
      </Paper>
      <Paper withBorder p="md" data-testid="online-table">
        <DataTable
          query={list}
          rows={rows}
          empty={search.term ? t('online.noMatches') : t('online.noneProcessed')}
          minWidth={960}
          rowProps={(r) => ({ 'data-receipt': r.provider_receipt_no })}
          columns={[
            { key: 'paid_at', label: t('columns.paidAt'), render: (r) => formatDateTime(r.paid_at) },
            { key: 'receipt_no', label: t('columns.receiptNo'), render: (r) => r.receipt_no ?? '' },
            { key: 'provider_receipt_no', label: t('columns.providerReceipt') },
            { key: 'payment_code', label: t('columns.paymentCode'), render: (r) => r.payment_code ?? '' },
            {
              key: 'matched_name',
              label: t('columns.student'),
              render: (r) =>
                r.student_id && r.matched_name ? (
                  <Anchor component={Link} to={routeHref(ledgerPath, { id: r.student_id, name: r.matched_name })}>
                    {r.matched_name}
                  </Anchor>
                ) : (
                  ''
                ),
            },
            { key: 'student_name', label: t('columns.payerName'), render: (r) => r.student_name ?? '' },
            { key: 'channel', label: t('columns.channel'), render: (r) => r.channel ?? '' },
            { key: 'amount', label: t('columns.amount'), numeric: true, render: (r) => formatNumber(r.amount) },
          ]}
          totals={{ paid_at: t('online.pageTotal'), amount: formatNumber(pageTotal) }}
          actions={(r) =>
            r.fees_payment_id ? (
              <Group justify="flex-end">
                <Tooltip label={t('online.printReceipt')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('online.printReceiptNamed', { receipt: r.receipt_no ?? '' })}
                    onClick={() =>
                      void openPdf({
                        method: feesReceipt.method,
                        path: routeHref(feesReceipt.path, { id: r.fees_payment_id ?? 0 }),
                      })
                    }
                  >
                    <IconPrinter size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ) : null
          }
          paging={paging}
        />
      </Paper>
    </div>
  );
}

import { Button, Group, Paper } from '@mantine/core';
import { exportFeesPayments, viewFeesPayments } from '@somero/contract';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields, StatusFilter, type ValidOrVoid } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { downloadSpreadsheet } from '../../lib/downloads';
import { formatMoney } from '../../lib/format';
import { feesDeskKeys } from './keys';
import { PaymentsTable } from './payment-parts';

const perPage = 50;

/** /fees/payments: payments by date range, mode, class, status and search, with totals and an xlsx export. */
export default function FeesPaymentsScreen() {
  const { t } = useTranslation('fees-desk');
  const [range, setRange] = useState({ from: '', to: '' });
  const [modeId, setModeId] = useState<number | null>(null);
  const [classId, setClassId] = useState<number | null>(null);
  const [status, setStatus] = useState<ValidOrVoid | null>(null);
  const search = useSearch();
  const [exporting, setExporting] = useState(false);
  const filters = {
    from: range.from || undefined,
    to: range.to || undefined,
    mode_id: modeId ?? undefined,
    class_id: classId ?? undefined,
    status: status ?? undefined,
    search: search.term,
  };
  const { list, paging } = usePagedList(feesDeskKeys.payments, viewFeesPayments, filters, { perPage });
  const totals = list.data?.totals;

  const exportSheet = async () => {
    setExporting(true);
    await downloadSpreadsheet(
      { method: exportFeesPayments.method, path: exportFeesPayments.path, body: filters },
      'fees_summary.xlsx',
    );
    setExporting(false);
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => void exportSheet()}
          >
            {t('list.export')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <ReferenceSelect
            label={t('fields.mode')}
            placeholder={t('list.all')}
            references="payment_options"
            w={170}
            value={modeId}
            onChange={setModeId}
          />
          <ReferenceSelect
            label={t('fields.class')}
            placeholder={t('list.all')}
            references="classes"
            w={120}
            value={classId}
            onChange={setClassId}
          />
          <StatusFilter ns="fees-desk" value={status} onChange={setStatus} w={120} />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} w={240} />
        </Group>
        <PaymentsTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          totals={
            totals
              ? {
                  receipt_no: t('list.total'),
                  student_name: t('list.validCount', { count: totals.count }),
                  amount: <span data-testid="payments-total">{formatMoney(totals.amount)}</span>,
                }
              : undefined
          }
          paging={paging}
        />
      </Paper>
    </div>
  );
}

import { Group, Paper, TextInput } from '@mantine/core';
import { listFeesReceipts } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { usePagedList, useSearch } from '../../components/paged-list';
import { feesDeskKeys } from './keys';
import { PaymentsTable } from './payment-parts';

const perPage = 50;

/** /fees/receipts: the receipts issued, newest first, to open or print again. */
export default function FeesReceiptsScreen() {
  const { t } = useTranslation('fees-desk');
  const [range, setRange] = useState({ from: '', to: '' });
  const search = useSearch();
  const filters = { from: range.from || undefined, to: range.to || undefined, search: search.term };
  const { list, paging } = usePagedList(feesDeskKeys.receipts, listFeesReceipts, filters, { perPage });
  const change = (next: Partial<typeof range>) => setRange({ ...range, ...next });

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateField label={t('list.from')} value={range.from} onChange={(day) => change({ from: day })} />
          <DateField label={t('list.to')} value={range.to} onChange={(day) => change({ to: day })} />
          <TextInput
            label={t('list.search')}
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.searchHint')}
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
          />
        </Group>
        <PaymentsTable
          query={list}
          rows={list.data?.data}
          empty={search.term ? t('common.noMatches') : t('receipts.none')}
          paging={paging}
        />
      </Paper>
    </div>
  );
}

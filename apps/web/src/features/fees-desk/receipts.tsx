import { Group, Paper, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { listFeesReceipts } from '@somero/contract';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { PaymentsTable } from './payment-parts';

const perPage = 50;

/** /fees/receipts: the receipts issued, newest first, to open or print again. */
export default function FeesReceiptsScreen() {
  const { t } = useTranslation('fees-desk');
  const [range, setRange] = useState({ from: '', to: '' });
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const filters = { from: range.from || undefined, to: range.to || undefined, search: term || undefined };
  const list = useQuery({
    queryKey: ['fees-receipts', filters, page],
    queryFn: () => fetchData(listFeesReceipts, { ...filters, page, per_page: perPage }),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<typeof range>) => {
    setRange({ ...range, ...next });
    setPage(1);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('list.from')}
            value={range.from}
            onChange={(e) => change({ from: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t('list.to')}
            value={range.to}
            onChange={(e) => change({ to: e.currentTarget.value })}
          />
          <TextInput
            label={t('list.search')}
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.searchHint')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        <PaymentsTable
          query={list}
          rows={list.data?.data}
          empty={term ? t('common.noMatches') : t('receipts.none')}
          paging={{ page, perPage, total: list.data?.total ?? 0, onChange: setPage }}
        />
      </Paper>
    </div>
  );
}

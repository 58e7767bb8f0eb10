import { Button, Group, Paper, Text } from '@mantine/core';
import { assetRegister } from '@somero/contract';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { fetchData } from '../../lib/api';
import { downloadSpreadsheet } from '../../lib/downloads';
import { formatDate, formatMoney, today } from '../../lib/format';
import { assetKeys } from './keys';
import { conditionLabel } from './parts';

/**
 * /asset/register: every asset held on a day with its location, cost, purchase date, condition,
 * depreciation to that day (straight line at its category's rate, by whole months) and book value.
 */
export default function AssetRegisterScreen() {
  const { t } = useTranslation('assets');
  const [asAt, setAsAt] = useState(today());
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const filters = {
    as_at: asAt || undefined,
    category_id: categoryId ?? undefined,
    location_id: locationId ?? undefined,
  };
  const query = useQuery({
    queryKey: assetKeys.register(filters),
    queryFn: () => fetchData(assetRegister, filters),
  });
  const register = query.data?.data;
  const exportSheet = () => {
    const params = new URLSearchParams({ format: 'xlsx' });
    for (const [k, v] of Object.entries(filters)) if (v !== undefined) params.set(k, String(v));
    void downloadSpreadsheet({ method: 'GET', path: `${assetRegister.path}?${params}` }, 'asset_register.xlsx');
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button variant="light" leftSection={<IconFileSpreadsheet size={16} />} onClick={exportSheet}>
            {t('register.export')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateField label={t('register.asAt')} w={170} value={asAt} onChange={setAsAt} />
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="asset_categories"
            w={180}
            value={categoryId}
            onChange={setCategoryId}
          />
          <ReferenceSelect
            label={t('fields.location')}
            placeholder={t('list.all')}
            references="asset_locations"
            w={200}
            value={locationId}
            onChange={setLocationId}
          />
        </Group>
        <DataTable
          query={query}
          rows={register?.rows}
          empty={t('register.none')}
          minWidth={1250}
          rowProps={(r) => ({ 'data-tag': r.tag })}
          columns={[
            { key: 'tag', label: t('fields.tag') },
            { key: 'item_name', label: t('fields.item') },
            { key: 'location_name', label: t('fields.location') },
            { key: 'purchased_on', label: t('fields.purchasedOn'), render: (r) => formatDate(r.purchased_on) },
            { key: 'condition', label: t('fields.condition'), render: (r) => conditionLabel(r.condition) },
            { key: 'cost', label: t('fields.cost'), numeric: true, render: (r) => formatMoney(r.cost) },
            {
              key: 'depreciation_rate',
              label: t('register.rate'),
              numeric: true,
              render: (r) => `${r.depreciation_rate}%`,
            },
            {
              key: 'accumulated_depreciation',
              label: t('register.depreciation'),
              numeric: true,
              render: (r) => formatMoney(r.accumulated_depreciation),
            },
            {
              key: 'book_value',
              label: t('register.bookValue'),
              numeric: true,
              render: (r) => <span data-testid="book-value">{formatMoney(r.book_value)}</span>,
            },
          ]}
          totals={
            register
              ? {
                  tag: t('list.total'),
                  item_name: t('register.count', { count: register.totals.count }),
                  cost: formatMoney(register.totals.cost),
                  accumulated_depreciation: formatMoney(register.totals.accumulated_depreciation),
                  book_value: <span data-testid="register-book-value">{formatMoney(register.totals.book_value)}</span>,
                }
              : undefined
          }
        />
        <Text size="sm" c="dimmed" mt="sm">
          {t('register.hint', { date: formatDate(asAt || today()) })}
        </Text>
      </Paper>
    </div>
  );
}

import { Anchor, Badge, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { routeHref, type StoreLevelRow, storeLevel } from '@somero/contract';
import { IconBackpack, IconPackageImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { ReceiveForm } from './forms';
import { storeKeys } from './keys';
import { Money, quantity } from './parts';
import { RequirementsStep } from './requirements-step';

export const logHref = (id: number) => routeHref('/store/logs/{id}', { id });

/**
 * /store/levels: each item's balance, average cost and value at weighted average cost, those below
 * their reorder level highlighted and counted; receive stock from here. An item's name opens its log.
 */
export default function LevelsScreen() {
  const { t } = useTranslation('store');
  const queryClient = useQueryClient();
  const [receiving, setReceiving] = useState(false);
  const [fromRequirements, setFromRequirements] = useState(false);
  const [search, setSearch] = useState('');
  const levels = useQuery({ queryKey: storeKeys.level, queryFn: () => fetchData(storeLevel, {}) });
  const data = levels.data?.data;
  const rows = data?.items.filter((i) => i.name.toLowerCase().includes(search.trim().toLowerCase()));
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: storeKeys.level });
    void queryClient.invalidateQueries({ queryKey: storeKeys.choices });
    void queryClient.invalidateQueries({ queryKey: storeKeys.purchases });
  };
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group gap="xs">
            <Button variant="light" leftSection={<IconBackpack size={16} />} onClick={() => setFromRequirements(true)}>
              {t('requirements.action')}
            </Button>
            <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(true)}>
              {t('receive.action')}
            </Button>
          </Group>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" justify="space-between" wrap="wrap">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.searchItems')}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={260}
          />
          {data ? (
            <Text size="sm" data-testid="below-count" c={data.below_count ? 'red' : 'dimmed'}>
              {t('levels.below', { count: data.below_count })}
            </Text>
          ) : null}
        </Group>
        <DataTable<StoreLevelRow>
          query={levels}
          rows={rows}
          empty={t('levels.none')}
          minWidth={820}
          rowProps={(i) => ({
            'data-item': i.name,
            'data-below': i.below_reorder ? 'true' : undefined,
            style: i.below_reorder ? { background: 'var(--mantine-color-red-light)' } : undefined,
          })}
          columns={[
            {
              key: 'name',
              label: t('fields.item'),
              render: (i) => (
                <Anchor component={Link} to={logHref(i.id)} size="sm">
                  {i.name}
                </Anchor>
              ),
            },
            { key: 'balance', label: t('fields.balance'), numeric: true, render: (i) => quantity(i.balance, i.unit) },
            {
              key: 'average_cost',
              label: t('fields.averageCost'),
              numeric: true,
              render: (i) => <Money value={i.average_cost} />,
            },
            { key: 'value', label: t('fields.value'), numeric: true, render: (i) => <Money value={i.value} /> },
            {
              key: 'reorder_level',
              label: t('fields.reorderLevel'),
              numeric: true,
              render: (i) => (i.reorder_level ? quantity(i.reorder_level, i.unit) : ''),
            },
            {
              key: 'below_reorder',
              label: '',
              width: 130,
              render: (i) =>
                i.below_reorder ? (
                  <Badge color="red" variant="light">
                    {t('levels.reorder')}
                  </Badge>
                ) : null,
            },
          ]}
          totals={data ? { name: t('list.total'), value: formatMoney(data.total_value) } : undefined}
        />
      </Paper>
      {fromRequirements ? (
        <RequirementsStep
          onClose={() => setFromRequirements(false)}
          onSaved={() => {
            setFromRequirements(false);
            reload();
          }}
        />
      ) : null}
      {receiving ? (
        <ReceiveForm
          onClose={() => setReceiving(false)}
          onSaved={() => {
            setReceiving(false);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}

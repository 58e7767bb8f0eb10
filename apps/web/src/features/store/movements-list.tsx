import { Anchor, Badge, Button, Group, Paper, Select } from '@mantine/core';
import { type StoreMovementRow, storeIssuedTo, storeLossKinds, viewIssued, viewStoreLosses } from '@somero/contract';
import { IconPackageExport, IconTrashX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { TakeOutForm, useStoreChoices } from './forms';
import { afterMovement } from './keys';
import { logHref } from './levels';
import { Money, movementDetail, quantity } from './parts';

/** /store/issued: stock issued, newest first, by dates, item, who received it and search; issue from here. */
export function IssuedScreen() {
  return <MovementsScreen kind="issue" />;
}

/** /store/losses: stock spoilt, stolen or expired, newest first; record a loss from here. */
export function LossesScreen() {
  return <MovementsScreen kind="loss" />;
}

function MovementsScreen({ kind }: { kind: 'issue' | 'loss' }) {
  const { t } = useTranslation('store');
  const queryClient = useQueryClient();
  const choices = useStoreChoices();
  const [range, setRange] = useState({ from: '', to: '' });
  const [itemId, setItemId] = useState<string | null>(null);
  const [sort, setSort] = useState<string | null>(null);
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const common = {
    from: range.from || undefined,
    to: range.to || undefined,
    item_id: itemId ? Number(itemId) : undefined,
    search: search.term,
  };
  const issued = usePagedList(
    ['store-issued'],
    viewIssued,
    { ...common, issued_to: (sort ?? undefined) as never },
    {
      perPage: 50,
      enabled: kind === 'issue',
    },
  );
  const lost = usePagedList(
    ['store-losses'],
    viewStoreLosses,
    { ...common, loss_kind: (sort ?? undefined) as never },
    {
      perPage: 50,
      enabled: kind === 'loss',
    },
  );
  const { list, paging, reload } = kind === 'issue' ? issued : lost;
  const totals = list.data?.totals;
  const sorts = kind === 'issue' ? storeIssuedTo : storeLossKinds;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button
            leftSection={kind === 'issue' ? <IconPackageExport size={16} /> : <IconTrashX size={16} />}
            onClick={() => setAdding(true)}
          >
            {t(kind === 'issue' ? 'issue.action' : 'loss.action')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <Select
            label={t('fields.item')}
            placeholder={t('list.all')}
            clearable
            searchable
            w={200}
            data={(choices?.items ?? []).map((i) => ({ value: String(i.id), label: i.name }))}
            value={itemId}
            onChange={setItemId}
          />
          <Select
            label={t(kind === 'issue' ? 'fields.issuedTo' : 'fields.lossKind')}
            placeholder={t('list.all')}
            clearable
            w={150}
            data={sorts.map((x) => ({ value: x, label: t(kind === 'issue' ? `issuedTo.${x}` : `lossKind.${x}`) }))}
            value={sort}
            onChange={setSort}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} />
        </Group>
        <DataTable<StoreMovementRow>
          query={list}
          rows={list.data?.data}
          empty={t(kind === 'issue' ? 'list.noneIssued' : 'list.noneLost')}
          minWidth={950}
          paging={paging}
          rowProps={(m) => ({ 'data-movement': String(m.id), 'data-status': m.status })}
          columns={[
            { key: 'moved_on', label: t('fields.date'), width: 120, render: (m) => formatDate(m.moved_on) },
            {
              key: 'item_name',
              label: t('fields.item'),
              render: (m) => (
                <Anchor component={Link} to={logHref(m.item_id)} size="sm">
                  {m.item_name}
                </Anchor>
              ),
            },
            {
              key: 'quantity',
              label: t('fields.quantity'),
              numeric: true,
              render: (m) => quantity(m.quantity, m.unit),
            },
            {
              key: 'detail',
              label: t(kind === 'issue' ? 'fields.issuedTo' : 'fields.lossReason'),
              render: (m) => movementDetail(m, t),
            },
            ...(kind === 'issue' ? [{ key: 'note', label: t('fields.note') }] : []),
            {
              key: 'value',
              label: t('fields.movedValue'),
              numeric: true,
              render: (m) => <Money value={Math.abs(m.value)} />,
            },
            { key: 'recorded_by', label: t('fields.recordedBy') },
            {
              key: 'status',
              label: '',
              width: 100,
              render: (m) =>
                m.status === 'reversed' ? (
                  <Badge variant="outline" color="gray" title={m.reason ?? undefined}>
                    {t('status.reversed')}
                  </Badge>
                ) : null,
            },
          ]}
          totals={
            totals
              ? {
                  moved_on: t('list.totalCount', { count: totals.count, n: formatNumber(totals.count) }),
                  value: formatMoney(totals.value),
                }
              : undefined
          }
        />
      </Paper>
      {adding ? (
        <TakeOutForm
          kind={kind}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
            for (const key of afterMovement) void queryClient.invalidateQueries({ queryKey: key });
          }}
        />
      ) : null}
    </div>
  );
}

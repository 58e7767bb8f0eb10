import { Button, Paper } from '@mantine/core';
import { listRevenues, type RevenueRow, voidRevenue } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import {
  MoneyCell,
  MoneyFilters,
  MoneyRowActions,
  MoneyStatus,
  MoneyVoidDialog,
  useMoneyFilters,
} from '../../components/money-list';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { revenueKeys } from './keys';
import { RevenueForm } from './revenue-form';

const perPage = 50;

/**
 * /revenues/view: money taken in besides fees, by dates, category, source, mode, status and search,
 * with the total of the valid ones; record, amend with a reason, void with a reason (it stays listed).
 */
export default function RevenuesScreen() {
  const { t } = useTranslation('revenues');
  const shared = useMoneyFilters();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [sourceId, setSourceId] = useState<number | null>(null);
  const [modeId, setModeId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [amending, setAmending] = useState<RevenueRow | null>(null);
  const [voiding, setVoiding] = useState<RevenueRow | null>(null);
  const filters = {
    ...shared.filters,
    category_id: categoryId ?? undefined,
    source_id: sourceId ?? undefined,
    mode_id: modeId ?? undefined,
  };
  const { list, paging, reload } = usePagedList(revenueKeys.list, listRevenues, filters, { perPage });
  const totals = list.data?.totals;
  const nameOf = (r: RevenueRow) => t('revenueNamed', { source: r.source_name, date: formatDate(r.received_on) });

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <MoneyFilters ns="revenues" state={shared}>
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="revenue_categories"
            w={180}
            value={categoryId}
            onChange={(id) => {
              setCategoryId(id);
              setSourceId(null);
            }}
          />
          <ReferenceSelect
            label={t('fields.source')}
            placeholder={t('list.all')}
            references="revenue_sources"
            only={categoryId === null ? undefined : (o) => o.row.category_id === categoryId}
            w={200}
            value={sourceId}
            onChange={setSourceId}
          />
          <ReferenceSelect
            label={t('fields.mode')}
            placeholder={t('list.all')}
            references="payment_options"
            w={170}
            value={modeId}
            onChange={setModeId}
          />
        </MoneyFilters>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          minWidth={1250}
          paging={paging}
          rowProps={(r) => ({ 'data-revenue': String(r.id), 'data-status': r.status })}
          columns={[
            { key: 'received_on', label: t('fields.receivedOn'), width: 120, render: (r) => formatDate(r.received_on) },
            { key: 'category_name', label: t('fields.category') },
            { key: 'source_name', label: t('fields.source') },
            { key: 'received_from', label: t('fields.receivedFrom'), render: (r) => r.received_from ?? '' },
            { key: 'reference', label: t('fields.reference'), render: (r) => r.reference ?? '' },
            {
              key: 'amount',
              label: t('fields.amount'),
              numeric: true,
              render: (r) => <MoneyCell amount={formatMoney(r.amount)} void={r.status === 'void'} />,
            },
            { key: 'mode_name', label: t('fields.mode') },
            { key: 'recorded_by', label: t('fields.recordedBy') },
            {
              key: 'status',
              label: t('fields.status'),
              width: 150,
              render: (r) => <MoneyStatus ns="revenues" document={r} testId="revenue" />,
            },
          ]}
          totals={
            totals
              ? {
                  received_on: t('list.total'),
                  category_name: t('list.validCount', { count: totals.count }),
                  amount: <span data-testid="revenues-total">{formatMoney(totals.amount)}</span>,
                }
              : undefined
          }
          actions={(r) =>
            r.status === 'void' ? null : (
              <MoneyRowActions
                ns="revenues"
                name={nameOf(r)}
                onEdit={() => setAmending(r)}
                onVoid={() => setVoiding(r)}
              />
            )
          }
        />
      </Paper>
      {adding ? (
        <RevenueForm
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            reload();
          }}
        />
      ) : null}
      {amending ? (
        <RevenueForm
          revenue={amending}
          onClose={() => setAmending(null)}
          onSaved={() => {
            setAmending(null);
            reload();
          }}
        />
      ) : null}
      {voiding ? (
        <MoneyVoidDialog
          ns="revenues"
          name={nameOf(voiding)}
          message={t('void.message', { amount: formatMoney(voiding.amount), source: voiding.source_name })}
          send={(reason) => api(voidRevenue, { reason }, { id: voiding.id, silentSuccess: true })}
          onClose={() => setVoiding(null)}
          onVoided={reload}
        />
      ) : null}
    </div>
  );
}

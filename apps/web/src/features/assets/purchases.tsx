import { ActionIcon, Anchor, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { type AssetPurchaseRow, listAssetPurchases, routeHref, voidAssetPurchase } from '@somero/contract';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import { DateRangeFields, StatusFilter, type ValidOrVoid } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { RowActions, VoidButton } from '../../components/row-actions';
import { api } from '../../lib/api';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { VoidDialog } from '../fees-desk';
import { assetKeys } from './keys';
import { conditionLabel } from './parts';
import { PurchaseForm } from './purchase-form';

const perPage = 50;
const labelsOf = (id: number) => routeHref('/asset/labels/{id}', { id });

/** Valid or void, and changed; the badge's title gives the reason. */
function PurchaseStatus({ purchase }: { purchase: AssetPurchaseRow }) {
  const { t } = useTranslation('assets');
  if (purchase.status === 'void')
    return (
      <Badge variant="light" color="red" title={purchase.void_reason ?? ''} data-testid="purchase-status">
        {t('status.void')}
      </Badge>
    );
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color="green" data-testid="purchase-status">
        {t('status.valid')}
      </Badge>
      {purchase.amend_reason ? (
        <Badge variant="light" color="yellow" title={purchase.amend_reason}>
          {t('status.changed')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * /asset/purchases: assets bought, by dates, item, location, status and search, with the total of the
 * valid ones; record (each unit gets a tag), change or void with a reason, and print the labels.
 */
export default function AssetPurchasesScreen() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const [range, setRange] = useState({ from: '', to: '' });
  const [itemId, setItemId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [status, setStatus] = useState<ValidOrVoid | null>(null);
  const search = useSearch();
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<AssetPurchaseRow | null>(null);
  const [voiding, setVoiding] = useState<AssetPurchaseRow | null>(null);
  const filters = {
    from: range.from || undefined,
    to: range.to || undefined,
    item_id: itemId ?? undefined,
    location_id: locationId ?? undefined,
    status: status ?? undefined,
    search: search.term,
  };
  const { list, paging, reload } = usePagedList(assetKeys.purchases, listAssetPurchases, filters, { perPage });
  const totals = list.data?.totals;
  const nameOf = (p: AssetPurchaseRow) => t('purchases.named', { item: p.item_name, date: formatDate(p.purchased_on) });

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t('purchases.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <DateRangeFields value={range} onChange={setRange} labels={{ from: t('list.from'), to: t('list.to') }} />
          <ReferenceSelect
            label={t('fields.item')}
            placeholder={t('list.all')}
            references="asset_items"
            w={200}
            value={itemId}
            onChange={setItemId}
          />
          <ReferenceSelect
            label={t('fields.location')}
            placeholder={t('list.all')}
            references="asset_locations"
            w={200}
            value={locationId}
            onChange={setLocationId}
          />
          <StatusFilter ns="assets" value={status} onChange={setStatus} w={120} />
          <SearchField search={search} label={t('list.search')} placeholder={t('purchases.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('purchases.none')}
          minWidth={1250}
          paging={paging}
          rowProps={(p) => ({ 'data-purchase': String(p.id), 'data-status': p.status })}
          columns={[
            {
              key: 'purchased_on',
              label: t('fields.purchasedOn'),
              width: 120,
              render: (p) => formatDate(p.purchased_on),
            },
            { key: 'item_name', label: t('fields.item') },
            { key: 'quantity', label: t('fields.quantity'), numeric: true, render: (p) => formatNumber(p.quantity) },
            { key: 'unit_cost', label: t('fields.unitCost'), numeric: true, render: (p) => formatMoney(p.unit_cost) },
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
            {
              key: 'paid',
              label: t('fields.paid'),
              render: (p) =>
                p.on_credit ? t('purchases.creditFrom', { supplier: p.supplier_name ?? '' }) : (p.mode_name ?? ''),
            },
            { key: 'location_name', label: t('fields.location') },
            { key: 'condition', label: t('fields.condition'), render: (p) => conditionLabel(p.condition) },
            { key: 'status', label: t('fields.status'), width: 150, render: (p) => <PurchaseStatus purchase={p} /> },
          ]}
          totals={
            totals
              ? {
                  purchased_on: t('list.total'),
                  item_name: t('purchases.validCount', { count: totals.count }),
                  quantity: formatNumber(totals.quantity),
                  amount: <span data-testid="purchases-total">{formatMoney(totals.amount)}</span>,
                }
              : undefined
          }
          actions={(p) =>
            p.status === 'void' ? null : (
              <RowActions name={nameOf(p)} onEdit={() => setChanging(p)}>
                <Tooltip label={t('labels.open')}>
                  <ActionIcon
                    variant="subtle"
                    component={Link}
                    to={labelsOf(p.id)}
                    aria-label={t('labels.openNamed', { name: nameOf(p) })}
                  >
                    <IconTags size={18} />
                  </ActionIcon>
                </Tooltip>
                <VoidButton
                  label={t('void.action')}
                  ariaLabel={t('void.named', { name: nameOf(p) })}
                  onClick={() => setVoiding(p)}
                />
              </RowActions>
            )
          }
        />
        <Text size="sm" c="dimmed" mt="sm">
          {t('purchases.hint')}{' '}
          <Anchor component={Link} to="/asset/register" size="sm">
            {t('purchases.toRegister')}
          </Anchor>
        </Text>
      </Paper>
      {adding ? (
        <PurchaseForm
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            reload();
            navigate(labelsOf(saved.id));
          }}
        />
      ) : null}
      {changing ? (
        <PurchaseForm
          purchase={changing}
          onClose={() => setChanging(null)}
          onSaved={() => {
            setChanging(null);
            reload();
          }}
        />
      ) : null}
      {voiding ? (
        <VoidDialog
          title={t('void.title', { name: nameOf(voiding) })}
          message={t('void.message', { amount: formatMoney(voiding.amount), item: voiding.item_name })}
          confirm={t('void.confirm')}
          onClose={() => setVoiding(null)}
          onVoid={async (reason) => {
            const result = await api(voidAssetPurchase, { reason }, { id: voiding.id });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

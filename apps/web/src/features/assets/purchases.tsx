import { ActionIcon, Anchor, Button, Paper, Text, Tooltip } from '@mantine/core';
import { type AssetPurchaseRow, listAssetPurchases, routeHref, voidAssetPurchase } from '@somero/contract';
import { IconPlus, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
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
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { assetKeys } from './keys';
import { conditionLabel } from './parts';
import { PurchaseForm } from './purchase-form';

const perPage = 50;
const labelsOf = (id: number) => routeHref('/asset/labels/{id}', { id });

/**
 * /asset/purchases: assets bought, by dates, item, location, status and search, with the total of the
 * valid ones; record (each unit gets a tag), change or void with a reason, and print the labels.
 */
export default function AssetPurchasesScreen() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const shared = useMoneyFilters();
  const [itemId, setItemId] = useState<number | null>(null);
  const [locationId, setLocationId] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<AssetPurchaseRow | null>(null);
  const [voiding, setVoiding] = useState<AssetPurchaseRow | null>(null);
  const filters = { ...shared.filters, item_id: itemId ?? undefined, location_id: locationId ?? undefined };
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
        <MoneyFilters ns="assets" state={shared} searchHint={t('purchases.searchHint')}>
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
        </MoneyFilters>
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
              render: (p) => <MoneyCell amount={formatMoney(p.amount)} void={p.status === 'void'} />,
            },
            {
              key: 'paid',
              label: t('fields.paid'),
              render: (p) =>
                p.on_credit ? t('purchases.creditFrom', { supplier: p.supplier_name ?? '' }) : (p.mode_name ?? ''),
            },
            { key: 'location_name', label: t('fields.location') },
            { key: 'condition', label: t('fields.condition'), render: (p) => conditionLabel(p.condition) },
            {
              key: 'status',
              label: t('fields.status'),
              width: 150,
              render: (p) => <MoneyStatus ns="assets" document={p} testId="purchase" amended={t('status.changed')} />,
            },
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
              <MoneyRowActions ns="assets" name={nameOf(p)} onEdit={() => setChanging(p)} onVoid={() => setVoiding(p)}>
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
              </MoneyRowActions>
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
        <MoneyVoidDialog
          ns="assets"
          name={nameOf(voiding)}
          message={t('void.message', { amount: formatMoney(voiding.amount), item: voiding.item_name })}
          send={(reason) => api(voidAssetPurchase, { reason }, { id: voiding.id })}
          onClose={() => setVoiding(null)}
          onVoided={reload}
        />
      ) : null}
    </div>
  );
}

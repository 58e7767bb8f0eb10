import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { printAssetLabels, purchaseLabels } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { assetKeys } from './keys';
import { AssetStatus, conditionLabel } from './parts';

/**
 * /asset/labels/{id}: a purchase's assets with their tags, and a sheet of stickers to print for all of
 * them or for those chosen (24 to an A4 sheet, each with a QR code of the tag).
 */
export default function AssetLabelsScreen() {
  const { t } = useTranslation('assets');
  const id = Number(useParams().id);
  const [chosen, setChosen] = useState<number[]>([]);
  const query = useQuery({
    queryKey: assetKeys.labels(id),
    queryFn: () => fetchData(purchaseLabels, {}, { id }),
    enabled: id > 0,
  });
  const print = () =>
    openPdf({
      method: printAssetLabels.method,
      path: printAssetLabels.path,
      body: { purchase_id: id, ...(chosen.length ? { asset_ids: chosen } : {}) },
    });

  if (query.isPending || query.isError || !query.data)
    return (
      <div data-screen-status="built">
        <PageHeader />
        {query.isPending ? <CenteredLoader /> : <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      </div>
    );
  const { purchase, assets } = query.data.data;
  const toggle = (assetId: number) =>
    setChosen((now) => (now.includes(assetId) ? now.filter((x) => x !== assetId) : [...now, assetId]));

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPrinter size={16} />} onClick={() => void print()} disabled={!assets.length}>
            {chosen.length ? t('labels.printChosen', { count: chosen.length }) : t('labels.printAll')}
          </Button>
        }
      />
      <Stack gap="md">
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Field label={t('fields.item')} value={purchase.item_name} />
            <Field label={t('fields.purchasedOn')} value={formatDate(purchase.purchased_on)} />
            <Field
              label={t('fields.quantity')}
              value={`${formatNumber(purchase.quantity)} × ${formatMoney(purchase.unit_cost)}`}
            />
            <Field label={t('fields.amount')} value={formatMoney(purchase.amount)} />
          </SimpleGrid>
          {purchase.status === 'void' ? (
            <Text c="red" mt="sm">
              {t('labels.void', { reason: purchase.void_reason ?? '' })}
            </Text>
          ) : null}
        </Paper>
        <Paper withBorder p="md">
          <Text size="sm" c="dimmed" mb="sm">
            {t('labels.hint')}
          </Text>
          <DataTable
            rows={assets}
            empty={t('labels.none')}
            rowProps={(a) => ({ 'data-tag': a.tag })}
            columns={[
              {
                key: 'choose',
                label: '',
                width: 40,
                render: (a) => (
                  <input
                    type="checkbox"
                    aria-label={t('labels.choose', { tag: a.tag })}
                    checked={chosen.includes(a.id)}
                    onChange={() => toggle(a.id)}
                  />
                ),
              },
              { key: 'tag', label: t('fields.tag') },
              { key: 'item_name', label: t('fields.item') },
              { key: 'location_name', label: t('fields.location') },
              { key: 'condition', label: t('fields.condition'), render: (a) => conditionLabel(a.condition) },
              { key: 'status', label: t('fields.status'), render: (a) => <AssetStatus status={a.status} /> },
            ]}
          />
        </Paper>
        <Group>
          <Anchor component={Link} to="/asset/purchases" size="sm">
            {t('labels.back')}
          </Anchor>
        </Group>
      </Stack>
    </div>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

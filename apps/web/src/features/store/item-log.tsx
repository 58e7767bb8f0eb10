import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { deleteStoreLog, itemLogs, type StoreMovementRow } from '@somero/contract';
import { IconArrowBackUp, IconPackageImport } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { RowActions, VoidButton } from '../../components/row-actions';
import { VoidDialog } from '../../components/void-dialog';
import { api, fetchData } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { CorrectForm, ReceiveForm } from './forms';
import { afterMovement, storeKeys } from './keys';
import { Money, movementDetail, quantity } from './parts';

/**
 * /store/logs/{id}: every movement of an item in the order recorded, with the running balance and
 * value; a movement is corrected (reversed and recorded again) or reversed with a reason, never edited.
 */
export default function ItemLogScreen() {
  const { t } = useTranslation('store');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [receiving, setReceiving] = useState(false);
  const [correcting, setCorrecting] = useState<StoreMovementRow | null>(null);
  const [reversing, setReversing] = useState<StoreMovementRow | null>(null);
  const log = useQuery({ queryKey: storeKeys.log(id), queryFn: () => fetchData(itemLogs, { id }), enabled: id > 0 });
  const data = log.data?.data;
  const reload = () => {
    for (const key of afterMovement) void queryClient.invalidateQueries({ queryKey: key });
  };
  const nameOf = (m: StoreMovementRow) => t('log.named', { id: m.id, date: formatDate(m.moved_on) });
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button component={Link} to="/store/levels" variant="default" leftSection={<IconArrowBackUp size={16} />}>
              {t('log.back')}
            </Button>
            <Button leftSection={<IconPackageImport size={16} />} onClick={() => setReceiving(true)}>
              {t('receive.action')}
            </Button>
          </>
        }
      />
      {data ? (
        <Paper withBorder p="md" mb="md">
          <Text fw={600} size="lg" data-testid="log-item">
            {data.item.name}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            <Figure
              label={t('fields.balance')}
              value={quantity(data.item.balance, data.item.unit)}
              testId="log-balance"
            />
            <Figure label={t('fields.averageCost')} value={formatMoney(data.item.average_cost)} />
            <Figure label={t('fields.value')} value={formatMoney(data.item.value)} testId="log-value" />
            <Figure
              label={t('fields.reorderLevel')}
              value={data.item.reorder_level ? quantity(data.item.reorder_level, data.item.unit) : '—'}
              alert={data.item.below_reorder}
            />
          </SimpleGrid>
        </Paper>
      ) : null}
      <Paper withBorder p="md">
        <DataTable<StoreMovementRow>
          query={log}
          rows={data?.lines}
          empty={t('log.none')}
          minWidth={1100}
          rowProps={(m) => ({ 'data-movement': String(m.id), 'data-kind': m.kind, 'data-status': m.status })}
          columns={[
            { key: 'moved_on', label: t('fields.date'), width: 120, render: (m) => formatDate(m.moved_on) },
            {
              key: 'kind',
              label: t('fields.movement'),
              render: (m) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={600} c={colours[m.kind]}>
                    {t(`kind.${m.kind}`)}
                  </Text>
                  {m.status === 'reversed' ? (
                    <Badge variant="outline" color="gray" title={m.reason ?? undefined}>
                      {t('status.reversed')}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { key: 'detail', label: t('fields.detail'), render: (m) => movementDetail(m, t) },
            {
              key: 'in',
              label: t('fields.in'),
              numeric: true,
              render: (m) => (m.quantity > 0 ? quantity(m.quantity) : ''),
            },
            {
              key: 'out',
              label: t('fields.out'),
              numeric: true,
              render: (m) => (m.quantity < 0 ? quantity(m.quantity) : ''),
            },
            {
              key: 'balance_after',
              label: t('fields.balance'),
              numeric: true,
              render: (m) => quantity(m.balance_after),
            },
            {
              key: 'value',
              label: t('fields.movedValue'),
              numeric: true,
              render: (m) => <Money value={Math.abs(m.value)} />,
            },
            {
              key: 'value_after',
              label: t('fields.value'),
              numeric: true,
              render: (m) => <Money value={m.value_after} />,
            },
            { key: 'recorded_by', label: t('fields.recordedBy') },
          ]}
          actions={(m) =>
            m.kind === 'reversal' || m.status !== 'valid' ? null : (
              <RowActions name={nameOf(m)} onEdit={() => setCorrecting(m)}>
                <VoidButton
                  label={t('reverse.action')}
                  ariaLabel={t('reverse.named', { name: nameOf(m) })}
                  onClick={() => setReversing(m)}
                />
              </RowActions>
            )
          }
        />
        <Anchor component={Link} to="/store/levels" size="sm" mt="sm" display="inline-block">
          {t('log.back')}
        </Anchor>
      </Paper>
      {receiving ? (
        <ReceiveForm
          itemId={id}
          onClose={() => setReceiving(false)}
          onSaved={() => {
            setReceiving(false);
            reload();
          }}
        />
      ) : null}
      {correcting ? (
        <CorrectForm
          movement={correcting}
          onClose={() => setCorrecting(null)}
          onSaved={() => {
            setCorrecting(null);
            reload();
          }}
        />
      ) : null}
      {reversing ? (
        <VoidDialog
          title={t('reverse.title', { name: nameOf(reversing) })}
          message={t('reverse.message')}
          confirm={t('reverse.confirm')}
          onClose={() => setReversing(null)}
          onVoid={async (reason) => {
            const result = await api(deleteStoreLog, { id: reversing.id, reason });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

const colours = { receipt: 'green.8', issue: 'blue.8', loss: 'red.8', reversal: 'gray.7' } as const;

function Figure({ label, value, testId, alert }: { label: string; value: string; testId?: string; alert?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={alert ? 'red' : undefined} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

import { Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { listMoneyTransfers, paymentModeKinds, paymentModeStatement, voidMoneyTransfer } from '@somero/contract';
import { IconArrowsExchange, IconBan } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../../components/data-table';
import { DateField } from '../../../components/date-field';
import { PageHeader } from '../../../components/page-title';
import { ApiError, api, fetchData, fieldErrors } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { feesSetupKeys } from '../keys';
import { TransferForm } from './transfer-form';

const perPage = 100;
type Range = { from?: string; to?: string };

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {formatMoney(value)}
      </Text>
    </Paper>
  );
}

/**
 * /statement/{id}: one payment mode's statement for a date range — the opening balance, every
 * movement in and out with the running balance, the totals — and the transfers to and from it.
 */
export default function ModeStatementScreen() {
  const { t } = useTranslation('fees-setup');
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const [range, setRange] = useState<Range>({});
  const [asked, setAsked] = useState<Range>({});
  const [page, setPage] = useState(1);
  const [transferring, setTransferring] = useState(false);
  const [voiding, setVoiding] = useState<number | null>(null);

  const statement = useQuery({
    queryKey: feesSetupKeys.modeStatement(id, asked),
    queryFn: () => fetchData(paymentModeStatement, asked, { id }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
  });
  const s = statement.data;
  const shown = { from: range.from ?? s?.from ?? '', to: range.to ?? s?.to ?? '' };
  const transfers = useQuery({
    queryKey: feesSetupKeys.modeTransfers(id, s?.from, s?.to),
    queryFn: () => fetchData(listMoneyTransfers, { mode_id: id, from: s?.from, to: s?.to, per_page: 100 }),
    enabled: Boolean(s),
  });
  const errors = statement.error instanceof ApiError ? fieldErrors(statement.error.result.errors) : {};
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: feesSetupKeys.modeStatementAll(id) });
    void queryClient.invalidateQueries({ queryKey: feesSetupKeys.modeTransfersAll(id) });
  };

  const show = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setAsked({ from: shown.from || undefined, to: shown.to || undefined });
  };

  const lines = s?.lines ?? [];
  const kindLabel = paymentModeKinds.find((k) => k.value === s?.mode.kind)?.label ?? s?.mode.kind;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconArrowsExchange size={16} />} disabled={!s} onClick={() => setTransferring(true)}>
            {t('transfers.add')}
          </Button>
        }
      />
      <Paper withBorder p="md" mb="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={0}>
            <Title order={3} size="h4" data-testid="mode-name">
              {s?.mode.name ?? ''}
            </Title>
            <Text size="sm" c="dimmed">
              {[kindLabel, s?.mode.account_no].filter(Boolean).join(' · ')}
            </Text>
            <Anchor component={Link} to="/settings/modes" size="sm">
              {t('statement.allModes')}
            </Anchor>
          </Stack>
          <Group component="form" onSubmit={show} align="flex-end">
            <DateField
              label={t('statement.from')}
              value={shown.from}
              onChange={(day) => setRange({ ...shown, from: day })}
              error={errors.from}
            />
            <DateField
              label={t('statement.to')}
              value={shown.to}
              onChange={(day) => setRange({ ...shown, to: day })}
              error={errors.to}
            />
            <Button type="submit">{t('statement.show')}</Button>
          </Group>
        </Group>
        {s ? (
          <SimpleGrid cols={{ base: 2, md: 4 }} mt="md">
            <Figure label={t('statement.opening')} value={s.opening_balance} testId="opening-balance" />
            <Figure label={t('statement.totalIn')} value={s.total_in} testId="total-in" />
            <Figure label={t('statement.totalOut')} value={s.total_out} testId="total-out" />
            <Figure label={t('statement.closing')} value={s.closing_balance} testId="closing-balance" />
          </SimpleGrid>
        ) : null}
      </Paper>
      <Paper withBorder p="md" mb="md">
        <Title order={3} size="h4" mb="sm">
          {s ? t('statement.movements', { from: formatDate(s.from), to: formatDate(s.to) }) : ''}
        </Title>
        <DataTable
          query={statement}
          rows={lines.slice((page - 1) * perPage, page * perPage)}
          rowKey={(l) => `${l.date}-${l.kind}-${l.description}-${l.balance}`}
          minWidth={960}
          empty={t('statement.none')}
          rowProps={(l) => ({ 'data-kind': l.kind, 'data-reversal': String(l.reversal) })}
          columns={[
            { key: 'date', label: t('statement.date'), width: 120, render: (l) => formatDate(l.date) },
            {
              key: 'kind',
              label: t('statement.kind'),
              width: 150,
              render: (l) =>
                l.reversal
                  ? t('statement.reversed', { kind: t(`statement.kinds.${l.kind}`) })
                  : t(`statement.kinds.${l.kind}`),
            },
            { key: 'description', label: t('statement.description') },
            { key: 'reference', label: t('statement.reference'), render: (l) => l.reference ?? '' },
            {
              key: 'money_in',
              label: t('statement.in'),
              numeric: true,
              render: (l) => (l.money_in ? formatMoney(l.money_in) : ''),
            },
            {
              key: 'money_out',
              label: t('statement.out'),
              numeric: true,
              render: (l) => (l.money_out ? formatMoney(l.money_out) : ''),
            },
            { key: 'balance', label: t('statement.balance'), numeric: true, render: (l) => formatMoney(l.balance) },
          ]}
          totals={
            s
              ? {
                  date: t('statement.totals'),
                  money_in: formatMoney(s.total_in),
                  money_out: formatMoney(s.total_out),
                  balance: formatMoney(s.closing_balance),
                }
              : undefined
          }
          paging={lines.length > perPage ? { page, perPage, total: lines.length, onChange: setPage } : undefined}
        />
      </Paper>
      <Paper withBorder p="md">
        <Title order={3} size="h4" mb="sm">
          {t('transfers.title')}
        </Title>
        <DataTable
          query={s ? transfers : undefined}
          rows={transfers.data?.data}
          minWidth={900}
          empty={t('transfers.none')}
          rowProps={(x) => ({ 'data-transfer': x.reference ?? String(x.id) })}
          columns={[
            { key: 'transferred_on', label: t('statement.date'), render: (x) => formatDate(x.transferred_on) },
            { key: 'from_mode_name', label: t('transfers.fromMode') },
            { key: 'to_mode_name', label: t('transfers.toMode') },
            { key: 'reference', label: t('statement.reference'), render: (x) => x.reference ?? '' },
            { key: 'amount', label: t('transfers.amount'), numeric: true, render: (x) => formatMoney(x.amount) },
            {
              key: 'status',
              label: t('transfers.status'),
              render: (x) =>
                x.status === 'void' ? (
                  <Badge color="gray" variant="light" title={x.void_reason ?? ''}>
                    {t('transfers.void')}
                  </Badge>
                ) : (
                  <Badge color="green" variant="light">
                    {t('transfers.valid')}
                  </Badge>
                ),
            },
          ]}
          actions={(x) =>
            x.status === 'void' ? null : (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconBan size={14} />}
                onClick={() => setVoiding(x.id)}
              >
                {t('transfers.voidAction')}
              </Button>
            )
          }
        />
      </Paper>
      {transferring && s ? (
        <TransferForm
          mode={{ id, name: s.mode.name }}
          onClose={() => setTransferring(false)}
          onSaved={() => {
            setTransferring(false);
            reload();
          }}
        />
      ) : null}
      {voiding === null ? null : (
        <VoidTransferDialog
          id={voiding}
          onClose={() => setVoiding(null)}
          onVoided={() => {
            setVoiding(null);
            reload();
          }}
        />
      )}
    </div>
  );
}

/** Void a transfer with a reason: it stays listed as void and leaves both statements. */
function VoidTransferDialog({ id, onClose, onVoided }: { id: number; onClose: () => void; onVoided: () => void }) {
  const { t } = useTranslation('fees-setup');
  const saving = useSaving();
  const { field, submit } = useContractForm(voidMoneyTransfer.input, { reason: '' });
  const save = submit((input) => api(voidMoneyTransfer, input, { id, refusalAsSuccess: true }), onVoided);
  return (
    <Modal opened onClose={onClose} title={t('transfers.voidTitle')} centered>
      <Stack>
        <Text size="sm">{t('transfers.voidBody')}</Text>
        <TextInput label={t('transfers.reason')} required data-autofocus {...field('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" loading={saving} onClick={() => void save()}>
            {t('transfers.voidAction')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  getOnlinePayments,
  matchOnlinePayment,
  type OnlineTransactionRow,
  onlinePendingPayments,
  rejectOnlinePayment,
  savePaymentGateway,
} from '@somero/contract';
import { IconRefresh, IconSettings, IconUserCheck, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { StudentField } from '../../../components/student-picker';
import { can } from '../../../lib/access';
import { api, fetchData } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { useContractForm } from '../../../lib/contract-form';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { feesReportKeys } from '../keys';
import { GatewaySettings } from './gateway-settings';

/**
 * /pending/online/payments: aggregator transactions no student's payment code matched. "Check for new
 * online payments" pulls from the provider (202 "No New Payments Received" shows as the error notice);
 * each waiting one is matched to a student (it becomes a receipted payment) or set aside with a reason.
 */
export default function PendingOnlinePaymentsScreen() {
  const { t } = useTranslation('fees-reports');
  const user = useUser();
  const queryClient = useQueryClient();
  const saving = useSaving();
  const [checking, setChecking] = useState(false);
  const [matching, setMatching] = useState<OnlineTransactionRow | null>(null);
  const [rejecting, setRejecting] = useState<OnlineTransactionRow | null>(null);
  const [configuring, setConfiguring] = useState(false);
  const pending = useQuery({
    queryKey: feesReportKeys.pendingOnline,
    queryFn: () => fetchData(onlinePendingPayments, {}).then((r) => r.data),
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: feesReportKeys.online });

  const check = async () => {
    setChecking(true);
    await api(getOnlinePayments, {});
    setChecking(false);
    void reload();
  };

  const rows = pending.data;
  const total = (rows ?? []).reduce((sum, r) => sum + r.amount, 0);
  const name = (r: OnlineTransactionRow) => r.provider_receipt_no;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            {can(user, savePaymentGateway.access) ? (
              <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setConfiguring(true)}>
                {t('gateway.open')}
              </Button>
            ) : null}
            <Button leftSection={<IconRefresh size={16} />} onClick={() => void check()} loading={checking}>
              {t('online.check')}
            </Button>
          </>
        }
      />
      <Paper withBorder p="md" data-testid="pending-table">
        <Text size="sm" c="dimmed" mb="sm">
          {t('online.pendingHelp')}
        </Text>
        <DataTable
          query={pending}
          rows={rows}
          empty={t('online.noPending')}
          minWidth={900}
          rowProps={(r) => ({ 'data-receipt': r.provider_receipt_no })}
          columns={[
            { key: 'paid_at', label: t('columns.paidAt'), render: (r) => formatDateTime(r.paid_at) },
            { key: 'provider_receipt_no', label: t('columns.providerReceipt') },
            { key: 'payment_code', label: t('columns.paymentCode'), render: (r) => r.payment_code ?? '' },
            { key: 'student_name', label: t('columns.payerName'), render: (r) => r.student_name ?? '' },
            { key: 'channel', label: t('columns.channel'), render: (r) => r.channel ?? '' },
            { key: 'amount', label: t('columns.amount'), numeric: true, render: (r) => formatNumber(r.amount) },
          ]}
          totals={{
            paid_at: t('online.waiting', { count: rows?.length ?? 0 }),
            amount: formatNumber(total),
          }}
          actions={(r) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconUserCheck size={14} />}
                aria-label={t('online.matchNamed', { name: name(r) })}
                onClick={() => setMatching(r)}
              >
                {t('online.match')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} />}
                aria-label={t('online.rejectNamed', { name: name(r) })}
                onClick={() => setRejecting(r)}
              >
                {t('online.reject')}
              </Button>
            </Group>
          )}
        />
      </Paper>
      {configuring ? <GatewaySettings onClose={() => setConfiguring(false)} /> : null}
      {matching ? (
        <MatchDialog
          row={matching}
          saving={saving}
          onClose={() => setMatching(null)}
          onDone={() => {
            setMatching(null);
            void reload();
          }}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog
          row={rejecting}
          saving={saving}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void reload();
          }}
        />
      ) : null}
    </div>
  );
}

interface DialogProps {
  row: OnlineTransactionRow;
  saving: boolean;
  onClose: () => void;
  onDone: () => void;
}

function Facts({ row }: { row: OnlineTransactionRow }) {
  const { t } = useTranslation('fees-reports');
  return (
    <Text size="sm">
      {t('online.facts', {
        amount: formatMoney(row.amount),
        name: row.student_name ?? '—',
        code: row.payment_code ?? '—',
        receipt: row.provider_receipt_no,
      })}
    </Text>
  );
}

function MatchDialog({ row, saving, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('fees-reports');
  const { field, values, submit } = useContractForm(
    matchOnlinePayment.input,
    { student_id: null as number | null },
    (v) => ({ id: row.id, student_id: v.student_id as number }),
  );
  const save = submit((input) => api(matchOnlinePayment, input), onDone);
  return (
    <Modal opened onClose={onClose} title={t('online.matchTitle')} centered size="lg">
      <Stack>
        <Facts row={row} />
        <StudentField data-autofocus {...field('student_id')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={values.student_id === null} loading={saving}>
            {t('online.matchSave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RejectDialog({ row, saving, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('fees-reports');
  const { field, submit } = useContractForm(rejectOnlinePayment.input, { reason: '' }, (v) => ({
    id: row.id,
    reason: v.reason.trim(),
  }));
  const save = submit((input) => api(rejectOnlinePayment, input), onDone);
  return (
    <Modal opened onClose={onClose} title={t('online.rejectTitle')} centered>
      <Stack>
        <Facts row={row} />
        <Textarea label={t('online.reason')} autosize minRows={2} data-autofocus {...field('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={() => void save()} loading={saving}>
            {t('online.rejectSave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Paper, Title } from '@mantine/core';
import { feesPaymentAmendmentList, type PaymentAmendmentRow } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { useReferenceRows } from '../../components/resource/reference-options';
import { fetchData } from '../../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { feesDeskKeys } from './keys';

/** The fields an amendment may change, with their labels (fees-desk strings). */
const fieldLabels: Record<string, string> = {
  amount: 'fields.amount',
  mode_id: 'fields.mode',
  paid_on: 'fields.date',
  reference: 'fields.reference',
  payer: 'fields.payer',
};

/** A payment's corrections, oldest first: "Amount: UGX 30,000 → UGX 35,000", who, when and why. */
export function AmendmentHistory({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation('fees-desk');
  const modes = useReferenceRows('payment_options');
  const history = useQuery({
    queryKey: feesDeskKeys.amendments(paymentId),
    queryFn: () => fetchData(feesPaymentAmendmentList, {}, { id: paymentId }).then((r) => r.data),
  });
  if (!history.data?.length) return null;
  const shown = (field: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return '—';
    if (field === 'amount') return formatMoney(Number(value));
    if (field === 'paid_on') return formatDate(String(value));
    if (field === 'mode_id') return String(modes.data?.find((m) => m.id === value)?.name ?? value);
    return String(value);
  };
  const changes = (a: PaymentAmendmentRow) =>
    Object.keys(a.after)
      .map((f) => `${t(fieldLabels[f] ?? f)}: ${shown(f, a.before[f])} → ${shown(f, a.after[f])}`)
      .join('; ');
  return (
    <Paper withBorder p="md" mt="md" data-testid="payment-amendments">
      <Title order={4} mb="sm">
        {t('payment.amendments')}
      </Title>
      <DataTable
        query={history}
        rows={history.data}
        empty=""
        columns={[
          { key: 'at', label: t('payment.amendedAt'), render: (a) => formatDateTime(a.at) },
          { key: 'by_name', label: t('payment.amendedBy') },
          { key: 'changes', label: t('payment.changes'), render: changes },
          { key: 'reason', label: t('payment.reason'), render: (a) => a.reason ?? '—' },
        ]}
      />
    </Paper>
  );
}

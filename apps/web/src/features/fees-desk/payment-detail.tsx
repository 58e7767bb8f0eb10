import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { amendFeesPayment, feesPaymentAmendmentList, viewFeesPayments, voidFeesPayment } from '@somero/contract';
import { IconBan, IconEdit, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { AmendmentHistory } from '../../components/amendment-history';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { useReferenceRows } from '../../components/resource/reference-options';
import { can } from '../../lib/access';
import { api, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format';
import { feesDeskKeys } from './keys';
import { AmendDialog, VoidDialog } from './payment-dialogs';
import { ledgerHref, PaymentStatus, printReceipt, studentPaymentsHref } from './payment-parts';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text data-testid={testId}>{children || '—'}</Text>
    </Stack>
  );
}

/** /fees/payment/{id}: one payment; reprint its receipt, amend it with a reason, or void it with a reason. */
export default function PaymentDetailScreen() {
  const { t } = useTranslation('fees-desk');
  const user = useUser();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const [dialog, setDialog] = useState<'amend' | 'void' | null>(null);
  const payment = useQuery({
    queryKey: feesDeskKeys.payment(id),
    queryFn: () => fetchData(viewFeesPayments, { id, per_page: 1 }).then((r) => r.data[0] ?? null),
    enabled: Number.isInteger(id) && id > 0,
  });
  const modes = useReferenceRows('payment_options');
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: feesDeskKeys.payments });
    void queryClient.invalidateQueries({ queryKey: feesDeskKeys.receipts });
    void queryClient.invalidateQueries({ queryKey: feesDeskKeys.desk });
  };

  if (payment.isPending && payment.fetchStatus !== 'idle')
    return (
      <>
        <PageHeader />
        <CenteredLoader />
      </>
    );
  const p = payment.data;
  if (!p)
    return (
      <div data-screen-status="built">
        <PageHeader />
        {payment.isError ? (
          <LoadError error={payment.error} onRetry={() => void payment.refetch()} />
        ) : (
          <Alert color="gray">{t('payment.notFound')}</Alert>
        )}
      </div>
    );
  const mayChange = p.status === 'valid' && can(user, amendFeesPayment.access);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button variant="light" leftSection={<IconPrinter size={16} />} onClick={() => void printReceipt(p.id)}>
              {t('payment.reprint')}
            </Button>
            {mayChange ? (
              <>
                <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setDialog('amend')}>
                  {t('payment.amend')}
                </Button>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconBan size={16} />}
                  onClick={() => setDialog('void')}
                >
                  {t('payment.void')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <Paper withBorder p="md">
        <Group justify="space-between" mb="md">
          <Text fw={700} size="lg" data-testid="payment-receipt">
            {t('receiptNamed', { n: p.receipt_no })}
          </Text>
          <PaymentStatus status={p.status} />
        </Group>
        {p.status === 'void' ? (
          <Alert color="red" mb="md" title={t('payment.voidTitle')} data-testid="payment-void">
            {t('payment.voidBy', {
              reason: p.void_reason ?? '',
              by: p.voided_by ?? '',
              at: formatDateTime(p.voided_at),
            })}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Item label={t('fields.student')}>
            <Anchor component={Link} to={studentPaymentsHref(p.student_id)}>
              {p.student_name}
            </Anchor>
          </Item>
          <Item label={t('payment.admission')}>{p.admission_no}</Item>
          <Item label={t('fields.class')}>{p.class_name}</Item>
          <Item label={t('fields.amount')} testId="payment-amount">
            {formatMoney(p.amount)}
          </Item>
          <Item label={t('fields.mode')}>{p.mode_name}</Item>
          <Item label={t('fields.date')}>{formatDate(p.paid_on)}</Item>
          <Item label={t('fields.reference')}>{p.reference}</Item>
          <Item label={t('fields.payer')}>{p.payer}</Item>
          <Item label={t('fields.term')}>{t('payment.termOf', { term: p.term, year: p.year })}</Item>
          <Item label={t('fields.cashier')}>{p.cashier_name}</Item>
          <Item label={t('payment.recorded')}>{formatDateTime(p.created_at)}</Item>
          <Item label={t('payment.ledger')}>
            <Anchor component={Link} to={ledgerHref(p.student_id, p.student_name)}>
              {t('payment.openLedger')}
            </Anchor>
          </Item>
        </SimpleGrid>
      </Paper>
      <AmendmentHistory
        call={feesPaymentAmendmentList}
        id={p.id}
        queryKey={feesDeskKeys.amendments(p.id)}
        fields={{
          amount: { label: t('fields.amount'), show: (v) => formatMoney(Number(v)) },
          mode_id: { label: t('fields.mode'), show: (v) => String(modes.data?.find((m) => m.id === v)?.name ?? v) },
          paid_on: { label: t('fields.date'), show: (v) => formatDate(String(v)) },
          reference: { label: t('fields.reference') },
          payer: { label: t('fields.payer') },
        }}
      />
      {dialog === 'void' ? (
        <VoidDialog
          title={t('void.title', { n: p.receipt_no })}
          message={t('void.message', { amount: formatMoney(p.amount), name: p.student_name })}
          onClose={() => setDialog(null)}
          onVoid={async (reason) => {
            const result = await api(
              voidFeesPayment,
              { id: p.id, reason },
              { module: 'feesPayments', action: 'delete' },
            );
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
      {dialog === 'amend' ? (
        <AmendDialog
          title={t('amend.title', { n: p.receipt_no })}
          schema={amendFeesPayment.input}
          payment={p}
          onClose={() => setDialog(null)}
          onAmend={async (values) => {
            const result = await api(amendFeesPayment, values, { id: p.id, module: 'feesPayments', action: 'update' });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

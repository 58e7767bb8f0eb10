import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { feesLedger, studentPayments } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatMoney } from '../../lib/format';
import { feesDeskKeys } from './keys';
import { BalanceText, ledgerHref, PaymentsTable } from './payment-parts';

/** /students/payment/{id}: one student's payments, newest first, each with its receipt; what is paid and owed. */
export default function StudentPaymentsScreen() {
  const { t } = useTranslation('fees-desk');
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const payments = useQuery({
    queryKey: feesDeskKeys.studentPayments(id),
    queryFn: () => fetchData(studentPayments, { student_id: id }).then((r) => r.data),
    enabled: valid,
  });
  // The ledger names the student even before any payment.
  const ledger = useQuery({
    queryKey: feesDeskKeys.ledger(id),
    queryFn: () => fetchData(feesLedger, {}, { id }).then((r) => r.data),
    enabled: valid,
  });
  const student = ledger.data?.student;

  return (
    <div data-screen-status="built">
      <PageHeader />
      {!valid || (payments.isError && ledger.isError) ? (
        <Alert color="gray">{t('studentPayments.notFound')}</Alert>
      ) : (
        <Stack>
          {student ? (
            <Paper withBorder p="md">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Title order={3} data-testid="student-name">
                    {student.name}
                  </Title>
                  <Text c="dimmed">
                    {[student.admission_no, [student.class_name, student.stream_name].filter(Boolean).join(' ')]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Anchor component={Link} size="sm" to={ledgerHref(id, student.name)}>
                    {t('studentPayments.ledger')}
                  </Anchor>
                </Stack>
                {payments.data ? (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" c="dimmed">
                      {t('studentPayments.totalPaid')}
                    </Text>
                    <Text fw={700} data-testid="student-total-paid">
                      {formatMoney(payments.data.total_paid)}
                    </Text>
                    <Text size="sm" c="dimmed" mt="xs">
                      {t('desk.balance')}
                    </Text>
                    <Text fw={700} data-testid="student-balance">
                      {payments.data.balance === null ? '—' : <BalanceText balance={payments.data.balance} />}
                    </Text>
                  </Stack>
                ) : null}
              </Group>
            </Paper>
          ) : null}
          <Paper withBorder p="md">
            <PaymentsTable
              query={payments}
              rows={payments.data?.payments}
              withoutStudent
              empty={t('studentPayments.none')}
            />
          </Paper>
        </Stack>
      )}
    </div>
  );
}

import { Alert, Anchor, Button, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { addFeesPayment, feesLedger, viewFeesPayments } from '@somero/contract';
import { IconCash, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/date-field';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { useReferenceRows } from '../../components/resource/reference-options';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatMoney, today } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { feesDeskKeys } from './keys';
import { BalanceText, ledgerHref, newPaymentKey, printReceipt, studentPaymentsHref } from './payment-parts';

interface LastPayment {
  id: number;
  receiptNo: number | null;
  student: string;
  amount: number;
  balance: number | null;
}

/** The desk's form; the student is the picker's (shown with the balance), sent as `student_id`. */
type DeskValues = {
  amount: number | null;
  mode_id: number | null;
  paid_on: string;
  reference: string;
  payer: string;
};

const ledgerOf = (id: number) => fetchData(feesLedger, {}, { id }).then((r) => r.data);

/**
 * /fees/pay, the payment desk: find the student with the keyboard, see the balance, take the payment
 * (one Idempotency-Key per form, so a double click or a retry makes one payment), the receipt opens to
 * print, and the form is ready for the next student with the same mode and date.
 */
export default function PayFeesScreen() {
  const { t } = useTranslation('fees-desk');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [last, setLast] = useState<LastPayment | null>(null);
  // The server's question about an amount far above the balance, for the form as it was sent.
  const [asked, setAsked] = useState<{ message: string; payload: string } | null>(null);
  // A new form (the next student) remounts the picker, which takes the focus again.
  const [formKey, setFormKey] = useState(0);
  // One key per payment the bursar means: the same form sent again (a double click, a retry after a lost
  // reply) keeps it, so the server answers the first payment; any changed field is another payment.
  const key = useRef({ key: newPaymentKey(), payload: '' });
  const sending = useRef(false);

  // The first mode in use (the cash box) until the bursar picks another; kept for the next student.
  const modes = useReferenceRows('payment_options');
  const firstMode = modes.data?.find((m) => m.active !== false)?.id ?? null;
  const studentId = student ? Number(student.value) : null;
  const toInput = (v: DeskValues) => ({
    student_id: studentId as number,
    amount: v.amount as number,
    mode_id: (v.mode_id ?? firstMode) as number,
    paid_on: v.paid_on,
    reference: v.reference.trim() || null,
    payer: v.payer.trim() || null,
  });
  const {
    form,
    field,
    values,
    submit: sendForm,
  } = useContractForm(
    addFeesPayment.input,
    { amount: null, mode_id: null, paid_on: today(), reference: '', payer: '' } as DeskValues,
    toInput,
  );
  const modeId = values.mode_id ?? firstMode;
  const ledger = useQuery({
    queryKey: feesDeskKeys.ledger(studentId),
    queryFn: () => ledgerOf(studentId ?? 0),
    enabled: studentId !== null,
  });

  const nextStudent = () => {
    setStudent(null);
    form.setValues({ amount: null, reference: '', payer: '' });
    form.clearErrors();
    setFormKey((k) => k + 1);
  };

  const payment = studentId !== null && values.amount && modeId ? toInput(values) : null;
  const payload = payment ? JSON.stringify(payment) : '';
  // The question stands only for the form it was asked about: any change and it goes.
  const question = asked && asked.payload === payload ? asked.message : null;
  const modeRow = modes.data?.find((m) => m.id === modeId);

  const submit = async (confirm: boolean) => {
    if (sending.current || !student || studentId === null || !payment) return;
    sending.current = true;
    if (payload !== key.current.payload) key.current = { key: newPaymentKey(), payload };
    try {
      const result = await sendForm((input) =>
        api(
          addFeesPayment,
          { ...input, ...(confirm ? { confirm: true } : {}) },
          { module: 'feesPayments', action: 'add', headers: { 'Idempotency-Key': key.current.key } },
        ),
      )();
      if (!result.ok) {
        setAsked(result.confirm && result.message ? { message: result.message, payload } : null);
        return;
      }
      setAsked(null);
      // This form's payment is made: the next one gets its own key.
      key.current = { key: newPaymentKey(), payload: '' };
      const id = result.data;
      void printReceipt(id);
      const name = student.item.name;
      const paid = payment.amount;
      nextStudent();
      // Balances changed: never show the bursar the one from before this payment, even for a moment.
      queryClient.removeQueries({ queryKey: feesDeskKeys.desk });
      setLast({ id, receiptNo: null, student: name, amount: paid, balance: null });
      const [row, after] = await Promise.all([
        fetchData(viewFeesPayments, { id, per_page: 1 }).then((r) => r.data[0]),
        ledgerOf(studentId),
      ]).catch(() => [undefined, undefined] as const);
      setLast((now) =>
        now?.id === id ? { ...now, receiptNo: row?.receipt_no ?? null, balance: after?.balance ?? null } : now,
      );
    } finally {
      sending.current = false;
    }
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper
            withBorder
            p="md"
            component="form"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void submit(false);
            }}
            noValidate
          >
            <Stack>
              <StudentPicker
                key={formKey}
                autoFocus
                required
                value={student}
                onChange={(next) => {
                  setStudent(next);
                  form.clearErrors();
                }}
                error={form.errors.student_id}
              />
              {student ? (
                <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)" data-testid="desk-student">
                  <Group justify="space-between" align="flex-start">
                    <Stack gap={2}>
                      <Text fw={600}>{student.item.name}</Text>
                      <Text size="sm" c="dimmed">
                        {student.item.admission_no} ·{' '}
                        {[student.item.class_name, student.item.stream_name].filter(Boolean).join(' ')}
                        {student.item.payment_code ? ` · ${t('desk.code', { code: student.item.payment_code })}` : ''}
                      </Text>
                      {/* Out of the Tab order: from the picker, Tab goes straight to the amount. */}
                      <Group gap="sm">
                        <Anchor
                          component={Link}
                          size="sm"
                          tabIndex={-1}
                          to={ledgerHref(studentId ?? 0, student.item.name)}
                        >
                          {t('desk.ledger')}
                        </Anchor>
                        <Anchor component={Link} size="sm" tabIndex={-1} to={studentPaymentsHref(studentId ?? 0)}>
                          {t('desk.payments')}
                        </Anchor>
                      </Group>
                    </Stack>
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" c="dimmed">
                        {t('desk.balance')}
                      </Text>
                      <Text fw={700} size="lg" data-testid="desk-balance">
                        {ledger.data ? <BalanceText balance={ledger.data.balance} /> : ledger.isError ? '—' : '…'}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              ) : null}
              <Group grow align="flex-start">
                <MoneyInput label={t('fields.amount')} required {...field('amount')} />
                <ReferenceSelect
                  label={t('fields.mode')}
                  references="payment_options"
                  required
                  only={(o) => o.row.active !== false}
                  {...field('mode_id')}
                  value={modeId}
                />
              </Group>
              <Group grow align="flex-start">
                <DateField label={t('fields.date')} max={today()} {...field('paid_on')} />
                <TextInput
                  label={t('fields.reference')}
                  // Bank and mobile-money modes need the slip or transaction id (the mode says so).
                  required={modeRow?.requires_reference === true}
                  placeholder={t('desk.referenceHint')}
                  {...field('reference')}
                />
              </Group>
              <TextInput label={t('fields.payer')} {...field('payer')} />
              {question ? (
                <Alert color="yellow" title={t('desk.confirmTitle')} data-testid="desk-confirm">
                  <Stack gap="xs">
                    <Text size="sm">{question}</Text>
                    <Group>
                      <Button size="xs" color="yellow" loading={saving} onClick={() => void submit(true)}>
                        {t('desk.confirm')}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setAsked(null)}>
                        {t('desk.change')}
                      </Button>
                    </Group>
                  </Stack>
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button
                  type="submit"
                  leftSection={<IconCash size={16} />}
                  loading={saving}
                  disabled={!student || !values.amount || !modeId}
                >
                  {t('desk.save')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          {last ? (
            <Alert color="green" title={t('desk.lastTitle')} data-testid="desk-last">
              <Stack gap={4}>
                <Text size="sm">
                  {last.receiptNo === null
                    ? t('desk.lastPending', { name: last.student, amount: formatMoney(last.amount) })
                    : t('desk.last', { n: last.receiptNo, name: last.student, amount: formatMoney(last.amount) })}
                </Text>
                <Text size="sm" fw={600} data-testid="desk-last-balance">
                  {last.balance === null ? null : (
                    <>
                      {t('desk.balanceNow')} <BalanceText balance={last.balance} />
                    </>
                  )}
                </Text>
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPrinter size={14} />}
                    onClick={() => void printReceipt(last.id)}
                  >
                    {t('desk.reprint')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <Paper withBorder p="md">
              <Title order={5} mb="xs">
                {t('desk.howTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('desk.how')}
              </Text>
            </Paper>
          )}
        </Grid.Col>
      </Grid>
    </div>
  );
}

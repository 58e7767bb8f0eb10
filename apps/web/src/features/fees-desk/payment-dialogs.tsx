import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type ApiFail, type ApiResult, fieldErrors } from '../../lib/api';
import { today } from '../../lib/format';

type Outcome = ApiResult<unknown, unknown>;
const errorsOf = (result: Outcome) => (result.ok ? {} : fieldErrors((result as ApiFail).errors));

interface VoidProps {
  title: string;
  message: string;
  onVoid: (reason: string) => Promise<Outcome>;
  onClose: () => void;
  /** The void button's text; "Void payment" unless given (other money records, e.g. revenues). */
  confirm?: string;
}

/** Void a payment (or another money record): the reason is required, and it stays listed as void. */
export function VoidDialog({ title, message, onVoid, onClose, confirm }: VoidProps) {
  const { t } = useTranslation('fees-desk');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onVoid(reason.trim());
    if (result.ok) onClose();
    else setErrors(errorsOf(result));
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text>{message}</Text>
          <ReasonField label={t('fields.reason')} autoFocus value={reason} onChange={setReason} error={errors.reason} />
          <FormButtons
            onCancel={onClose}
            submit={confirm ?? t('void.confirm')}
            color="red"
            disabled={reason.trim().length < 3}
            mt={0}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export interface AmendValues {
  amount?: number;
  mode_id?: number;
  paid_on?: string;
  reference?: string | null;
  payer?: string | null;
  reason: string;
}

interface AmendProps {
  title: string;
  payment: { amount: number; mode_id: number; paid_on: string; reference: string | null; payer: string | null };
  onAmend: (values: AmendValues) => Promise<Outcome>;
  onClose: () => void;
}

/** Correct a payment (amount, mode, date, reference, payer) with a reason; the original is kept. */
export function AmendDialog({ title, payment, onAmend, onClose }: AmendProps) {
  const { t } = useTranslation('fees-desk');
  const [fields, setFields] = useState<PaymentFieldValues>({
    amount: payment.amount,
    mode_id: payment.mode_id,
    paid_on: payment.paid_on,
    reference: payment.reference ?? '',
    payer: payment.payer ?? '',
  });
  const { amount, mode_id: mode, paid_on: paidOn, reference, payer } = fields;
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Only what changed is sent, so the amendment records exactly that.
    const values: AmendValues = { reason: reason.trim() };
    if (amount !== null && amount !== payment.amount) values.amount = amount;
    if (mode !== null && mode !== payment.mode_id) values.mode_id = mode;
    if (paidOn && paidOn !== payment.paid_on) values.paid_on = paidOn;
    if (reference.trim() !== (payment.reference ?? '')) values.reference = reference.trim() || null;
    if (payer.trim() !== (payment.payer ?? '')) values.payer = payer.trim() || null;
    const result = await onAmend(values);
    if (result.ok) onClose();
    else setErrors(errorsOf(result));
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <PaymentFields values={fields} onChange={setFields} errors={errors} />
          <ReasonField
            label={t('fields.reason')}
            description={t('amend.reasonHelp')}
            value={reason}
            onChange={setReason}
            error={errors.reason}
          />
          <FormButtons onCancel={onClose} submit={t('amend.save')} disabled={reason.trim().length < 3} mt={0} />
        </Stack>
      </form>
    </Modal>
  );
}

/** What a payment form holds: the amount, mode, date, reference and payer (empty text is "none"). */
export interface PaymentFieldValues {
  amount: number | null;
  mode_id: number | null;
  paid_on: string;
  reference: string;
  payer: string;
}

interface PaymentFieldsProps {
  values: PaymentFieldValues;
  onChange: (next: PaymentFieldValues) => void;
  errors: Record<string, string>;
  /** A new payment: amount and mode are required, and only modes in use are offered. */
  fresh?: boolean;
}

/** The fields of a payment, shared by the old students' payment form and the amendment dialog. */
export function PaymentFields({ values, onChange, errors, fresh = false }: PaymentFieldsProps) {
  const { t } = useTranslation('fees-desk');
  const set = (patch: Partial<PaymentFieldValues>) => onChange({ ...values, ...patch });
  return (
    <>
      <MoneyInput
        label={t('fields.amount')}
        required={fresh}
        value={values.amount}
        onChange={(amount) => set({ amount })}
        error={errors.amount}
      />
      <ReferenceSelect
        label={t('fields.mode')}
        references="payment_options"
        required={fresh}
        only={fresh ? (o) => o.row.active !== false : undefined}
        value={values.mode_id}
        onChange={(mode_id) => set({ mode_id })}
        error={errors.mode_id}
      />
      <DateField
        label={t('fields.date')}
        max={today()}
        value={values.paid_on}
        onChange={(day) => set({ paid_on: day })}
        error={errors.paid_on}
      />
      <TextInput
        label={t('fields.reference')}
        value={values.reference}
        onChange={(e) => set({ reference: e.currentTarget.value })}
        error={errors.reference}
      />
      <TextInput
        label={t('fields.payer')}
        value={values.payer}
        onChange={(e) => set({ payer: e.currentTarget.value })}
        error={errors.payer}
      />
    </>
  );
}

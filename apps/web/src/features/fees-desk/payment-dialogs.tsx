import { TextInput } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../components/date-field';
import { AmendReasonField, ModeField, MoneyFormModal } from '../../components/money-form';
import { MoneyInput } from '../../components/money-input';
import type { ApiResult } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { today } from '../../lib/format';

export { VoidDialog } from '../../components/void-dialog';

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
  /** The amend call's input schema, which checks the fields as they are typed. */
  schema: z.ZodType;
  payment: { amount: number; mode_id: number; paid_on: string; reference: string | null; payer: string | null };
  onAmend: (values: AmendValues) => Promise<ApiResult<unknown, unknown>>;
  onClose: () => void;
}

/** Correct a payment (amount, mode, date, reference, payer) with a reason; the original is kept. */
export function AmendDialog({ title, schema, payment, onAmend, onClose }: AmendProps) {
  const { t } = useTranslation('fees-desk');
  const { field, values, submit } = useContractForm(
    schema,
    {
      amount: payment.amount as number | null,
      mode_id: payment.mode_id as number | null,
      paid_on: payment.paid_on,
      reference: payment.reference ?? '',
      payer: payment.payer ?? '',
      reason: '',
    },
    // Only what changed is sent, so the amendment records exactly that.
    (v) => {
      const changed: AmendValues = { reason: v.reason.trim() };
      if (v.amount !== null && v.amount !== payment.amount) changed.amount = v.amount;
      if (v.mode_id !== null && v.mode_id !== payment.mode_id) changed.mode_id = v.mode_id;
      if (v.paid_on && v.paid_on !== payment.paid_on) changed.paid_on = v.paid_on;
      if (v.reference.trim() !== (payment.reference ?? '')) changed.reference = v.reference.trim() || null;
      if (v.payer.trim() !== (payment.payer ?? '')) changed.payer = v.payer.trim() || null;
      return changed;
    },
  );
  return (
    <MoneyFormModal
      title={title}
      onClose={onClose}
      onSubmit={submit(onAmend, onClose)}
      submit={t('amend.save')}
      submitDisabled={values.reason.trim().length < 3}
    >
      <PaymentFields field={field} />
      <AmendReasonField label={t('fields.reason')} hint={t('amend.reasonHelp')} {...field('reason')} />
    </MoneyFormModal>
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

/** A field's props as `useContractForm`'s `field(name)` gives them. */
interface FieldProps {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
}

interface PaymentFieldsProps {
  field: (name: keyof PaymentFieldValues) => FieldProps;
  /** A new payment: amount and mode are required, and only modes in use are offered. */
  fresh?: boolean;
}

/** The fields of a payment, shared by the old students' payment form and the amendment dialog. */
export function PaymentFields({ field, fresh = false }: PaymentFieldsProps) {
  const { t } = useTranslation('fees-desk');
  const text = (name: 'reference' | 'payer') => {
    const props = field(name);
    return {
      ...props,
      value: props.value as string,
      onChange: (e: ChangeEvent<HTMLInputElement>) => props.onChange(e.currentTarget.value),
    };
  };
  return (
    <>
      <MoneyInput
        label={t('fields.amount')}
        required={fresh}
        {...field('amount')}
        value={field('amount').value as number | null}
      />
      <ModeField
        label={t('fields.mode')}
        required={fresh}
        fresh={fresh}
        {...field('mode_id')}
        value={field('mode_id').value as number | null}
      />
      <DateField
        label={t('fields.date')}
        max={today()}
        {...field('paid_on')}
        value={field('paid_on').value as string}
      />
      <TextInput label={t('fields.reference')} {...text('reference')} />
      <TextInput label={t('fields.payer')} {...text('payer')} />
    </>
  );
}

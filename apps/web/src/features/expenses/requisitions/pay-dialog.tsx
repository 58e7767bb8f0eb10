import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { FormButtons } from '../../../components/form-buttons';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import type { ApiResult } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { today } from '../../../lib/format';

export interface Payment {
  mode_id: number;
  paid_on: string;
  reference: string;
}

/** The payment's fields of a call that pays (a credit cleared, a requisition or a salary paid). */
interface PaymentFields {
  shape: { mode_id: z.ZodType; paid_on: z.ZodType; reference: z.ZodType };
}

/**
 * Paying money out from a payment mode (a credit cleared, a requisition paid): which mode, on which
 * day (not after today), with the voucher or slip number; it then shows on that mode's statement. The
 * fields are checked by the payment's fields of the call that pays (`input`).
 */
export function PayDialog({
  title,
  message,
  submit,
  input,
  onPay,
  onClose,
}: {
  title: string;
  message?: ReactNode;
  submit: string;
  /** The paying call's input schema. */
  input: PaymentFields;
  /** Sends the payment; the dialog closes when it is accepted and shows the field errors when not. */
  onPay: (payment: Payment) => Promise<ApiResult<unknown>>;
  onClose: () => void;
}) {
  const { t } = useTranslation('expenses');
  const {
    field,
    values,
    submit: send,
  } = useContractForm(
    z.object({ mode_id: input.shape.mode_id, paid_on: input.shape.paid_on, reference: input.shape.reference }),
    { mode_id: null as number | null, paid_on: today(), reference: '' },
    (v) => ({ mode_id: v.mode_id as number, paid_on: v.paid_on, reference: v.reference.trim() }),
  );
  const pay = send(onPay, onClose);
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void pay(e)} noValidate>
        <Stack>
          {message ? <Text>{message}</Text> : null}
          <ReferenceSelect
            label={t('fields.mode')}
            references="payment_options"
            required
            data-autofocus
            only={(o) => o.row.active !== false}
            {...field('mode_id')}
          />
          <DateField label={t('fields.paidOn')} required max={today()} {...field('paid_on')} />
          <TextInput label={t('fields.reference')} description={t('record.referenceHint')} {...field('reference')} />
        </Stack>
        <FormButtons onCancel={onClose} submit={submit} disabled={!values.mode_id} />
      </form>
    </Modal>
  );
}

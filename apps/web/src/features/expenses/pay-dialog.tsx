import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type ApiResult, fieldErrors } from '../../lib/api';
import { today } from '../../lib/format';

export interface Payment {
  mode_id: number;
  paid_on: string;
  reference: string;
}

/**
 * Paying money out from a payment mode (a credit cleared, a requisition paid): which mode, on which
 * day (not after today), with the voucher or slip number; it then shows on that mode's statement.
 */
export function PayDialog({
  title,
  message,
  submit,
  onPay,
  onClose,
}: {
  title: string;
  message?: ReactNode;
  submit: string;
  /** Sends the payment; the dialog closes when it is accepted and shows the field errors when not. */
  onPay: (payment: Payment) => Promise<ApiResult<unknown>>;
  onClose: () => void;
}) {
  const { t } = useTranslation('expenses');
  const [modeId, setModeId] = useState<number | null>(null);
  const [paidOn, setPaidOn] = useState(today());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onPay({ mode_id: modeId ?? 0, paid_on: paidOn, reference: reference.trim() });
    if (result.ok) onClose();
    else setErrors(fieldErrors(result.errors));
  };
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack>
          {message ? <Text>{message}</Text> : null}
          <ReferenceSelect
            label={t('fields.mode')}
            references="payment_options"
            required
            data-autofocus
            only={(o) => o.row.active !== false}
            value={modeId}
            onChange={setModeId}
            error={errors.mode_id}
          />
          <DateField
            label={t('fields.paidOn')}
            required
            max={today()}
            value={paidOn}
            onChange={setPaidOn}
            error={errors.paid_on}
          />
          <TextInput
            label={t('fields.reference')}
            description={t('record.referenceHint')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={submit} disabled={!modeId} />
      </form>
    </Modal>
  );
}

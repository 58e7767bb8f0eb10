import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { addRevenue, amendRevenue, type RevenueRow } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { today } from '../../lib/format';

interface Props {
  /** The revenue being amended; a new one when absent. */
  revenue?: RevenueRow;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Record a revenue, or amend one with the reason (the server keeps what it was). No success notice
 * (specification); a refusal shows the server's message and a 422 marks the fields.
 */
export function RevenueForm({ revenue, onClose, onSaved }: Props) {
  const { t } = useTranslation('revenues');
  const [sourceId, setSourceId] = useState<number | null>(revenue?.source_id ?? null);
  const [amount, setAmount] = useState<number | null>(revenue?.amount ?? null);
  const [receivedOn, setReceivedOn] = useState(revenue?.received_on ?? today());
  const [modeId, setModeId] = useState<number | null>(revenue?.mode_id ?? null);
  const [receivedFrom, setReceivedFrom] = useState(revenue?.received_from ?? '');
  const [reference, setReference] = useState(revenue?.reference ?? '');
  const [description, setDescription] = useState(revenue?.description ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = {
      source_id: sourceId ?? 0,
      amount: amount ?? 0,
      received_on: receivedOn,
      mode_id: modeId ?? 0,
      received_from: receivedFrom.trim(),
      reference: reference.trim(),
      description: description.trim(),
    };
    const result = revenue
      ? await api(amendRevenue, { ...values, reason: reason.trim() }, { id: revenue.id, silentSuccess: true })
      : await api(addRevenue, values, { silentSuccess: true });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={revenue ? t('amend.title') : t('add')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <ReferenceSelect
            label={t('fields.source')}
            references="revenue_sources"
            required
            data-autofocus
            value={sourceId}
            onChange={setSourceId}
            error={errors.source_id}
          />
          <MoneyInput label={t('fields.amount')} required value={amount} onChange={setAmount} error={errors.amount} />
          <DateField
            label={t('fields.receivedOn')}
            required
            max={today()}
            value={receivedOn}
            onChange={setReceivedOn}
            error={errors.received_on}
          />
          <ReferenceSelect
            label={t('fields.mode')}
            references="payment_options"
            required
            only={revenue ? undefined : (o) => o.row.active !== false}
            value={modeId}
            onChange={setModeId}
            error={errors.mode_id}
          />
          <TextInput
            label={t('fields.receivedFrom')}
            value={receivedFrom}
            onChange={(e) => setReceivedFrom(e.currentTarget.value)}
            error={errors.received_from}
          />
          <TextInput
            label={t('fields.reference')}
            description={t('referenceHint')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          {revenue ? (
            <ReasonField
              label={t('fields.reason')}
              description={t('amend.reasonHelp')}
              value={reason}
              onChange={setReason}
              error={errors.reason}
            />
          ) : null}
        </Stack>
        <FormButtons onCancel={onClose} submit={revenue ? t('amend.save') : t('save')} />
      </form>
    </Modal>
  );
}

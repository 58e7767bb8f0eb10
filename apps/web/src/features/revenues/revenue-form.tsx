import { addRevenue, amendRevenue, type RevenueRow, revenueAmendmentList } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { AmendmentHistory, shownAs, useNamed } from '../../components/amendment-history';
import { DateField } from '../../components/date-field';
import { AmendReasonField, ModeField, MoneyFormModal, NoteField, TextField } from '../../components/money-form';
import { MoneyInput } from '../../components/money-input';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { today } from '../../lib/format';
import { revenueKeys } from './keys';

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
  const sourceName = useNamed('revenue_sources');
  const modeName = useNamed('payment_options');
  const { field, submit } = useContractForm(
    revenue ? amendRevenue.input : addRevenue.input,
    {
      source_id: revenue?.source_id ?? null,
      amount: revenue?.amount ?? null,
      received_on: revenue?.received_on ?? today(),
      mode_id: revenue?.mode_id ?? null,
      received_from: revenue?.received_from ?? '',
      reference: revenue?.reference ?? '',
      description: revenue?.description ?? '',
      reason: '',
    },
    (v) => ({
      source_id: v.source_id as number,
      amount: v.amount ?? 0,
      received_on: v.received_on,
      mode_id: v.mode_id as number,
      received_from: v.received_from.trim(),
      reference: v.reference.trim(),
      description: v.description.trim(),
      reason: v.reason.trim(),
    }),
  );
  const save = submit(
    ({ reason, ...values }) =>
      revenue
        ? api(amendRevenue, { ...values, reason }, { id: revenue.id, silentSuccess: true })
        : api(addRevenue, values, { silentSuccess: true }),
    onSaved,
  );

  return (
    <MoneyFormModal
      title={revenue ? t('amend.title') : t('add')}
      onClose={onClose}
      onSubmit={save}
      submit={revenue ? t('amend.save') : t('save')}
    >
      <ReferenceSelect
        label={t('fields.source')}
        references="revenue_sources"
        required
        data-autofocus
        {...field('source_id')}
      />
      <MoneyInput label={t('fields.amount')} required {...field('amount')} />
      <DateField label={t('fields.receivedOn')} required max={today()} {...field('received_on')} />
      <ModeField label={t('fields.mode')} fresh={!revenue} {...field('mode_id')} />
      <TextField label={t('fields.receivedFrom')} {...field('received_from')} />
      <TextField label={t('fields.reference')} hint={t('referenceHint')} {...field('reference')} />
      <NoteField label={t('fields.description')} {...field('description')} />
      <AmendReasonField
        shown={!!revenue}
        label={t('fields.reason')}
        hint={t('amend.reasonHelp')}
        {...field('reason')}
      />
      {revenue ? (
        <AmendmentHistory
          call={revenueAmendmentList}
          id={revenue.id}
          queryKey={revenueKeys.amendments(revenue.id)}
          fields={{
            source_id: { label: t('fields.source'), show: sourceName },
            amount: { label: t('fields.amount'), show: shownAs.money },
            received_on: { label: t('fields.receivedOn'), show: shownAs.date },
            mode_id: { label: t('fields.mode'), show: modeName },
            received_from: { label: t('fields.receivedFrom') },
            reference: { label: t('fields.reference') },
            description: { label: t('fields.description') },
          }}
        />
      ) : null}
    </MoneyFormModal>
  );
}

import { Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { amendExpense, type ExpenseRow } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { expenseName } from './expense-parts';

interface Props {
  expense: ExpenseRow;
  onClose: () => void;
  onSaved: () => void;
}

/** Correct an expense's supplier, reference or note, saying why; amounts change through Edit (the cart). */
export function AmendExpenseDialog({ expense, onClose, onSaved }: Props) {
  const { t } = useTranslation('expenses');
  const [supplierId, setSupplierId] = useState<number | null>(expense.supplier_id);
  const [reference, setReference] = useState(expense.reference ?? '');
  const [note, setNote] = useState(expense.note ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await api(
      amendExpense,
      { supplier_id: supplierId, reference: reference.trim(), note: note.trim(), reason: reason.trim() },
      { id: expense.id, module: 'expenses' },
    );
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={t('amend.title', { name: expenseName(expense) })} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('amend.help')}
          </Text>
          <ReferenceSelect
            label={t('fields.supplier')}
            references="suppliers"
            clearable
            value={supplierId}
            onChange={setSupplierId}
            error={errors.supplier_id}
          />
          <TextInput
            label={t('fields.reference')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
          <Textarea
            label={t('fields.note')}
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
          <ReasonField
            label={t('fields.reason')}
            description={t('amend.reasonHelp')}
            value={reason}
            onChange={setReason}
            error={errors.reason}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={t('amend.save')} />
      </form>
    </Modal>
  );
}

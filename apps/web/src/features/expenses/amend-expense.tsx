import { Text } from '@mantine/core';
import { amendExpense, type ExpenseRow, expenseAmendmentList } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { AmendmentHistory, useNamed } from '../../components/amendment-history';
import { AmendReasonField, MoneyFormModal, NoteField, SupplierField, TextField } from '../../components/money-form';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { expenseName } from './expense-parts';
import { expenseKeys } from './keys';

interface Props {
  expense: ExpenseRow;
  onClose: () => void;
  onSaved: () => void;
}

/** Correct an expense's supplier, reference or note, saying why; amounts change through Edit (the cart). */
export function AmendExpenseDialog({ expense, onClose, onSaved }: Props) {
  const { t } = useTranslation('expenses');
  const supplierName = useNamed('suppliers');
  const { field, submit } = useContractForm(
    amendExpense.input,
    { supplier_id: expense.supplier_id, reference: expense.reference ?? '', note: expense.note ?? '', reason: '' },
    (v) => ({
      supplier_id: v.supplier_id,
      reference: v.reference.trim(),
      note: v.note.trim(),
      reason: v.reason.trim(),
    }),
  );
  const save = submit((input) => api(amendExpense, input, { id: expense.id, module: 'expenses' }), onSaved);

  return (
    <MoneyFormModal
      title={t('amend.title', { name: expenseName(expense) })}
      onClose={onClose}
      onSubmit={save}
      submit={t('amend.save')}
    >
      <Text size="sm" c="dimmed">
        {t('amend.help')}
      </Text>
      <SupplierField label={t('fields.supplier')} {...field('supplier_id')} />
      <TextField label={t('fields.reference')} {...field('reference')} />
      <NoteField label={t('fields.note')} {...field('note')} />
      <AmendReasonField label={t('fields.reason')} hint={t('amend.reasonHelp')} {...field('reason')} />
      <AmendmentHistory
        call={expenseAmendmentList}
        id={expense.id}
        queryKey={expenseKeys.amendments(expense.id)}
        fields={{
          supplier_id: { label: t('fields.supplier'), show: supplierName },
          reference: { label: t('fields.reference') },
          note: { label: t('fields.note') },
        }}
      />
    </MoneyFormModal>
  );
}

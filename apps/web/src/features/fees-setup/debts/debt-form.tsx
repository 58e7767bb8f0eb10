import { Modal, Stack, TextInput } from '@mantine/core';
import { type previousDebtRow, storePreviousDebt } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyInput } from '../../../components/money-input';
import { StudentField } from '../../../components/student-picker';
import { api, type CallInput } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';

export type Debt = z.infer<typeof previousDebtRow>;

/** One student's balance brought forward (POST store_previous_debts); a negative amount is a credit. */
export function DebtForm({ row, onClose, onSaved }: { row: Debt | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('fees-setup');
  const { field, submit } = useContractForm(storePreviousDebt.input, {
    student_id: row?.student_id ?? null,
    amount: row?.amount ?? null,
    note: row?.note ?? '',
  });
  const save = submit(
    (input) =>
      api(storePreviousDebt, input as CallInput<typeof storePreviousDebt>, {
        module: 'previousDebts',
        action: 'save',
        refusalAsSuccess: true,
      }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={row ? t('debts.edit') : t('debts.add')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {row ? (
            <TextInput label={t('columns.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentField required data-autofocus {...field('student_id')} />
          )}
          <MoneyInput
            label={t('debts.amount')}
            description={t('debts.amountHelp')}
            allowNegative
            required
            {...field('amount')}
          />
          <TextInput label={t('debts.note')} maxLength={200} {...field('note')} />
        </Stack>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

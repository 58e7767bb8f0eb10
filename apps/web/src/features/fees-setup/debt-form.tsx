import { Modal, Stack, TextInput } from '@mantine/core';
import { type previousDebtRow, storePreviousDebt } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, type CallInput, fieldErrors } from '../../lib/api';

export type Debt = z.infer<typeof previousDebtRow>;

/** One student's balance brought forward (POST store_previous_debts); a negative amount is a credit. */
export function DebtForm({ row, onClose, onSaved }: { row: Debt | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('fees-setup');
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [amount, setAmount] = useState<number | null>(row?.amount ?? null);
  const [note, setNote] = useState(row?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { student_id: row ? row.student_id : student?.item.id, amount: amount ?? 0, note } as CallInput<
      typeof storePreviousDebt
    >;
    const result = await api(storePreviousDebt, body, {
      module: 'previousDebts',
      action: 'save',
      refusalAsSuccess: true,
    });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={row ? t('debts.edit') : t('debts.add')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {row ? (
            <TextInput label={t('columns.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentPicker value={student} onChange={setStudent} required error={errors.student_id} data-autofocus />
          )}
          <MoneyInput
            label={t('debts.amount')}
            description={t('debts.amountHelp')}
            allowNegative
            required
            value={amount}
            onChange={setAmount}
            error={errors.amount}
          />
          <TextInput
            label={t('debts.note')}
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
        </Stack>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

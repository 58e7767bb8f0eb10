import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import type { adjustmentRow } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { resourceCalls } from '../../components/resource/calls';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, fieldErrors } from '../../lib/api';
import type { AdjustmentKind } from './adjustment-kinds';
import { type Term, TermPicker } from './term-picker';

export type Adjustment = z.infer<typeof adjustmentRow>;

interface Props {
  kind: AdjustmentKind;
  /** null adds one. */
  row: Adjustment | null;
  /** The term a new one is for (the list's term). */
  term: Term;
  onClose: () => void;
  onSaved: () => void;
}

/** One addition (a charge) or deduction (a discount) for a student and term, through the entity's calls. */
export function AdjustmentForm({ kind, row, term, onClose, onSaved }: Props) {
  const { t } = useTranslation('fees-setup');
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [categoryId, setCategoryId] = useState<number | null>(row?.category_id ?? null);
  const [description, setDescription] = useState(row?.description ?? '');
  const [amount, setAmount] = useState<number | null>(row?.amount ?? null);
  const [period, setPeriod] = useState<Term>(row ? { year: row.year, term: row.term } : term);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const calls = resourceCalls(kind.resource);
  const texts = kind.resource.texts;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body: Record<string, unknown> = {
      student_id: row ? row.student_id : student?.item.id,
      description,
      amount,
      year: period.year,
      term: period.term,
    };
    if (kind.withCategory) body.category_id = categoryId;
    const result = row
      ? await api(calls.update, body, { id: row.id, texts: { failure: texts.updateFailed }, refusalAsSuccess: true })
      : await api(calls.create, body, { texts: { failure: texts.addFailed }, refusalAsSuccess: true });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={row ? t(`${kind.key}.edit`) : t(`${kind.key}.add`)} size="lg">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {row ? (
            <TextInput label={t('columns.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentPicker value={student} onChange={setStudent} required error={errors.student_id} data-autofocus />
          )}
          <TextInput
            label={t('columns.description')}
            required
            maxLength={200}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          <MoneyInput label={t('columns.amount')} required value={amount} onChange={setAmount} error={errors.amount} />
          {kind.withCategory ? (
            <ReferenceSelect
              label={t('columns.category')}
              placeholder={t('additions.noCategory')}
              references="fees_categories"
              value={categoryId}
              onChange={setCategoryId}
              error={errors.category_id}
            />
          ) : null}
          <TermPicker value={period} onChange={setPeriod} />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

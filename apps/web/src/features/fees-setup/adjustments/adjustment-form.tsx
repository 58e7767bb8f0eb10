import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import type { adjustmentRow } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyInput } from '../../../components/money-input';
import { resourceCalls } from '../../../components/resource/calls';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { StudentField } from '../../../components/student-picker';
import { api } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { type Term, TermPicker } from '../term-picker';
import type { AdjustmentKind } from './adjustment-kinds';

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
  const calls = resourceCalls(kind.resource);
  const texts = kind.resource.texts;
  const { field, values, setValue, submit } = useContractForm(
    row ? kind.resource.patch : kind.resource.input,
    {
      student_id: row?.student_id ?? null,
      description: row?.description ?? '',
      amount: row?.amount ?? null,
      category_id: row?.category_id ?? null,
      year: row?.year ?? term.year,
      term: row?.term ?? term.term,
    },
    ({ category_id, ...v }) => (kind.withCategory ? { ...v, category_id } : v),
  );
  const save = submit(
    (input) =>
      row
        ? api(calls.update, input, { id: row.id, texts: { failure: texts.updateFailed }, refusalAsSuccess: true })
        : api(calls.create, input, { texts: { failure: texts.addFailed }, refusalAsSuccess: true }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={row ? t(`${kind.key}.edit`) : t(`${kind.key}.add`)} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {row ? (
            <TextInput label={t('columns.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentField required data-autofocus {...field('student_id')} />
          )}
          <TextInput label={t('columns.description')} required maxLength={200} {...field('description')} />
          <MoneyInput label={t('columns.amount')} required {...field('amount')} />
          {kind.withCategory ? (
            <ReferenceSelect
              label={t('columns.category')}
              placeholder={t('additions.noCategory')}
              references="fees_categories"
              {...field('category_id')}
            />
          ) : null}
          <TermPicker
            value={{ year: values.year, term: values.term }}
            onChange={(next) => {
              setValue('year', next.year);
              setValue('term', next.term);
            }}
          />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

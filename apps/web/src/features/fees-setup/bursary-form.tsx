import { Checkbox, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { addBursary, type bursaryRow, updateBursary } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, type CallInput, fieldErrors } from '../../lib/api';
import { type Term, TermPicker } from './term-picker';

export type Bursary = z.infer<typeof bursaryRow>;

interface Values {
  bursary_category_id: number | null;
  kind: 'fixed' | 'percent';
  amount: number | null;
  percent: number | null;
  category_id: number | null;
  start: Term;
  every_term: boolean;
  note: string;
}

const valuesOf = (row: Bursary | null, term: Term): Values => ({
  bursary_category_id: row?.bursary_category_id ?? null,
  kind: row?.kind === 'percent' ? 'percent' : 'fixed',
  amount: row && row.kind === 'fixed' ? row.amount : null,
  percent: row && row.kind === 'percent' ? row.percent : null,
  category_id: row?.category_id ?? null,
  start: row ? { year: row.start_year, term: row.start_term } : term,
  every_term: row?.every_term ?? false,
  note: row?.note ?? '',
});

interface Props {
  /** null gives a new bursary. */
  row: Bursary | null;
  /** The term a new bursary starts in (the current one). */
  term: Term;
  onClose: () => void;
  onSaved: () => void;
}

/** Give or change a bursary: a fixed amount per term, or a percentage of one category or of all fees. */
export function BursaryForm({ row, term, onClose, onSaved }: Props) {
  const { t } = useTranslation('fees-setup');
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [values, setValues] = useState(() => valuesOf(row, term));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const title = row ? t('bursaries.edit') : t('bursaries.add');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      student_id: row ? row.student_id : student?.item.id,
      bursary_category_id: values.bursary_category_id ?? undefined,
      kind: values.kind,
      amount: values.kind === 'fixed' ? (values.amount ?? 0) : 0,
      percent: values.kind === 'percent' ? (values.percent ?? 0) : 0,
      category_id: values.kind === 'percent' ? values.category_id : null,
      start_year: values.start.year,
      start_term: values.start.term,
      every_term: values.every_term,
      note: values.note,
    } as CallInput<typeof addBursary>;
    const result = row
      ? await api(updateBursary, body, { id: row.id, module: 'bursaries', action: 'update', refusalAsSuccess: true })
      : await api(addBursary, body, { module: 'bursaries', action: 'add', refusalAsSuccess: true });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {row ? (
            <TextInput label={t('bursaries.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentPicker value={student} onChange={setStudent} required error={errors.student_id} data-autofocus />
          )}
          <ReferenceSelect
            label={t('bursaries.category')}
            references="bursary_categories"
            required
            value={values.bursary_category_id}
            onChange={(id) => set('bursary_category_id', id)}
            error={errors.bursary_category_id}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('bursaries.kind')}
            </Text>
            <SegmentedControl
              aria-label={t('bursaries.kind')}
              value={values.kind}
              onChange={(v) => set('kind', v as Values['kind'])}
              data={[
                { value: 'fixed', label: t('bursaries.fixed') },
                { value: 'percent', label: t('bursaries.percent') },
              ]}
            />
          </div>
          {values.kind === 'fixed' ? (
            <MoneyInput
              label={t('bursaries.amount')}
              required
              value={values.amount}
              onChange={(v) => set('amount', v)}
              error={errors.amount}
            />
          ) : (
            <Group grow align="flex-start">
              <NumberInput
                label={t('bursaries.percentage')}
                required
                min={1}
                max={100}
                suffix="%"
                allowDecimal={false}
                allowNegative={false}
                value={values.percent ?? ''}
                onChange={(v) => set('percent', typeof v === 'number' ? v : null)}
                error={errors.percent}
              />
              <ReferenceSelect
                label={t('bursaries.ofCategory')}
                placeholder={t('bursaries.allFees')}
                references="fees_categories"
                value={values.category_id}
                onChange={(id) => set('category_id', id)}
                error={errors.category_id}
              />
            </Group>
          )}
          <TermPicker
            value={values.start}
            onChange={(next) => set('start', next)}
            yearLabel={t('bursaries.fromYear')}
            termLabel={t('bursaries.fromTerm')}
          />
          <Checkbox
            mt="xl"
            label={t('bursaries.everyTerm')}
            checked={values.every_term}
            onChange={(e) => set('every_term', e.currentTarget.checked)}
          />
          <TextInput
            label={t('bursaries.note')}
            value={values.note}
            maxLength={200}
            onChange={(e) => set('note', e.currentTarget.value)}
            error={errors.note}
          />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

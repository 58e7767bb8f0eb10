import { Checkbox, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { addBursary, type bursaryRow, updateBursary } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyInput } from '../../../components/money-input';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { StudentField } from '../../../components/student-picker';
import { api, type CallInput } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { type Term, TermPicker } from '../term-picker';

export type Bursary = z.infer<typeof bursaryRow>;

/** The form's values, named as the call's input. */
const valuesOf = (row: Bursary | null, term: Term) => ({
  student_id: row?.student_id ?? null,
  bursary_category_id: row?.bursary_category_id ?? null,
  kind: (row?.kind === 'percent' ? 'percent' : 'fixed') as 'fixed' | 'percent',
  amount: row && row.kind === 'fixed' ? row.amount : (null as number | null),
  percent: row && row.kind === 'percent' ? row.percent : (null as number | null),
  category_id: row?.category_id ?? null,
  start_year: row?.start_year ?? term.year,
  start_term: row?.start_term ?? term.term,
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
  const { field, values, setValue, submit } = useContractForm(
    row ? updateBursary.input : addBursary.input,
    valuesOf(row, term),
    // Only the kind's own figure is sent; the other is 0.
    (v) => ({
      ...v,
      amount: v.kind === 'fixed' ? v.amount : 0,
      percent: v.kind === 'percent' ? v.percent : 0,
      category_id: v.kind === 'percent' ? v.category_id : null,
    }),
  );
  const save = submit(
    (input) =>
      row
        ? api(updateBursary, input as CallInput<typeof updateBursary>, {
            id: row.id,
            module: 'bursaries',
            action: 'update',
            refusalAsSuccess: true,
          })
        : api(addBursary, input as CallInput<typeof addBursary>, {
            module: 'bursaries',
            action: 'add',
            refusalAsSuccess: true,
          }),
    onSaved,
  );
  const title = row ? t('bursaries.edit') : t('bursaries.add');

  return (
    <Modal opened onClose={onClose} title={title} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {row ? (
            <TextInput label={t('bursaries.student')} value={`${row.student_name} · ${row.admission_no}`} readOnly />
          ) : (
            <StudentField required data-autofocus {...field('student_id')} />
          )}
          <ReferenceSelect
            label={t('bursaries.category')}
            references="bursary_categories"
            required
            {...field('bursary_category_id')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('bursaries.kind')}
            </Text>
            <SegmentedControl
              aria-label={t('bursaries.kind')}
              value={values.kind}
              onChange={(v) => setValue('kind', v as typeof values.kind)}
              data={[
                { value: 'fixed', label: t('bursaries.fixed') },
                { value: 'percent', label: t('bursaries.percent') },
              ]}
            />
          </div>
          {values.kind === 'fixed' ? (
            <MoneyInput label={t('bursaries.amount')} required {...field('amount')} />
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
                {...field('percent')}
                value={values.percent ?? ''}
                onChange={(v) => field('percent').onChange(typeof v === 'number' ? v : null)}
              />
              <ReferenceSelect
                label={t('bursaries.ofCategory')}
                placeholder={t('bursaries.allFees')}
                references="fees_categories"
                {...field('category_id')}
              />
            </Group>
          )}
          <TermPicker
            value={{ year: values.start_year, term: values.start_term }}
            onChange={(next) => {
              setValue('start_year', next.year);
              setValue('start_term', next.term);
            }}
            yearLabel={t('bursaries.fromYear')}
            termLabel={t('bursaries.fromTerm')}
          />
          <Checkbox
            mt="xl"
            label={t('bursaries.everyTerm')}
            checked={values.every_term}
            onChange={(e) => setValue('every_term', e.currentTarget.checked)}
          />
          <TextInput label={t('bursaries.note')} maxLength={200} {...field('note')} />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

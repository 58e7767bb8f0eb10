import { NumberInput, Select } from '@mantine/core';
import { now, termChoices } from '@somero/contract';
import { useTranslation } from 'react-i18next';

export interface YearTerm {
  year: number;
  term: number;
}

/** A year and a term (1–3), as exam sets, considered sets and competences are kept. */
export function TermFields({ value, onChange }: { value: YearTerm | null; onChange: (next: YearTerm) => void }) {
  const { t } = useTranslation('exams-setup');
  return (
    <>
      <NumberInput
        label={t('term.year')}
        w={100}
        min={2000}
        max={2100}
        allowDecimal={false}
        value={value?.year ?? ''}
        onChange={(next) => {
          if (typeof next === 'number' && next >= 2000 && next <= 2100)
            onChange({ year: next, term: value?.term ?? 1 });
        }}
      />
      <Select
        label={t('term.term')}
        w={110}
        allowDeselect={false}
        data={termChoices.map((c) => ({ value: c.value, label: c.label }))}
        value={value ? String(value.term) : null}
        onChange={(next) => next && onChange({ year: value?.year ?? now().getFullYear(), term: Number(next) })}
      />
    </>
  );
}

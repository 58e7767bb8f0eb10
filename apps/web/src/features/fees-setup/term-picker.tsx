import { Group, NumberInput, Select } from '@mantine/core';
import { now, termChoices } from '@somero/contract';
import { useTranslation } from 'react-i18next';

export interface Term {
  year: number;
  term: number;
}

interface Props {
  value: Term | null;
  onChange: (next: Term) => void;
  /** Label prefix when a screen shows two terms ("From year"). */
  yearLabel?: string;
  termLabel?: string;
}

/** A year and a term (1–3): the period most fees records belong to. */
export function TermPicker({ value, onChange, yearLabel, termLabel }: Props) {
  const { t } = useTranslation('fees-setup');
  return (
    <Group gap="sm" align="flex-end" wrap="nowrap">
      <NumberInput
        label={yearLabel ?? t('term.year')}
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
        label={termLabel ?? t('term.term')}
        w={110}
        allowDeselect={false}
        data={termChoices.map((c) => ({ value: c.value, label: c.label }))}
        value={value ? String(value.term) : null}
        onChange={(next) => next && onChange({ year: value?.year ?? now().getFullYear(), term: Number(next) })}
      />
    </Group>
  );
}

/** The term after this one: Term 3 is followed by Term 1 of the next year. */
export const nextTerm = ({ year, term }: Term): Term =>
  term === 3 ? { year: year + 1, term: 1 } : { year, term: term + 1 };

export const termLabel = ({ year, term }: Term) => `Term ${term} ${year}`;

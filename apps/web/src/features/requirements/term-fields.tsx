import { NumberInput, Select } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { useCurrentSettings } from '../../lib/current-settings';

export interface TermChoice {
  year: number | null;
  term: number | null;
  class_id: number | null;
}

/** Year, term (the current one to start with) and class: what every requirements screen asks first. */
export function TermFields({
  value,
  onChange,
  classRequired,
  errors = {},
}: {
  value: TermChoice;
  onChange: (next: TermChoice) => void;
  classRequired?: boolean;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation('requirements');
  const current = useCurrentSettings().data;
  useEffect(() => {
    if (current && value.year === null) onChange({ ...value, year: current.year, term: current.term });
  }, [current, value, onChange]);
  return (
    <>
      <ReferenceSelect
        references="classes"
        label={t('fields.class')}
        placeholder={classRequired ? t('fields.chooseClass') : t('fields.allClasses')}
        w={150}
        required={classRequired}
        value={value.class_id}
        onChange={(class_id) => onChange({ ...value, class_id })}
        error={errors.class_id}
      />
      <NumberInput
        label={t('fields.year')}
        w={100}
        min={2000}
        max={2100}
        value={value.year ?? ''}
        onChange={(v) => onChange({ ...value, year: typeof v === 'number' ? v : null })}
        error={errors.year}
      />
      <Select
        label={t('fields.term')}
        w={110}
        allowDeselect={false}
        data={['1', '2', '3'].map((n) => ({ value: n, label: t('fields.termN', { n }) }))}
        value={value.term ? String(value.term) : null}
        onChange={(v) => onChange({ ...value, term: v ? Number(v) : null })}
        error={errors.term}
      />
    </>
  );
}

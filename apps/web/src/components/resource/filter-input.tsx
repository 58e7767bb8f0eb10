import { NumberInput, Select } from '@mantine/core';
import type { Field } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from './reference-select';

interface Props {
  field: Field;
  /** The filter's value as the list query sends it; '' for none. */
  value: string;
  onChange: (value: string) => void;
}

/** One of a list's filters (from the declaration's `list.filters`). */
export function FilterInput({ field, value, onChange }: Props) {
  const { t } = useTranslation();
  const common = { label: field.label, w: 200, size: 'sm' as const };
  if (field.kind === 'reference' && field.references)
    return (
      <ReferenceSelect
        {...common}
        references={field.references}
        placeholder={t('resource.any')}
        value={value ? Number(value) : null}
        onChange={(id) => onChange(id === null ? '' : String(id))}
        clearable
      />
    );
  if (field.kind === 'number')
    return (
      <NumberInput
        {...common}
        placeholder={t('resource.any')}
        allowDecimal={false}
        value={value === '' ? '' : Number(value)}
        onChange={(next) => onChange(typeof next === 'number' ? String(next) : '')}
      />
    );
  const data =
    field.kind === 'boolean'
      ? [
          { value: 'true', label: t('common.yes') },
          { value: 'false', label: t('common.no') },
        ]
      : (field.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  return (
    <Select
      {...common}
      placeholder={t('resource.any')}
      data={data}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      clearable
    />
  );
}

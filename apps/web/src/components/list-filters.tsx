import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';

/** A from/to date range; empty strings when not chosen. */
export interface DateRange {
  from: string;
  to: string;
}

/** The two date inputs of a filter row, labelled in the screen's own words. */
export function DateRangeFields({
  value,
  onChange,
  labels,
  errors,
}: {
  value: DateRange;
  onChange: (next: DateRange) => void;
  labels: { from: string; to: string };
  errors?: Record<string, string>;
}) {
  return (
    <>
      {(['from', 'to'] as const).map((end) => (
        <DateField
          key={end}
          label={labels[end]}
          value={value[end]}
          onChange={(day) => onChange({ ...value, [end]: day })}
          error={errors?.[end]}
        />
      ))}
    </>
  );
}

export type ValidOrVoid = 'valid' | 'void';

/**
 * The status filter of a list of money records (payments, revenues, expenses): all, valid ones, void ones,
 * in the words of the list's area `ns` (its `fields.status`, `list.all`, `status.valid`, `status.void`).
 */
export function StatusFilter({
  ns,
  value,
  onChange,
  w,
}: {
  ns: string;
  value: ValidOrVoid | null;
  onChange: (next: ValidOrVoid | null) => void;
  w: number;
}) {
  const { t } = useTranslation(ns);
  return (
    <Select
      label={t('fields.status')}
      placeholder={t('list.all')}
      w={w}
      clearable
      data={[
        { value: 'valid', label: t('status.valid') },
        { value: 'void', label: t('status.void') },
      ]}
      value={value}
      onChange={(v) => onChange(v as ValidOrVoid | null)}
    />
  );
}

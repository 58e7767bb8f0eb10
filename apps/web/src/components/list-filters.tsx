import { Select, TextInput } from '@mantine/core';

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
      <TextInput
        type="date"
        label={labels.from}
        value={value.from}
        onChange={(e) => onChange({ ...value, from: e.currentTarget.value })}
        error={errors?.from}
      />
      <TextInput
        type="date"
        label={labels.to}
        value={value.to}
        onChange={(e) => onChange({ ...value, to: e.currentTarget.value })}
        error={errors?.to}
      />
    </>
  );
}

export type ValidOrVoid = 'valid' | 'void';

/** The status filter of a list of money records (payments, revenues, expenses): all, valid ones, void ones. */
export function StatusFilter({
  value,
  onChange,
  labels,
  w,
}: {
  value: ValidOrVoid | null;
  onChange: (next: ValidOrVoid | null) => void;
  labels: { status: string; all: string; valid: string; void: string };
  w: number;
}) {
  return (
    <Select
      label={labels.status}
      placeholder={labels.all}
      w={w}
      clearable
      data={[
        { value: 'valid', label: labels.valid },
        { value: 'void', label: labels.void },
      ]}
      value={value}
      onChange={(v) => onChange(v as ValidOrVoid | null)}
    />
  );
}

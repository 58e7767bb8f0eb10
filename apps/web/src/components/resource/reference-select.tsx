import { MultiSelect, type MultiSelectProps, Select, type SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { type ReferenceOption, useReferenceOptions } from './reference-options';

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** The declared entity the field points at (its path). */
  references: string;
  value: number | null;
  onChange: (id: number | null) => void;
  /** Only some of the rows, e.g. the streams of the chosen class. */
  only?: (option: ReferenceOption) => boolean;
}

/** A select of another entity's records, labelled by its title ("S1 East" for a stream). */
export function ReferenceSelect({ references, value, onChange, only, ...props }: Props) {
  const { options, isPending } = useReferenceOptions(references);
  const data = useMemo(
    () => (only ? options.filter(only) : options).map(({ value, label }) => ({ value, label })),
    [options, only],
  );
  return (
    <Select
      searchable
      clearable={!props.required}
      nothingFoundMessage="—"
      {...props}
      data={data}
      disabled={props.disabled || isPending}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}

interface ManyProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> {
  references: string;
  value: number[];
  onChange: (ids: number[]) => void;
}

/** Several records of another entity (an exam set's classes); none chosen shows the placeholder. */
export function ReferencesSelect({ references, value, onChange, ...props }: ManyProps) {
  const { options, isPending } = useReferenceOptions(references);
  const data = useMemo(() => options.map(({ value, label }) => ({ value, label })), [options]);
  return (
    <MultiSelect
      searchable
      clearable
      nothingFoundMessage="—"
      {...props}
      data={data}
      disabled={props.disabled || isPending}
      value={value.map(String)}
      onChange={(next) => onChange(next.map(Number))}
    />
  );
}

import { NativeSelect, Table, TextInput } from '@mantine/core';
import { genders, type StudentRow, sections } from '@somero/contract';
import { memo } from 'react';

export const editableColumns = [
  'surname',
  'other_names',
  'gender',
  'date_of_birth',
  'section',
  'house',
  'lin',
  'payment_code',
] as const;
export type EditableColumn = (typeof editableColumns)[number];
export type RowChanges = Partial<Record<EditableColumn, string>>;

interface Props {
  row: StudentRow;
  changes: RowChanges | undefined;
  errors: Record<string, string> | undefined;
  onChange: (id: number, column: EditableColumn, value: string) => void;
  /** The accessible name of a cell, e.g. "Surname of Okello John". */
  cellLabel: (column: EditableColumn, student: string) => string;
}

const choices = {
  gender: genders.map((g) => ({ value: g.value, label: g.label })),
  section: sections.map((s) => ({ value: s.value, label: s.label })),
};

/** One student's editable cells; re-renders only when that student's values or errors change. */
export const BulkEditRow = memo(function BulkEditRow({ row, changes, errors, onChange, cellLabel }: Props) {
  const value = (c: EditableColumn) => changes?.[c] ?? String(row[c] ?? '');
  const changed = (c: EditableColumn) => changes?.[c] !== undefined && changes[c] !== String(row[c] ?? '');
  return (
    <Table.Tr data-student={row.admission_no} bg={errors ? 'var(--mantine-color-red-0)' : undefined}>
      <Table.Td>{row.admission_no}</Table.Td>
      {editableColumns.map((c) => {
        const common = {
          size: 'xs' as const,
          'aria-label': cellLabel(c, row.name),
          error: errors?.[c],
          styles: changed(c) ? { input: { borderColor: 'var(--mantine-color-orange-5)' } } : undefined,
        };
        return (
          <Table.Td key={c} miw={c === 'date_of_birth' ? 140 : 110}>
            {c === 'gender' || c === 'section' ? (
              <NativeSelect
                {...common}
                data={choices[c]}
                value={value(c)}
                onChange={(e) => onChange(row.id, c, e.currentTarget.value)}
              />
            ) : (
              <TextInput
                {...common}
                type={c === 'date_of_birth' ? 'date' : 'text'}
                value={value(c)}
                onChange={(e) => onChange(row.id, c, e.currentTarget.value)}
              />
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});

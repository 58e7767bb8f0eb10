import type { SelectProps } from '@mantine/core';
import { listStudents, type StudentRow } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../lib/api';
import { type SearchOption, SearchSelect } from './search-select';

export type StudentOption = SearchOption<StudentRow>;

/** "Achieng Aisha · 2024/0324 · S3 East": enough to tell two students of the same name apart. */
export const studentOption = (s: StudentRow): StudentOption => ({
  value: String(s.id),
  label: `${s.name} · ${s.admission_no} · ${[s.class_name, s.stream_name].filter(Boolean).join(' ')}`,
  item: s,
});

const findStudents = (term: string) =>
  fetchData(listStudents, { search: term, per_page: 15 }).then((r) => r.data.map(studentOption));

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: StudentOption | null;
  onChange: (student: StudentOption | null) => void;
}

/** Pick a current student by name, admission number, payment code or guardian phone (GET students?search=). */
export function StudentPicker({ value, onChange, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <SearchSelect
      label={t('picker.student')}
      placeholder={t('picker.studentPlaceholder')}
      {...props}
      searchKey="students"
      search={findStudents}
      value={value}
      onChange={onChange}
    />
  );
}

interface FieldProps extends Omit<Props, 'value' | 'onChange'> {
  /** The student's id, as the call takes it. */
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * The student of a contract form (`useContractForm`'s `field('student_id')`, lib/contract-form.ts): the
 * picker shows the student chosen, the form holds the id, so the call's schema checks it as it is left.
 */
export function StudentField({ value, onChange, ...props }: FieldProps) {
  const [chosen, setChosen] = useState<StudentOption | null>(null);
  return (
    <StudentPicker
      {...props}
      value={chosen && chosen.item.id === value ? chosen : null}
      onChange={(student) => {
        setChosen(student);
        onChange(student ? student.item.id : null);
      }}
    />
  );
}

import { Anchor } from '@mantine/core';
import { genders, routeHref, type StudentRow, sections } from '@somero/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import type { Sorting } from '../../components/sort-header';

export const profileHref = (id: number) => routeHref('/students/profile/{id}', { id });
export const genderLabel = (g: string) => genders.find((o) => o.value === g)?.label ?? g;
export const sectionLabel = (s: string) => sections.find((o) => o.value === s)?.label ?? s;
export const placementLabel = (s: Pick<StudentRow, 'class_name' | 'stream_name'>) =>
  [s.class_name, s.stream_name].filter(Boolean).join(' ');

interface Props {
  rows: StudentRow[];
  sorting?: Sorting;
  onSort?: (next: Sorting) => void;
  /** Buttons at the end of each row (trash list: restore, delete for good). */
  actions?: (row: StudentRow) => ReactNode;
  empty: string;
}

/** A page of students; a click on a row opens the profile. */
export function StudentTable({ rows, sorting, onSort, actions, empty }: Props) {
  const { t } = useTranslation('students');
  const navigate = useNavigate();
  return (
    <DataTable
      rows={rows}
      minWidth={900}
      empty={empty}
      sorting={sorting}
      onSort={onSort}
      actions={actions}
      rowProps={(s) => ({ style: { cursor: 'pointer' }, onClick: () => navigate(profileHref(s.id)) })}
      columns={[
        { key: 'admission_no', label: t('columns.admissionNo'), sortable: true },
        {
          key: 'name',
          label: t('columns.name'),
          sortable: true,
          render: (s) => (
            <Anchor component={Link} to={profileHref(s.id)} onClick={(e) => e.stopPropagation()}>
              {s.name}
            </Anchor>
          ),
        },
        { key: 'gender', label: t('columns.gender'), render: (s) => genderLabel(s.gender) },
        { key: 'class', label: t('columns.class'), sortable: true, render: placementLabel },
        { key: 'section', label: t('columns.section'), render: (s) => sectionLabel(s.section) },
        { key: 'house', label: t('columns.house') },
        { key: 'payment_code', label: t('columns.paymentCode') },
      ]}
    />
  );
}

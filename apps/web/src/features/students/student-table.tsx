import { Anchor, Table } from '@mantine/core';
import { genders, routeHref, type StudentRow, sections } from '@somero/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyRow } from '../../components/empty-row';
import { SortHeader, type Sorting } from '../../components/sort-header';

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
  const header = (name: string, label: string) =>
    sorting && onSort ? (
      <SortHeader name={name} sorting={sorting} onSort={onSort}>
        {label}
      </SortHeader>
    ) : (
      <Table.Th>{label}</Table.Th>
    );
  const columns = actions ? 8 : 7;
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {header('admission_no', t('columns.admissionNo'))}
            {header('name', t('columns.name'))}
            <Table.Th>{t('columns.gender')}</Table.Th>
            {header('class', t('columns.class'))}
            <Table.Th>{t('columns.section')}</Table.Th>
            <Table.Th>{t('columns.house')}</Table.Th>
            <Table.Th>{t('columns.paymentCode')}</Table.Th>
            {actions ? <Table.Th aria-label={t('common.actions')} /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <EmptyRow colSpan={columns}>{empty}</EmptyRow>
          ) : (
            rows.map((s) => (
              <Table.Tr key={s.id} style={{ cursor: 'pointer' }} onClick={() => navigate(profileHref(s.id))}>
                <Table.Td>{s.admission_no}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={profileHref(s.id)} onClick={(e) => e.stopPropagation()}>
                    {s.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{genderLabel(s.gender)}</Table.Td>
                <Table.Td>{placementLabel(s)}</Table.Td>
                <Table.Td>{sectionLabel(s.section)}</Table.Td>
                <Table.Td>{s.house}</Table.Td>
                <Table.Td>{s.payment_code}</Table.Td>
                {actions ? <Table.Td onClick={(e) => e.stopPropagation()}>{actions(s)}</Table.Td> : null}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Table } from '@mantine/core';
import { phoneDisplay, type StudentProfile } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { EmptyRow } from '../../../components/empty-row';

/** Who to call about the student: the primary contact first. */
export function ProfileGuardians({ guardians }: { guardians: StudentProfile['guardians'] }) {
  const { t } = useTranslation('students');
  const sorted = [...guardians].sort((a, b) => Number(b.primary) - Number(a.primary));
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('guardians.name')}</Table.Th>
            <Table.Th>{t('guardians.relationship')}</Table.Th>
            <Table.Th>{t('guardians.phone')}</Table.Th>
            <Table.Th>{t('guardians.email')}</Table.Th>
            <Table.Th>{t('guardians.occupation')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.length === 0 ? (
            <EmptyRow colSpan={5}>{t('guardians.noneLinked')}</EmptyRow>
          ) : (
            sorted.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  {g.name}{' '}
                  {g.primary ? (
                    <Badge size="xs" variant="light">
                      {t('guardians.primary')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{g.relationship}</Table.Td>
                <Table.Td>{[g.phone, g.alt_phone].filter(Boolean).map(phoneDisplay).join(', ')}</Table.Td>
                <Table.Td>{g.email}</Table.Td>
                <Table.Td>{g.occupation}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

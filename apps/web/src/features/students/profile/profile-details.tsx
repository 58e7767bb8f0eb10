import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { StudentProfile } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { genderLabel, sectionLabel } from '../student-table';

/** The register's details of a student, label above value. */
export function ProfileDetails({ student: s }: { student: StudentProfile }) {
  const { t } = useTranslation('students');
  const items: [string, string | null][] = [
    [t('profile.gender'), genderLabel(s.gender)],
    [t('profile.dateOfBirth'), formatDate(s.date_of_birth)],
    [t('profile.section'), sectionLabel(s.section)],
    [t('profile.house'), s.house],
    [t('profile.lin'), s.lin],
    [t('profile.paymentCode'), s.payment_code],
    [t('profile.nationality'), s.nationality],
    [t('profile.religion'), s.religion],
    [t('profile.district'), s.district],
    [t('profile.address'), s.address],
    [t('profile.admittedOn'), formatDate(s.admitted_on)],
    [t('profile.entry'), t('profile.entryTerm', { term: s.entry_term, year: s.entry_year })],
    [t('profile.leftOn'), s.left_on ? `${formatDate(s.left_on)}${s.left_reason ? ` (${s.left_reason})` : ''}` : null],
    [t('profile.visuallyImpaired'), s.visually_impaired ? t('profile.visuallyImpairedYes') : null],
    [t('profile.medical'), s.medical_notes],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
      {items
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text>{value}</Text>
          </Stack>
        ))}
    </SimpleGrid>
  );
}

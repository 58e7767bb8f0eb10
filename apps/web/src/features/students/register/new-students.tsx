import { Text } from '@mantine/core';
import { newStudents } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentSettings } from '../../../lib/current-settings';
import { StudentListScreen } from './student-list-screen';

/** /new/students: the students admitted in the current term. */
export default function NewStudentsScreen() {
  const { t } = useTranslation('students');
  const current = useCurrentSettings();
  return (
    <StudentListScreen
      call={newStudents}
      empty={t('list.noneNew')}
      intro={
        current.data ? (
          <Text c="dimmed" size="sm" mb="md">
            {t('list.newIntro', { term: current.data.label })}
          </Text>
        ) : null
      }
    />
  );
}

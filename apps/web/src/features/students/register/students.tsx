import { viewStudents } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { StudentListScreen } from './student-list-screen';

/** /students: the current students. */
export default function StudentsScreen() {
  const { t } = useTranslation('students');
  return <StudentListScreen call={viewStudents} empty={t('list.none')} />;
}

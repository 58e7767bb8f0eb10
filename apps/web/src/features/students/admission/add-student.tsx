import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { addStudent, type StudentProfile } from '@somero/contract';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-title';
import { resourceKey } from '../../../components/resource/calls';
import { initialValues } from '../../../components/resource/values';
import { api, type CallInput } from '../../../lib/api';
import { useSaving } from '../../../lib/saving';
import { inputDefaults } from '../../../lib/schema-defaults';
import { studentKeys } from '../keys';
import { profileHref } from '../student-table';
import { GuardianEntries } from './guardian-entries';
import { newGuardian } from './guardian-entry';
import { StudentFields, studentFields, useStudentForm } from './student-fields';

/** The form starts with the admission's own defaults (day section, Ugandan). */
const emptyStudent = () => initialValues(studentFields, inputDefaults(addStudent.input));

/** /addstudent: admit a student with their guardians; then add another or open the profile. */
export default function AddStudentScreen() {
  const { t } = useTranslation('students');
  const navigate = useNavigate();
  const saving = useSaving();
  const queryClient = useQueryClient();
  const student = useStudentForm(addStudent.input, { ...emptyStudent(), guardians: [newGuardian(true)] });
  const [added, setAdded] = useState<StudentProfile | null>(null);

  const submit = student.submit(
    (input) => api(addStudent, input as CallInput<typeof addStudent>, { module: 'students', action: 'add' }),
    (profile) => {
      setAdded(profile);
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
      void queryClient.invalidateQueries({ queryKey: studentKeys.guardians });
      void queryClient.invalidateQueries({ queryKey: resourceKey('guardians') });
    },
  );

  const addAnother = () => {
    setAdded(null);
    student.form.setValues({ ...emptyStudent(), guardians: [newGuardian(true)] });
    window.scrollTo({ top: 0 });
  };

  if (added)
    return (
      <div data-screen-status="built">
        <PageHeader />
        <Alert color="green" title={t('add.doneTitle')} maw={640} role="status">
          {t('add.done', { name: added.name, number: added.admission_no })}
          <Group mt="md">
            <Button onClick={() => navigate(profileHref(added.id))}>{t('add.openProfile')}</Button>
            <Button variant="default" onClick={addAnother}>
              {t('add.another')}
            </Button>
          </Group>
        </Alert>
      </div>
    );

  return (
    <div data-screen-status="built">
      <PageHeader />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="md">
              {t('add.student')}
            </Title>
            <StudentFields form={student} />
          </Paper>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="md">
              {t('add.guardians')}
            </Title>
            <GuardianEntries {...student.guardians} />
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" leftSection={<IconUserPlus size={16} />} loading={saving}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </div>
  );
}

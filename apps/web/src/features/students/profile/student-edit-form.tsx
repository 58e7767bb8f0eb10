import { Divider, Modal, Title } from '@mantine/core';
import { type StudentProfile, updateStudent } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../../components/form-buttons';
import { initialValues } from '../../../components/resource/values';
import { api, type CallInput } from '../../../lib/api';
import { GuardianEntries } from '../admission/guardian-entries';
import { entriesOf } from '../admission/guardian-entry';
import { StudentFields, studentFields, useStudentForm } from '../admission/student-fields';

interface Props {
  student: StudentProfile;
  onClose: () => void;
  onSaved: (student: StudentProfile) => void;
}

/** Change a student's details and guardians (PUT students/{id}); the guardians given replace the links. */
export function StudentEditForm({ student, onClose, onSaved }: Props) {
  const { t } = useTranslation('students');
  const form = useStudentForm(updateStudent.input, {
    ...initialValues(studentFields, student),
    guardians: entriesOf(student),
  });
  const submit = form.submit(
    (input) =>
      api(updateStudent, input as CallInput<typeof updateStudent>, {
        id: student.id,
        module: 'students',
        action: 'update',
      }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={t('profile.editTitle', { name: student.name })} size="80rem">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <StudentFields form={form} />
        <Divider my="md" />
        <Title order={4} mb="sm">
          {t('add.guardians')}
        </Title>
        <GuardianEntries {...form.guardians} />
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

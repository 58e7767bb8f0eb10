import { Divider, Modal, Title } from '@mantine/core';
import { type StudentProfile, updateStudent } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../../components/form-buttons';
import { bodyOf, initialValues } from '../../../components/resource/values';
import { api, type CallInput, fieldErrors } from '../../../lib/api';
import { GuardianEntries } from '../admission/guardian-entries';
import { entriesOf, type GuardianEntry, guardiansBody } from '../admission/guardian-entry';
import { StudentFields, studentFields } from '../admission/student-fields';

interface Props {
  student: StudentProfile;
  onClose: () => void;
  onSaved: (student: StudentProfile) => void;
}

/** Change a student's details and guardians (PUT students/{id}); the guardians given replace the links. */
export function StudentEditForm({ student, onClose, onSaved }: Props) {
  const { t } = useTranslation('students');
  const [values, setValues] = useState(() => initialValues(studentFields, student));
  const [guardians, setGuardians] = useState<GuardianEntry[]>(() => entriesOf(student));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = { ...bodyOf(studentFields, values), guardians: guardiansBody(guardians) } as CallInput<
      typeof updateStudent
    >;
    const result = await api(updateStudent, body, { id: student.id, module: 'students', action: 'update' });
    if (result.ok) onSaved(result.data);
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={t('profile.editTitle', { name: student.name })} size="80rem">
      <form onSubmit={submit} noValidate>
        <StudentFields values={values} onChange={setValues} errors={errors} />
        <Divider my="md" />
        <Title order={4} mb="sm">
          {t('add.guardians')}
        </Title>
        <GuardianEntries entries={guardians} onChange={setGuardians} errors={errors} />
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

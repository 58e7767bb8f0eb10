import { Button, Group, Modal, PasswordInput } from '@mantine/core';
import { setStudentPassword } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, fieldErrors } from '../../../lib/api';
import { useSaving } from '../../../lib/saving';

interface Props {
  student: { student_id: number; name: string };
  onClose: () => void;
  onSaved: () => void;
}

/** Set a student's portal password; the account (named by admission number) is made if there is none. */
export function AccountPassword({ student, onClose, onSaved }: Props) {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await api(
      setStudentPassword,
      { password },
      { id: student.student_id, module: 'students', action: 'accountPassword' },
    );
    if (result.ok) onSaved();
    else setError(fieldErrors(result.errors).password);
  };

  return (
    <Modal opened onClose={onClose} title={t('accounts.passwordTitle', { name: student.name })}>
      <form onSubmit={submit} noValidate>
        <PasswordInput
          label={t('accounts.newPassword')}
          description={t('accounts.passwordHint')}
          autoComplete="new-password"
          data-autofocus
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('accounts.setPassword')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

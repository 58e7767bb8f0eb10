import { Button, Group, Modal, PasswordInput } from '@mantine/core';
import { setStudentPassword } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
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
  const { field, submit } = useContractForm(setStudentPassword.input, { password: '' });
  const save = submit(
    (input) =>
      api(setStudentPassword, input, { id: student.student_id, module: 'students', action: 'accountPassword' }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={t('accounts.passwordTitle', { name: student.name })}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <PasswordInput
          label={t('accounts.newPassword')}
          description={t('accounts.passwordHint')}
          autoComplete="new-password"
          data-autofocus
          {...field('password')}
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

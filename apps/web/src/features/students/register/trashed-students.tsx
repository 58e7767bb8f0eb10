import { Button, Group } from '@mantine/core';
import { deleteStudent, messages, type StudentRow, trashedStudents, updateStudent } from '@somero/contract';
import { IconArrowBackUp, IconTrashX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { api } from '../../../lib/api';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { StudentListScreen } from './student-list-screen';

/** /trashed/students: restore a student to the register, or delete them for good when nothing refers to them. */
export default function TrashedStudentsScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<StudentRow | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: studentKeys.all });

  const restore = async (s: StudentRow) => {
    const result = await api(
      updateStudent,
      { status: 'current' },
      { id: s.id, texts: { failure: messages.students.update.failure } },
    );
    if (result.ok) reload();
  };
  const deleteForGood = async () => {
    if (!deleting) return;
    const result = await api(
      deleteStudent,
      {},
      { id: deleting.id, texts: { failure: messages.students.delete.failure } },
    );
    setDeleting(null);
    if (result.ok) reload();
  };

  return (
    <>
      <StudentListScreen
        call={trashedStudents}
        empty={t('trash.none')}
        actions={(s) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => void restore(s)}
              disabled={saving}
              aria-label={t('trash.restoreNamed', { name: s.name })}
            >
              {t('trash.restore')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrashX size={14} />}
              onClick={() => setDeleting(s)}
              aria-label={t('trash.deleteNamed', { name: s.name })}
            >
              {t('trash.delete')}
            </Button>
          </Group>
        )}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('trash.deleteTitle')}
        message={t('trash.confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('trash.delete')}
        onConfirm={() => void deleteForGood()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

import { ActionIcon, Button, Group, Modal, Paper, Table, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { addRole, deleteRole, listRoles, type RoleRow, updateRole } from '@somero/contract';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fetchData, fieldErrors } from '../../lib/api';
import { useSaving } from '../../lib/saving';

/** User Groups (roles): each with how many users hold it; add, rename, delete. */
export default function RolesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const list = useQuery({ queryKey: ['roles'], queryFn: () => fetchData(listRoles, {}).then((r) => r.data) });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['roles'] });
    void queryClient.invalidateQueries({ queryKey: ['permissions'] });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await api(deleteRole, {}, { id: deleting.id, module: 'roles', action: 'delete' });
    if (result.ok) {
      setDeleting(null);
      reload();
    }
  };

  return (
    <>
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('roles.add')}
          </Button>
        }
      />
      <Paper p="md" withBorder>
        {list.isPending ? (
          <CenteredLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roles.name')}</Table.Th>
                  <Table.Th>{t('roles.description')}</Table.Th>
                  <Table.Th ta="right">{t('roles.users')}</Table.Th>
                  <Table.Th ta="right">{t('roles.flags')}</Table.Th>
                  <Table.Th aria-label={t('common.actions')} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        {t('roles.none')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  list.data.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{row.name}</Table.Td>
                      <Table.Td>{row.description}</Table.Td>
                      <Table.Td ta="right">{row.users}</Table.Td>
                      <Table.Td ta="right">{row.flags_granted}</Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t('common.edit')}>
                            <ActionIcon
                              variant="subtle"
                              onClick={() => setEditing(row)}
                              aria-label={t('common.editNamed', { name: row.name })}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('common.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              onClick={() => setDeleting(row)}
                              aria-label={t('common.deleteNamed', { name: row.name })}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing ? (
        <RoleForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('roles.delete')}
        message={t('roles.confirmDelete', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function RoleForm({ row, onClose, onSaved }: { row: RoleRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const saving = useSaving();
  const [name, setName] = useState(row?.name ?? '');
  const [description, setDescription] = useState(row?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input = { name, description: description.trim() || null };
    const result = row
      ? await api(updateRole, input, { id: row.id, module: 'roles', action: 'update' })
      : await api(addRole, input, { module: 'roles', action: 'add' });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={row ? t('roles.edit') : t('roles.add')}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={t('roles.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        <Textarea
          mt="sm"
          label={t('roles.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

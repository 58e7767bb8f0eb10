import { Button, Modal, Paper, Textarea, TextInput } from '@mantine/core';
import { addRole, deleteRole, listRoles, type RoleRow, updateRole } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { PageHeader } from '../../components/page-title';
import { RowActions } from '../../components/row-actions';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { userKeys } from './keys';

/** User Groups (roles): each with how many users hold it; add, rename, delete. */
export default function RolesScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<RoleRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const list = useQuery({ queryKey: userKeys.roles, queryFn: () => fetchData(listRoles, {}).then((r) => r.data) });
  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: userKeys.roles });
    void queryClient.invalidateQueries({ queryKey: userKeys.permissions });
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
        <DataTable
          query={list}
          rows={list.data}
          minWidth={560}
          empty={t('roles.none')}
          columns={[
            { key: 'name', label: t('roles.name') },
            { key: 'description', label: t('roles.description') },
            { key: 'users', label: t('roles.users'), numeric: true },
            { key: 'flags_granted', label: t('roles.flags'), numeric: true },
          ]}
          actions={(row) => (
            <RowActions name={row.name} onEdit={() => setEditing(row)} onDelete={() => setDeleting(row)} />
          )}
        />
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
  const { field, submit } = useContractForm(
    row ? updateRole.input : addRole.input,
    { name: row?.name ?? '', description: row?.description ?? '' },
    (v) => ({ name: v.name, description: v.description.trim() || null }),
  );
  const save = submit(
    (input) =>
      row
        ? api(updateRole, input, { id: row.id, module: 'roles', action: 'update' })
        : api(addRole, input, { module: 'roles', action: 'add' }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={row ? t('roles.edit') : t('roles.add')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <TextInput label={t('roles.name')} {...field('name')} required data-autofocus />
        <Textarea mt="sm" label={t('roles.description')} {...field('description')} autosize minRows={2} />
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

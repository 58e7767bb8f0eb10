import { Badge, Button, Paper, TextInput } from '@mantine/core';
import { deleteUser, listUsers, phoneDisplay, type UserRow } from '@somero/contract';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { usePagedList, useSearch } from '../../components/paged-list';
import { RowActions } from '../../components/row-actions';
import { api } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { userKeys } from './keys';
import { UserForm } from './user-form';

const perPage = 20;

export default function UsersScreen() {
  const { t } = useTranslation();
  const me = useUser();
  const search = useSearch();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);

  const { list, paging, reload } = usePagedList(userKeys.list, listUsers, { search: search.term }, { perPage });

  const typeLabel = (type: number) =>
    type === 0 ? t('users.types.owner') : type === 1 ? t('users.types.administrator') : t('users.types.staff');

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await api(deleteUser, {}, { id: deleting.id, module: 'users', action: 'delete' });
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
            {t('users.add')}
          </Button>
        }
      />
      <Paper p="md" withBorder>
        <TextInput
          mb="md"
          maw={360}
          leftSection={<IconSearch size={16} />}
          placeholder={t('users.search')}
          aria-label={t('users.search')}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
        />
        <DataTable
          query={list}
          rows={list.data?.data}
          minWidth={980}
          empty={search.term ? t('common.noMatches') : t('users.none')}
          columns={[
            { key: 'name', label: t('users.fields.name') },
            { key: 'username', label: t('users.fields.username') },
            { key: 'email', label: t('users.fields.email') },
            { key: 'phone', label: t('users.fields.phone'), render: (row) => phoneDisplay(row.phone) },
            { key: 'type', label: t('users.fields.type'), render: (row) => typeLabel(row.type) },
            { key: 'role', label: t('users.fields.role_id'), render: (row) => row.role ?? '—' },
            {
              key: 'active',
              label: t('users.fields.active'),
              width: 96,
              render: (row) => (
                <Badge color={row.active ? 'green' : 'gray'} variant="light">
                  {row.active ? t('users.active') : t('users.inactive')}
                </Badge>
              ),
            },
            {
              key: 'last_login_at',
              label: t('users.lastLogin'),
              render: (row) => formatDateTime(row.last_login_at) || '—',
            },
          ]}
          actions={(row) => (
            // The server says which users the signed-in user may change (administrators only by
            // administrators, the owner by the owner, staff users within the manager's own flags).
            <RowActions
              name={row.name}
              onEdit={row.manageable ? () => setEditing(row) : undefined}
              onDelete={row.manageable && row.id !== me.id ? () => setDeleting(row) : undefined}
            />
          )}
          paging={paging}
        />
      </Paper>
      {editing ? (
        <UserForm
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
        title={t('users.delete')}
        message={t('users.confirmDelete', { name: deleting?.name ?? '' })}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

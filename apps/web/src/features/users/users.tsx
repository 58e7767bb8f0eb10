import { ActionIcon, Badge, Button, Group, Paper, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { deleteUser, listUsers, type UserRow } from '@somero/contract';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { api, fetchData } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { UserForm } from './user-form';

const perPage = 20;

export default function UsersScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UserRow | null>(null);

  const list = useQuery({
    queryKey: ['users', page, term],
    queryFn: () => fetchData(listUsers, { page, per_page: perPage, search: term || undefined }),
    placeholderData: keepPreviousData,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['users'] });

  const typeLabel = (type: number) =>
    type === 0 ? t('users.types.owner') : type === 1 ? t('users.types.administrator') : t('users.types.staff');

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await api(deleteUser, {}, { id: deleting.id, module: 'users', action: 'delete' });
    if (result.ok) {
      setDeleting(null);
      void reload();
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
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
        {list.isPending ? (
          <CenteredLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={980}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.fields.name')}</Table.Th>
                    <Table.Th>{t('users.fields.username')}</Table.Th>
                    <Table.Th>{t('users.fields.email')}</Table.Th>
                    <Table.Th>{t('users.fields.phone')}</Table.Th>
                    <Table.Th>{t('users.fields.type')}</Table.Th>
                    <Table.Th>{t('users.fields.role_id')}</Table.Th>
                    <Table.Th w={96}>{t('users.fields.active')}</Table.Th>
                    <Table.Th>{t('users.lastLogin')}</Table.Th>
                    <Table.Th aria-label={t('common.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.data.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={9}>
                        <Text c="dimmed" ta="center" py="md">
                          {term ? t('common.noMatches') : t('users.none')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    list.data.data.map((row) => (
                      <Table.Tr key={row.id}>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.username}</Table.Td>
                        <Table.Td>{row.email}</Table.Td>
                        <Table.Td>{row.phone}</Table.Td>
                        <Table.Td>{typeLabel(row.type)}</Table.Td>
                        <Table.Td>{row.role ?? '—'}</Table.Td>
                        <Table.Td>
                          <Badge color={row.active ? 'green' : 'gray'} variant="light">
                            {row.active ? t('users.active') : t('users.inactive')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDateTime(row.last_login_at) || '—'}</Table.Td>
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
            <Pager page={page} perPage={perPage} total={list.data.total ?? 0} onChange={setPage} />
          </>
        )}
      </Paper>
      {editing ? (
        <UserForm
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
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

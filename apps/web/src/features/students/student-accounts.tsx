import { Badge, Button, Group, Paper, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { toggleStudentAccount, viewStudentAccounts } from '@somero/contract';
import { IconKey, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { EmptyRow } from '../../components/empty-row';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, type CallOutput, fetchData } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { AccountPassword } from './account-password';
import { placementLabel } from './student-table';

type AccountRow = CallOutput<typeof viewStudentAccounts>[number];
const perPage = 50;

/** /student/accounts: each current student's portal account; set a password, switch it off or on. */
export default function StudentAccountsScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [classId, setClassId] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AccountRow | null>(null);
  const filters = { class_id: classId ?? undefined, search: term || undefined };
  const list = useQuery({
    queryKey: ['students', 'accounts', filters, page],
    queryFn: () => fetchData(viewStudentAccounts, { ...filters, page, per_page: perPage }),
    placeholderData: keepPreviousData,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['students', 'accounts'] });

  const toggle = async (row: AccountRow) => {
    const result = await api(
      toggleStudentAccount,
      {},
      { id: row.student_id, module: 'students', action: 'accountStatus' },
    );
    if (result.ok) reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end">
          <TextInput
            label={t('list.search')}
            w={260}
            leftSection={<IconSearch size={16} />}
            placeholder={t('list.searchPlaceholder')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <ReferenceSelect
            label={t('filters.class')}
            placeholder={t('filters.all')}
            references="classes"
            w={140}
            value={classId}
            onChange={(id) => {
              setClassId(id);
              setPage(1);
            }}
          />
        </Group>
        {list.isPending ? (
          <CenteredLoader />
        ) : list.isError ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.admissionNo')}</Table.Th>
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.class')}</Table.Th>
                    <Table.Th>{t('accounts.username')}</Table.Th>
                    <Table.Th>{t('accounts.status')}</Table.Th>
                    <Table.Th>{t('accounts.lastLogin')}</Table.Th>
                    <Table.Th aria-label={t('common.actions')} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.data.length === 0 ? (
                    <EmptyRow colSpan={7}>{t('list.noMatches')}</EmptyRow>
                  ) : (
                    list.data.data.map((row) => (
                      <Table.Tr key={row.student_id}>
                        <Table.Td>{row.admission_no}</Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{placementLabel(row)}</Table.Td>
                        <Table.Td>{row.username ?? '—'}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={row.active === null ? 'gray' : row.active ? 'green' : 'orange'}>
                            {row.active === null
                              ? t('accounts.none')
                              : row.active
                                ? t('accounts.on')
                                : t('accounts.off')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{formatDateTime(row.last_login_at) || '—'}</Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="light"
                              leftSection={<IconKey size={14} />}
                              onClick={() => setEditing(row)}
                              aria-label={t('accounts.setPasswordNamed', { name: row.name })}
                            >
                              {t('accounts.setPassword')}
                            </Button>
                            {row.active !== null ? (
                              <Button
                                size="xs"
                                variant="default"
                                onClick={() => void toggle(row)}
                                disabled={saving}
                                aria-label={t(row.active ? 'accounts.switchOffNamed' : 'accounts.switchOnNamed', {
                                  name: row.name,
                                })}
                              >
                                {row.active ? t('accounts.switchOff') : t('accounts.switchOn')}
                              </Button>
                            ) : null}
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
        <AccountPassword
          student={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}

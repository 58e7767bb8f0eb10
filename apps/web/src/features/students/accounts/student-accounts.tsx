import { Badge, Button, Group, Paper } from '@mantine/core';
import { toggleStudentAccount, viewStudentAccounts } from '@somero/contract';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api, type CallOutput } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { placementLabel } from '../student-table';
import { AccountPassword } from './account-password';

type AccountRow = CallOutput<typeof viewStudentAccounts>[number];
const perPage = 50;

/** /student/accounts: each current student's portal account; set a password, switch it off or on. */
export default function StudentAccountsScreen() {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const [classId, setClassId] = useState<number | null>(null);
  const search = useSearch();
  const [editing, setEditing] = useState<AccountRow | null>(null);
  const filters = { class_id: classId ?? undefined, search: search.term };
  const { list, paging, reload } = usePagedList(studentKeys.accounts, viewStudentAccounts, filters, { perPage });

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
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchPlaceholder')} />
          <ReferenceSelect
            label={t('filters.class')}
            placeholder={t('filters.all')}
            references="classes"
            w={140}
            value={classId}
            onChange={setClassId}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          rowKey={(row) => row.student_id}
          minWidth={900}
          empty={t('list.noMatches')}
          columns={[
            { key: 'admission_no', label: t('columns.admissionNo') },
            { key: 'name', label: t('columns.name') },
            { key: 'class', label: t('columns.class'), render: placementLabel },
            { key: 'username', label: t('accounts.username'), render: (row) => row.username ?? '—' },
            {
              key: 'status',
              label: t('accounts.status'),
              render: (row) => (
                <Badge variant="light" color={row.active === null ? 'gray' : row.active ? 'green' : 'orange'}>
                  {row.active === null ? t('accounts.none') : row.active ? t('accounts.on') : t('accounts.off')}
                </Badge>
              ),
            },
            {
              key: 'last_login_at',
              label: t('accounts.lastLogin'),
              render: (row) => formatDateTime(row.last_login_at) || '—',
            },
          ]}
          actions={(row) => (
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
          )}
          paging={paging}
        />
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

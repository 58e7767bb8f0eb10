import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { deleteStudent, getStudent, messages, routeHref, studentStatuses, updateStudent } from '@somero/contract';
import { IconArrowBackUp, IconEdit, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../../components/centered-loader';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadError } from '../../../components/load-error';
import { PageHeader } from '../../../components/page-title';
import { can } from '../../../lib/access';
import { api, fetchData } from '../../../lib/api';
import { useUser } from '../../../lib/auth';
import { loadStrings } from '../../../lib/i18n';
import { useSaving } from '../../../lib/saving';
import { studentKeys } from '../keys';
import { placementLabel } from '../student-table';
import { ProfileDetails } from './profile-details';
import { ProfileGuardians } from './profile-guardians';
import { StudentEditForm } from './student-edit-form';
import { StudentPhoto } from './student-photo';

/** The visitors book's Visits tab, loaded (with its strings) when the tab is first opened. */
const StudentVisits = lazy(() =>
  Promise.all([import('../../visitors'), loadStrings('visitors')]).then(([m]) => ({ default: m.StudentVisits })),
);

/** Tabs that later areas fill; until then they say so, and show nothing made up. */
const laterTabs = ['marks', 'attendance', 'sickbay'] as const;
const statusColor: Record<string, string> = { current: 'green', trashed: 'red', left: 'gray' };

/** /students/profile/{id}: photo, details, guardians and portal account; edit, trash or restore. */
export default function StudentProfileScreen() {
  const { t } = useTranslation('students');
  const user = useUser();
  const saving = useSaving();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const [editing, setEditing] = useState(false);
  const [trashing, setTrashing] = useState(false);
  const [openTab, setOpenTab] = useState('guardians');
  const profile = useQuery({
    queryKey: studentKeys.profile(id),
    queryFn: () => fetchData(getStudent, {}, { id }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const canEdit = can(user, 'edit_students');
  const reload = () => void queryClient.invalidateQueries({ queryKey: studentKeys.all });

  const trash = async () => {
    const result = await api(deleteStudent, {}, { id, texts: { failure: messages.students.delete.failure } });
    setTrashing(false);
    if (result.ok) reload();
  };
  const restore = async () => {
    const result = await api(
      updateStudent,
      { status: 'current' },
      { id, texts: { failure: messages.students.update.failure } },
    );
    if (result.ok) reload();
  };

  if (profile.isPending && profile.fetchStatus !== 'idle')
    return (
      <>
        <PageHeader />
        <CenteredLoader />
      </>
    );
  if (!profile.data)
    return (
      <div data-screen-status="built">
        <PageHeader />
        {profile.isError ? (
          <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <Alert color="gray">{t('profile.notFound')}</Alert>
        )}
      </div>
    );
  const s = profile.data;
  const status = studentStatuses.find((o) => o.value === s.status)?.label ?? s.status;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          canEdit ? (
            <>
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                {t('profile.edit')}
              </Button>
              {s.status === 'current' ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setTrashing(true)}
                >
                  {t('profile.trash')}
                </Button>
              ) : s.status === 'trashed' ? (
                <Button
                  variant="light"
                  leftSection={<IconArrowBackUp size={16} />}
                  onClick={() => void restore()}
                  loading={saving}
                >
                  {t('trash.restore')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <Stack>
        <Paper withBorder p="md">
          <Group align="flex-start" wrap="wrap" gap="xl">
            <StudentPhoto fileId={s.photo_file_id} name={s.name} />
            <Stack gap="xs" style={{ flex: 1, minWidth: 260 }}>
              <Group gap="sm">
                <Title order={3} data-testid="student-name">
                  {s.name}
                </Title>
                <Badge color={statusColor[s.status] ?? 'gray'} variant="light" data-testid="student-status">
                  {status}
                </Badge>
              </Group>
              <Text c="dimmed">{t('profile.summary', { number: s.admission_no, placement: placementLabel(s) })}</Text>
              <Text size="sm" data-testid="student-account">
                {s.account
                  ? t(s.account.active ? 'profile.accountOn' : 'profile.accountOff', { username: s.account.username })
                  : t('profile.noAccount')}
              </Text>
              <ProfileDetails student={s} />
            </Stack>
          </Group>
        </Paper>
        <Paper withBorder p="md">
          <Tabs value={openTab} onChange={(v) => setOpenTab(v ?? 'guardians')}>
            <Tabs.List>
              <Tabs.Tab value="guardians">{t('profile.tabs.guardians')}</Tabs.Tab>
              <Tabs.Tab value="fees">{t('profile.tabs.fees')}</Tabs.Tab>
              <Tabs.Tab value="visits">{t('profile.tabs.visits')}</Tabs.Tab>
              {laterTabs.map((tab) => (
                <Tabs.Tab key={tab} value={tab}>
                  {t(`profile.tabs.${tab}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="guardians" pt="md">
              <ProfileGuardians guardians={s.guardians} />
            </Tabs.Panel>
            <Tabs.Panel value="fees" pt="md">
              {can(user, 'view_fees_payments') ? (
                <Group>
                  <Anchor component={Link} to={routeHref('/student/ledger/{id}/{name}', { id: s.id, name: s.name })}>
                    {t('profile.fees.ledger')}
                  </Anchor>
                  <Anchor component={Link} to={routeHref('/students/payment/{id}', { id: s.id })}>
                    {t('profile.fees.payments')}
                  </Anchor>
                </Group>
              ) : (
                <Text c="dimmed">{t('profile.fees.noAccess')}</Text>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="visits" pt="md">
              {openTab === 'visits' ? (
                <Suspense fallback={<CenteredLoader />}>
                  <StudentVisits studentId={s.id} />
                </Suspense>
              ) : null}
            </Tabs.Panel>
            {laterTabs.map((tab) => (
              <Tabs.Panel key={tab} value={tab} pt="md">
                <Text c="dimmed">{t(`profile.later.${tab}`)}</Text>
              </Tabs.Panel>
            ))}
          </Tabs>
        </Paper>
      </Stack>
      {editing ? (
        <StudentEditForm
          student={s}
          onClose={() => setEditing(false)}
          onSaved={(updated) => {
            setEditing(false);
            queryClient.setQueryData(['students', 'profile', id], updated);
            reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={trashing}
        title={t('profile.trashTitle')}
        message={t('profile.confirmTrash', { name: s.name })}
        confirmLabel={t('profile.trash')}
        onConfirm={() => void trash()}
        onClose={() => setTrashing(false)}
      />
    </div>
  );
}

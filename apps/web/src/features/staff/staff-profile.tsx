import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { getStaff, phoneDisplay, type StaffProfile } from '@somero/contract';
import { IconEdit } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { resourceKey } from '../../components/resource/calls';
import { ResourceForm } from '../../components/resource/resource-form';
import { can } from '../../lib/access';
import { ApiError, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDate, formatMoney } from '../../lib/format';
import { staffKeys } from './keys';
import { SignInPanel } from './sign-in-panel';
import { staffForm } from './staff-form';

export const profileKey = staffKeys.profile;

/** The register's details, label above value; empty ones are left out. */
function Details({ member: m }: { member: StaffProfile }) {
  const { t } = useTranslation('staff');
  const items: [string, string | null][] = [
    [t('profile.initials'), m.initials],
    [t('profile.position'), m.position ?? t('profile.noPosition')],
    [t('profile.gender'), m.gender],
    [t('profile.phone'), phoneDisplay(m.phone)],
    [t('profile.email'), m.email],
    [t('profile.joinedOn'), formatDate(m.joined_on)],
    [t('profile.salary'), formatMoney(m.basic_salary)],
    [t('profile.nin'), m.nin],
    [t('profile.tin'), m.tin],
    [t('profile.tax'), m.non_resident ? t('profile.nonResident') : null],
    [t('profile.nssf'), m.nssf_number],
    [t('profile.bank'), m.bank_name],
    [t('profile.account'), m.bank_account],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" data-testid="staff-details">
      {items
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text>{value}</Text>
          </Stack>
        ))}
    </SimpleGrid>
  );
}

function TeachingLoad({ member: m }: { member: StaffProfile }) {
  const { t } = useTranslation('staff');
  const user = useUser();
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('load.title')}
        </Title>
        {can(user, 'manage_staff_subjects') ? (
          <Anchor component={Link} to="/staff/subjects" size="sm">
            {t('load.manage')}
          </Anchor>
        ) : null}
      </Group>
      {m.teaching_load.length === 0 ? (
        <Text c="dimmed">{t('load.none')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="teaching-load">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('load.class')}</Table.Th>
              <Table.Th>{t('load.stream')}</Table.Th>
              <Table.Th>{t('load.subject')}</Table.Th>
              <Table.Th>{t('load.paper')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {m.teaching_load.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.class}</Table.Td>
                <Table.Td>{l.stream ?? t('load.allStreams')}</Table.Td>
                <Table.Td>{l.subject}</Table.Td>
                <Table.Td>{l.paper ?? t('load.allPapers')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

/** /staff/profile/{id}: details, position, teaching load and sign-in of one staff member; edit. */
export default function StaffProfileScreen() {
  const { t } = useTranslation('staff');
  const user = useUser();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const [editing, setEditing] = useState(false);
  const profile = useQuery({
    queryKey: profileKey(id),
    queryFn: () => fetchData(getStaff, {}, { id }).then((r) => r.data),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

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
        {profile.isError && !(profile.error instanceof ApiError && profile.error.result.status === 404) ? (
          <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <Alert color="gray">{t('profile.notFound')}</Alert>
        )}
      </div>
    );
  const m = profile.data;
  const changed = (next: StaffProfile) => {
    queryClient.setQueryData(profileKey(id), next);
    void queryClient.invalidateQueries({ queryKey: resourceKey('staff') });
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          can(user, staffForm.write) ? (
            <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          ) : null
        }
      />
      <Stack>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="sm">
              <Title order={3} data-testid="staff-name">
                {m.name}
              </Title>
              <Badge color={m.active ? 'green' : 'gray'} variant="light">
                {m.active ? t('profile.active') : t('profile.inactive')}
              </Badge>
            </Group>
            <Details member={m} />
            <Anchor component={Link} to="/staff" size="sm">
              {t('profile.back')}
            </Anchor>
          </Stack>
        </Paper>
        <TeachingLoad member={m} />
        <SignInPanel member={m} onChanged={changed} />
      </Stack>
      {editing ? (
        <ResourceForm
          resource={staffForm}
          row={m}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void profile.refetch();
            void queryClient.invalidateQueries({ queryKey: resourceKey('staff') });
          }}
        />
      ) : null}
    </div>
  );
}

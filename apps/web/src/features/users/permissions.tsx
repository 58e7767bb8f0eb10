import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import {
  completeFlags,
  flagGroups,
  listPermissions,
  type PermissionFlag,
  screenRoutes,
  updatePermissions,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { can } from '../../lib/access';
import { api, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { useSaving } from '../../lib/saving';
import { userKeys } from './keys';

type Flags = Record<PermissionFlag, boolean>;

const groups = flagGroups();
/** "view_fees_categories" → "View fees categories". */
const flagLabel = (flag: string) => flag.charAt(0).toUpperCase() + flag.slice(1).replace(/_/g, ' ');
/** The screens a flag opens, so the grid says what each switch means. */
const screensOf = new Map<string, string>();
for (const route of screenRoutes) {
  screensOf.set(route.access, [screensOf.get(route.access), route.title].filter(Boolean).join(', '));
}

/** Choose a user group, switch its 99 flags (grouped as the menus are), Save. */
export default function PermissionsScreen() {
  const { t } = useTranslation();
  const me = useUser();
  const queryClient = useQueryClient();
  const saving = useSaving();
  // A user who is not an administrator grants only flags they hold, and never to their own group
  // (the server says which groups they may edit). A flag already on may be switched off.
  const isAdmin = can(me, 'admin');
  const roles = useQuery({
    queryKey: userKeys.permissions,
    queryFn: () => fetchData(listPermissions, {}).then((r) => r.data),
  });
  const [roleId, setRoleId] = useState<string | null>(null);
  const [draft, setDraft] = useState<{ roleId: string; flags: Flags } | null>(null);

  const editable = roles.data?.filter((r) => r.editable) ?? [];
  const role = editable.find((r) => String(r.id) === roleId);
  const saved = useMemo(() => (role ? completeFlags(role.flags) : null), [role]);
  const flags = draft && draft.roleId === roleId ? draft.flags : saved;
  const changed = flags !== saved;

  const change = (update: Partial<Flags>) => {
    if (!roleId || !flags) return;
    setDraft({ roleId, flags: { ...flags, ...update } });
  };
  const mayGrant = (flag: PermissionFlag) => can(me, flag) || saved?.[flag] === true;
  const setAll = (list: PermissionFlag[], value: boolean) =>
    change(Object.fromEntries(list.filter((f) => !value || mayGrant(f)).map((f) => [f, value])) as Partial<Flags>);

  const save = async () => {
    if (!role || !flags) return;
    const result = await api(updatePermissions, { flags }, { id: role.id, module: 'permissions', action: 'update' });
    if (result.ok) {
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: userKeys.permissions });
      void queryClient.invalidateQueries({ queryKey: userKeys.roles });
    }
  };

  if (roles.isPending) return <CenteredLoader />;
  if (roles.isError) return <LoadError error={roles.error} onRetry={() => void roles.refetch()} />;

  return (
    <Stack>
      <PageHeader
        actions={
          role ? (
            <Button onClick={() => void save()} loading={saving} disabled={!changed}>
              {t('common.save')}
            </Button>
          ) : null
        }
      />
      {isAdmin ? null : <Text c="dimmed">{t('permissions.onlyHeld')}</Text>}
      {editable.length === 0 ? (
        <Alert color="gray">
          {t('permissions.noGroups')}{' '}
          <Anchor component={Link} to="/user/role">
            {t('permissions.addGroup')}
          </Anchor>
        </Alert>
      ) : (
        <Select
          maw={360}
          label={t('permissions.group')}
          placeholder={t('permissions.choose')}
          data={editable.map((r) => ({ value: String(r.id), label: r.name }))}
          value={roleId}
          onChange={setRoleId}
          searchable
        />
      )}
      {flags ? (
        <Stack data-testid="permissions-grid">
          {groups.map((group) => {
            const on = group.flags.filter((f) => flags[f]).length;
            return (
              <Paper key={group.title} p="md" withBorder>
                <Group justify="space-between" mb="sm">
                  <Title order={5}>
                    {group.title}{' '}
                    <Text span c="dimmed" size="sm">
                      {on}/{group.flags.length}
                    </Text>
                  </Title>
                  <Group gap="xs">
                    <Button size="compact-xs" variant="light" onClick={() => setAll(group.flags, true)}>
                      {t('permissions.all')}
                    </Button>
                    <Button size="compact-xs" variant="default" onClick={() => setAll(group.flags, false)}>
                      {t('permissions.none')}
                    </Button>
                  </Group>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                  {group.flags.map((flag) => (
                    <Switch
                      key={flag}
                      label={flagLabel(flag)}
                      description={screensOf.get(flag)}
                      checked={flags[flag]}
                      disabled={!mayGrant(flag)}
                      onChange={(e) => change({ [flag]: e.currentTarget.checked })}
                      data-flag={flag}
                    />
                  ))}
                </SimpleGrid>
              </Paper>
            );
          })}
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={saving} disabled={!changed}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}

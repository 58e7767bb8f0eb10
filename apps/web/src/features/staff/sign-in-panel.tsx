import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  createStaffUser,
  linkStaffUser,
  listRoles,
  listUsers,
  messages,
  type StaffProfile,
  unlinkStaffUser,
} from '@somero/contract';
import { IconLink, IconLinkOff, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormButtons } from '../../components/form-buttons';
import { can } from '../../lib/access';
import { api, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { useContractForm } from '../../lib/contract-form';
import { formatDateTime } from '../../lib/format';
import { userKeys } from '../users';

interface Props {
  member: StaffProfile;
  onChanged: (next: StaffProfile) => void;
}

const texts = { failure: messages.staff.signIn.failure };

/** Link an existing user of the school: only those the signed-in user may manage are offered. */
function LinkForm({ member, onClose, onChanged }: Props & { onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { field, values, submit } = useContractForm(linkStaffUser.input, { user_id: null as string | null }, (v) => ({
    user_id: Number(v.user_id),
  }));
  const users = useQuery({
    queryKey: userKeys.everyone,
    queryFn: () => fetchData(listUsers, { page: 1, per_page: 500 }).then((r) => r.data),
  });
  const save = submit(
    (input) => api(linkStaffUser, input, { id: member.id, texts }),
    (next) => {
      onChanged(next);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={t('signIn.link')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Select
          label={t('signIn.user')}
          placeholder={t('signIn.chooseUser')}
          searchable
          data-autofocus
          data={(users.data ?? [])
            .filter((u) => u.manageable)
            .map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` }))}
          {...field('user_id')}
        />
        <FormButtons onCancel={onClose} submit={t('signIn.link')} disabled={!values.user_id} />
      </form>
    </Modal>
  );
}

/** Create a staff user named after the staff member, in a group the signed-in user may assign. */
function CreateForm({ member, onClose, onChanged }: Props & { onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { field, submit } = useContractForm(
    createStaffUser.input,
    { username: '', password: '', role_id: null as string | null },
    (v) => ({ username: v.username, password: v.password, role_id: Number(v.role_id) }),
  );
  const roles = useQuery({ queryKey: userKeys.roles, queryFn: () => fetchData(listRoles, {}).then((r) => r.data) });
  const save = submit(
    (input) => api(createStaffUser, input, { id: member.id, texts }),
    (next) => {
      onChanged(next);
      onClose();
    },
  );
  return (
    <Modal opened onClose={onClose} title={t('signIn.create')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <TextInput label={t('signIn.username')} required data-autofocus autoComplete="off" {...field('username')} />
          <PasswordInput
            label={t('signIn.password')}
            required
            autoComplete="new-password"
            description={t('signIn.passwordHint', { name: member.name })}
            {...field('password')}
          />
          <Select
            label={t('signIn.group')}
            required
            data={(roles.data ?? []).filter((r) => r.assignable).map((r) => ({ value: String(r.id), label: r.name }))}
            {...field('role_id')}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={t('signIn.create')} />
      </form>
    </Modal>
  );
}

/** The staff member's sign-in: who they sign in as, and (for those who manage users) link, create, unlink. */
export function SignInPanel({ member, onChanged }: Props) {
  const { t } = useTranslation('staff');
  const user = useUser();
  const [open, setOpen] = useState<'link' | 'create' | 'unlink' | null>(null);
  const manages = can(user, linkStaffUser.access);
  const s = member.sign_in;
  const unlink = async () => {
    const result = await api(unlinkStaffUser, {}, { id: member.id, texts });
    setOpen(null);
    if (result.ok) onChanged(result.data);
  };
  return (
    <Paper withBorder p="md" data-testid="staff-sign-in">
      <Title order={3} size="h4" mb="sm">
        {t('signIn.title')}
      </Title>
      {s ? (
        <Stack gap={4}>
          <Text fw={600}>{t('signIn.linked', { username: s.username })}</Text>
          <Text size="sm">
            {t('signIn.group')}: {s.type === 2 ? (s.role ?? '') : t('signIn.administrator')}
          </Text>
          <Text size="sm">
            {t('signIn.lastLogin')}: {s.last_login_at ? formatDateTime(s.last_login_at) : t('signIn.never')}
          </Text>
          {s.active ? null : (
            <Alert color="orange" p="xs">
              {t('signIn.disabled')}
            </Alert>
          )}
          {manages && s.manageable ? (
            <Button
              mt="xs"
              w="fit-content"
              variant="light"
              color="red"
              leftSection={<IconLinkOff size={16} />}
              onClick={() => setOpen('unlink')}
            >
              {t('signIn.unlink')}
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="xs">
          <Text c="dimmed">{t('signIn.none', { name: member.name })}</Text>
          {manages ? (
            <Group>
              <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setOpen('link')}>
                {t('signIn.link')}
              </Button>
              <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setOpen('create')}>
                {t('signIn.create')}
              </Button>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('signIn.noManage')}
            </Text>
          )}
        </Stack>
      )}
      {open === 'link' ? <LinkForm member={member} onChanged={onChanged} onClose={() => setOpen(null)} /> : null}
      {open === 'create' ? <CreateForm member={member} onChanged={onChanged} onClose={() => setOpen(null)} /> : null}
      <ConfirmDialog
        opened={open === 'unlink'}
        title={t('signIn.unlinkTitle')}
        message={t('signIn.confirmUnlink', { name: member.name, username: s?.username ?? '' })}
        confirmLabel={t('signIn.unlink')}
        onConfirm={() => void unlink()}
        onClose={() => setOpen(null)}
      />
    </Paper>
  );
}

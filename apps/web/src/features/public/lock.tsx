import { Anchor, Avatar, Group, PasswordInput, Text } from '@mantine/core';
import { currentUser, homePath, lock, logout, unlock } from '@somero/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { lockSession, signOut, updateUser, useSessionName } from '../../lib/auth';
import { AuthCard, usePublicForm } from './auth-card';

/**
 * Being on this screen locks the session, here and on the server (which then refuses every other call
 * of this token, and the lock holds across reloads), until the password is given.
 */
export default function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = useSessionName();
  const form = usePublicForm(unlock.input, { password: '' });
  const locking = useRef<Promise<unknown>>(Promise.resolve());

  useEffect(() => {
    lockSession();
    locking.current = api(lock, {}, { quiet: true, saving: false });
  }, []);

  const submit = form.submitting(
    async (input) => {
      await locking.current; // an unlock sent first could otherwise be undone by the lock
      const unlocked = await api(unlock, input, { quiet: true });
      // The session is open again: the user (and its permissions) as the server has them now.
      return unlocked.ok ? api(currentUser, {}, { quiet: true }) : unlocked;
    },
    (result) => {
      updateUser(result.data);
      navigate(homePath, { replace: true });
    },
    t('lock.failed'),
  );

  const someoneElse = async () => {
    await api(logout, {}, { quiet: true });
    signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      onSubmit={submit}
      intro={
        <Group gap="sm" wrap="nowrap">
          <Avatar radius="xl" color="cyan">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Text fw={600}>{name}</Text>
            <Text size="sm" c="dimmed">
              {t('lock.intro')}
            </Text>
          </div>
        </Group>
      }
      error={form.error}
      submit={t('lock.submit')}
      footer={
        <Anchor component="button" type="button" size="sm" onClick={() => void someoneElse()}>
          {t('lock.someoneElse')}
        </Anchor>
      }
    >
      <PasswordInput label={t('lock.password')} autoComplete="current-password" {...form.field('password')} required />
    </AuthCard>
  );
}

import { Anchor, Avatar, Group, PasswordInput, Text } from '@mantine/core';
import { homePath, logout, unlock } from '@somero/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { setLocked, signOut, useUser } from '../../lib/auth';
import { AuthCard, usePublicForm } from './auth-card';

/** Being on this screen locks the session (kept across reloads) until the password is given. */
export default function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const form = usePublicForm();
  const [password, setPassword] = useState('');

  useEffect(() => setLocked(true), []);

  const submit = form.submitting(
    () => api(unlock, { password }, { quiet: true }),
    () => {
      setLocked(false);
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
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div>
            <Text fw={600}>{user.name}</Text>
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
      <PasswordInput
        label={t('lock.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={form.fields.password}
        required
      />
    </AuthCard>
  );
}

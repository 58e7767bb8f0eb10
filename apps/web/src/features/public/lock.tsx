import { Alert, Anchor, Avatar, Button, Group, PasswordInput, Text } from '@mantine/core';
import { homePath, logout, unlock } from '@somero/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, fieldErrors } from '../../lib/api';
import { setLocked, signOut, useUser } from '../../lib/auth';
import { useSaving } from '../../lib/saving';
import { AuthCard } from './auth-card';

/** Being on this screen locks the session (kept across reloads) until the password is given. */
export default function LockScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const saving = useSaving();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  useEffect(() => setLocked(true), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFields({});
    const result = await api(unlock, { password }, { quiet: true });
    if (result.ok) {
      setLocked(false);
      navigate(homePath, { replace: true });
      return;
    }
    setFields(fieldErrors(result.errors));
    setError(result.message ?? t('lock.failed'));
  };

  const someoneElse = async () => {
    await api(logout, {}, { quiet: true });
    signOut();
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard onSubmit={submit}>
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
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <PasswordInput
        label={t('lock.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fields.password}
        required
      />
      <Button type="submit" loading={saving} fullWidth>
        {t('lock.submit')}
      </Button>
      <Anchor component="button" type="button" size="sm" onClick={() => void someoneElse()}>
        {t('lock.someoneElse')}
      </Anchor>
    </AuthCard>
  );
}

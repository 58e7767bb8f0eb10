import { Alert, Anchor, Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { login } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, fieldErrors } from '../../lib/api';
import { signIn } from '../../lib/auth';
import { useSaving } from '../../lib/saving';
import { AuthCard } from './auth-card';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saving = useSaving();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFields({});
    // 201/202 and 429 carry the server's message; it shows as the login error, not as a notice.
    const result = await api(login, { username, password }, { quiet: true, module: 'login' });
    if (result.ok) {
      signIn(result.data.token, result.data.user);
      navigate('/', { replace: true });
      return;
    }
    setFields(fieldErrors(result.errors));
    setError(result.message ?? t('login.failed'));
  };

  return (
    <AuthCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('login.intro')}
      </Text>
      {error ? (
        <Alert color="red" role="alert" data-testid="login-error">
          {error}
        </Alert>
      ) : null}
      <TextInput
        label={t('login.username')}
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.currentTarget.value)}
        error={fields.username}
        required
        data-autofocus
      />
      <PasswordInput
        label={t('login.password')}
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fields.password}
        required
      />
      <Button type="submit" loading={saving} fullWidth>
        {t('login.submit')}
      </Button>
      <Group justify="space-between">
        <Anchor component={Link} to="/recover" size="sm">
          {t('login.forgot')}
        </Anchor>
        <Anchor component={Link} to="/register" size="sm">
          {t('login.register')}
        </Anchor>
      </Group>
    </AuthCard>
  );
}

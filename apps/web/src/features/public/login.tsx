import { Anchor, Group, PasswordInput, TextInput } from '@mantine/core';
import { login } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { signIn } from '../../lib/auth';
import { AuthCard, usePublicForm } from './auth-card';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePublicForm(login.input, { username: '', password: '' });

  // 201/202 and 429 carry the server's message; it shows as the login error, not as a notice.
  const submit = form.submitting(
    (input) => api(login, input, { quiet: true, module: 'login' }),
    (result) => {
      signIn(result.data.token, result.data.user);
      navigate('/', { replace: true });
    },
    t('login.failed'),
  );

  return (
    <AuthCard
      onSubmit={submit}
      intro={t('login.intro')}
      error={form.error}
      submit={t('login.submit')}
      footer={
        <Group justify="space-between">
          <Anchor component={Link} to="/recover" size="sm">
            {t('login.forgot')}
          </Anchor>
          <Anchor component={Link} to="/register" size="sm">
            {t('login.register')}
          </Anchor>
        </Group>
      }
    >
      <TextInput
        label={t('login.username')}
        autoComplete="username"
        {...form.field('username')}
        required
        data-autofocus
      />
      <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.field('password')} required />
    </AuthCard>
  );
}

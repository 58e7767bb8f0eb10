import { Alert, Anchor, PasswordInput, TextInput } from '@mantine/core';
import { recover, resetPassword } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { noticeSuccess } from '../../lib/notices';
import { AuthCard, usePublicForm } from './auth-card';

/** Asks for the e-mail address; the e-mailed link comes back here with ?token= to set a new password. */
export default function RecoverScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPassword token={token} /> : <AskEmail />;
}

function AskEmail() {
  const { t } = useTranslation();
  const form = usePublicForm();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();

  const submit = form.submitting(
    () => api(recover, { email }, { quiet: true }),
    (result) => setSent(result.message ?? t('recover.sent')),
    t('recover.failed'),
  );

  return (
    <AuthCard
      onSubmit={submit}
      intro={t('recover.intro')}
      error={form.error}
      submit={t('recover.submit')}
      footer={
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('recover.backToLogin')}
        </Anchor>
      }
    >
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : null}
      <TextInput
        label={t('recover.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={form.fields.email}
        required
      />
    </AuthCard>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePublicForm();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const save = form.submitting(
    () => api(resetPassword, { token, password }, { quiet: true }),
    (result) => {
      noticeSuccess(result.message ?? t('recover.done'));
      navigate('/login', { replace: true });
    },
    t('recover.failed'),
  );
  const submit = (event: React.FormEvent) => {
    if (password !== confirm) {
      event.preventDefault();
      form.setFields({ confirm: t('recover.mismatch') });
      return;
    }
    void save(event);
  };

  return (
    <AuthCard onSubmit={submit} intro={t('recover.newIntro')} error={form.error} submit={t('recover.save')}>
      <PasswordInput
        label={t('recover.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={form.fields.password}
        description={t('register.passwordHint')}
        required
      />
      <PasswordInput
        label={t('recover.confirm')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        error={form.fields.confirm}
        required
      />
    </AuthCard>
  );
}

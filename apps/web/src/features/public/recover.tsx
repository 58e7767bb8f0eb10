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
  const form = usePublicForm(recover.input, { email: '' });
  const [sent, setSent] = useState<string>();

  const submit = form.submitting(
    (input) => api(recover, input, { quiet: true }),
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
      <TextInput label={t('recover.email')} type="email" autoComplete="email" {...form.field('email')} required />
    </AuthCard>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The repeated password is the form's own: the server gets the token and the password.
  const form = usePublicForm(resetPassword.input, { password: '', confirm: '' }, ({ password }) => ({
    token,
    password,
  }));

  const save = form.submitting(
    (input) => api(resetPassword, input, { quiet: true }),
    (result) => {
      noticeSuccess(result.message ?? t('recover.done'));
      navigate('/login', { replace: true });
    },
    t('recover.failed'),
  );
  const submit = (event: React.FormEvent) => {
    if (form.values.password !== form.values.confirm) {
      event.preventDefault();
      form.form.setFieldError('confirm', t('recover.mismatch'));
      return;
    }
    void save(event);
  };

  return (
    <AuthCard onSubmit={submit} intro={t('recover.newIntro')} error={form.error} submit={t('recover.save')}>
      <PasswordInput
        label={t('recover.newPassword')}
        autoComplete="new-password"
        {...form.field('password')}
        description={t('register.passwordHint')}
        required
      />
      <PasswordInput label={t('recover.confirm')} autoComplete="new-password" {...form.field('confirm')} required />
    </AuthCard>
  );
}

import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { recover, resetPassword } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, fieldErrors } from '../../lib/api';
import { noticeSuccess } from '../../lib/notices';
import { useSaving } from '../../lib/saving';
import { AuthCard } from './auth-card';

/** Asks for the e-mail address; the e-mailed link comes back here with ?token= to set a new password. */
export default function RecoverScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPassword token={token} /> : <AskEmail />;
}

function AskEmail() {
  const { t } = useTranslation();
  const saving = useSaving();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFields({});
    const result = await api(recover, { email }, { quiet: true });
    if (result.ok) {
      setSent(result.message ?? t('recover.sent'));
      return;
    }
    setFields(fieldErrors(result.errors));
    setError(result.message ?? t('recover.failed'));
  };

  return (
    <AuthCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('recover.intro')}
      </Text>
      {sent ? (
        <Alert color="green" role="status">
          {sent}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextInput
        label={t('recover.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={fields.email}
        required
      />
      <Button type="submit" loading={saving} fullWidth>
        {t('recover.submit')}
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('recover.backToLogin')}
      </Anchor>
    </AuthCard>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saving = useSaving();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (password !== confirm) {
      setFields({ confirm: t('recover.mismatch') });
      return;
    }
    setFields({});
    const result = await api(resetPassword, { token, password }, { quiet: true });
    if (result.ok) {
      noticeSuccess(result.message ?? t('recover.done'));
      navigate('/login', { replace: true });
      return;
    }
    setFields(fieldErrors(result.errors));
    setError(result.message ?? t('recover.failed'));
  };

  return (
    <AuthCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('recover.newIntro')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <PasswordInput
        label={t('recover.newPassword')}
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={fields.password}
        description={t('register.passwordHint')}
        required
      />
      <PasswordInput
        label={t('recover.confirm')}
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.currentTarget.value)}
        error={fields.confirm}
        required
      />
      <Button type="submit" loading={saving} fullWidth>
        {t('recover.save')}
      </Button>
    </AuthCard>
  );
}

import { Alert, Anchor, Button, PasswordInput, Text, TextInput } from '@mantine/core';
import { register } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api, fieldErrors } from '../../lib/api';
import { signIn } from '../../lib/auth';
import { noticeSuccess } from '../../lib/notices';
import { useSaving } from '../../lib/saving';
import { AuthCard } from './auth-card';

const empty = { school: '', name: '', username: '', email: '', password: '' };
type Field = keyof typeof empty;

/** Creates a school with its first administrator, who is then signed in. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saving = useSaving();
  const [values, setValues] = useState(empty);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.currentTarget.value }),
    error: fields[name],
    label: t(`register.${name}`),
    required: true,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFields({});
    const result = await api(register, values, { quiet: true });
    if (result.ok) {
      signIn(result.data.token, result.data.user);
      if (result.message) noticeSuccess(result.message);
      navigate('/', { replace: true });
      return;
    }
    setFields(fieldErrors(result.errors));
    setError(result.message ?? t('register.failed'));
  };

  return (
    <AuthCard onSubmit={submit}>
      <Text size="sm" c="dimmed">
        {t('register.intro')}
      </Text>
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextInput {...field('school')} />
      <TextInput {...field('name')} autoComplete="name" />
      <TextInput {...field('username')} autoComplete="username" />
      <TextInput {...field('email')} type="email" autoComplete="email" />
      <PasswordInput {...field('password')} autoComplete="new-password" description={t('register.passwordHint')} />
      <Button type="submit" loading={saving} fullWidth>
        {t('register.submit')}
      </Button>
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('register.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}

import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { register } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { signIn } from '../../lib/auth';
import { noticeSuccess } from '../../lib/notices';
import { AuthCard, usePublicForm } from './auth-card';

const empty = { school: '', name: '', username: '', email: '', password: '' };
type Field = keyof typeof empty;

/** Creates a school with its first administrator, who is then signed in. */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = usePublicForm(register.input, empty);

  const field = (name: Field) => ({
    ...form.field(name),
    label: t(`register.${name}`),
    required: true,
  });

  const submit = form.submitting(
    (input) => api(register, input, { quiet: true }),
    (result) => {
      signIn(result.data.token, result.data.user);
      if (result.message) noticeSuccess(result.message);
      navigate('/', { replace: true });
    },
    t('register.failed'),
  );

  return (
    <AuthCard
      onSubmit={submit}
      intro={t('register.intro')}
      error={form.error}
      submit={t('register.submit')}
      footer={
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('register.haveAccount')}
        </Anchor>
      }
    >
      <TextInput {...field('school')} />
      <TextInput {...field('name')} autoComplete="name" />
      <TextInput {...field('username')} autoComplete="username" />
      <TextInput {...field('email')} type="email" autoComplete="email" />
      <PasswordInput {...field('password')} autoComplete="new-password" description={t('register.passwordHint')} />
    </AuthCard>
  );
}

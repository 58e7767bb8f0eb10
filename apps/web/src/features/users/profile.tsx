import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { changePassword, profile } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { api, fieldErrors } from '../../lib/api';
import { updateUser, useUser } from '../../lib/auth';
import { useSaving } from '../../lib/saving';

export default function ProfileScreen() {
  return (
    <>
      <PageHeader />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ProfileForm />
        <PasswordForm />
      </SimpleGrid>
    </>
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const user = useUser();
  const saving = useSaving();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const result = await api(
      profile,
      { name, email: email.trim() || null, phone: phone.trim() || null },
      { module: 'account', action: 'profile' },
    );
    if (result.ok) updateUser(result.data);
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Paper p="md" withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={4}>{t('profile.details')}</Title>
        <TextInput label={t('users.fields.username')} value={user.username} readOnly variant="filled" />
        <TextInput
          label={t('users.fields.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <TextInput
          label={t('users.fields.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label={t('users.fields.phone')}
          type="tel"
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PasswordForm() {
  const { t } = useTranslation();
  const saving = useSaving();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirm) {
      setErrors({ confirm: t('recover.mismatch') });
      return;
    }
    setErrors({});
    const result = await api(
      changePassword,
      { current_password: current, password },
      { module: 'account', action: 'changePassword' },
    );
    if (result.ok) {
      setCurrent('');
      setPassword('');
      setConfirm('');
    } else setErrors(fieldErrors(result.errors));
  };

  return (
    <Paper p="md" withBorder component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={4}>{t('profile.password')}</Title>
        <PasswordInput
          label={t('profile.current')}
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          error={errors.current_password}
          required
        />
        <PasswordInput
          label={t('recover.newPassword')}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          description={t('register.passwordHint')}
          required
        />
        <PasswordInput
          label={t('recover.confirm')}
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={errors.confirm}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('profile.change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

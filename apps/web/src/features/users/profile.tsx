import { Button, Group, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { changePassword, profile } from '@somero/contract';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { api } from '../../lib/api';
import { updateUser, useUser } from '../../lib/auth';
import { useContractForm } from '../../lib/contract-form';
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
  const { field, submit } = useContractForm(
    profile.input,
    { name: user.name, email: user.email ?? '', phone: user.phone ?? '' },
    (v) => ({ name: v.name, email: v.email.trim() || null, phone: v.phone.trim() || null }),
  );
  const save = submit((input) => api(profile, input, { module: 'account', action: 'profile' }), updateUser);

  return (
    <Paper p="md" withBorder component="form" onSubmit={(e: FormEvent) => void save(e)} noValidate>
      <Stack>
        <Title order={4}>{t('profile.details')}</Title>
        <TextInput label={t('users.fields.username')} value={user.username} readOnly variant="filled" />
        <TextInput label={t('users.fields.name')} {...field('name')} required />
        <TextInput label={t('users.fields.email')} type="email" {...field('email')} />
        <TextInput label={t('users.fields.phone')} type="tel" {...field('phone')} />
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
  // The repeated password is the form's own: the server gets the current and the new one.
  const { form, values, field, submit } = useContractForm(
    changePassword.input,
    { current_password: '', password: '', confirm: '' },
    (v) => ({ current_password: v.current_password, password: v.password }),
  );
  const send = submit(
    (input) => api(changePassword, input, { module: 'account', action: 'changePassword' }),
    () => form.reset(),
  );
  const save = (event: FormEvent) => {
    if (values.password !== values.confirm) {
      event.preventDefault();
      form.setFieldError('confirm', t('recover.mismatch'));
      return;
    }
    void send(event);
  };

  return (
    <Paper p="md" withBorder component="form" onSubmit={save} noValidate>
      <Stack>
        <Title order={4}>{t('profile.password')}</Title>
        <PasswordInput
          label={t('profile.current')}
          autoComplete="current-password"
          {...field('current_password')}
          required
        />
        <PasswordInput
          label={t('recover.newPassword')}
          autoComplete="new-password"
          {...field('password')}
          description={t('register.passwordHint')}
          required
        />
        <PasswordInput label={t('recover.confirm')} autoComplete="new-password" {...field('confirm')} required />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('profile.change')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

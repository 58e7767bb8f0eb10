import { Modal, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { addUser, listRoles, type UserRow, updateUser } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { can } from '../../lib/access';
import { api, fetchData, fieldErrors } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { userKeys } from './keys';

interface Values {
  name: string;
  username: string;
  email: string;
  phone: string;
  type: 1 | 2;
  role_id: number | null;
  active: boolean;
  password: string;
}

const valuesOf = (row: UserRow | null): Values => ({
  name: row?.name ?? '',
  username: row?.username ?? '',
  email: row?.email ?? '',
  phone: row?.phone ?? '',
  type: row && row.type !== 2 ? 1 : 2,
  role_id: row?.role_id ?? null,
  active: row?.active ?? true,
  password: '',
});

interface Props {
  /** null adds a new user. */
  row: UserRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a user; the server's field errors show on the fields. */
export function UserForm({ row, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const [values, setValues] = useState<Values>(() => valuesOf(row));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const roles = useQuery({
    queryKey: userKeys.roles,
    queryFn: () => fetchData(listRoles, {}).then((r) => r.data),
    enabled: can(me, listRoles.access),
  });
  // Only an administrator sets a user's type; nobody changes their own type or group. A staff user
  // managing users is offered only the groups whose flags they hold (the server says which).
  const isAdmin = can(me, 'admin');
  const self = row?.id === me.id;
  const groups = (roles.data ?? []).filter((r) => r.assignable || r.id === row?.role_id);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: 'name' | 'username' | 'email' | 'phone' | 'password') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
    label: t(`users.fields.${key}`),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const fields = {
      name: values.name,
      username: values.username,
      email: values.email.trim() || null,
      phone: values.phone.trim() || null,
      type: values.type,
      role_id: values.role_id,
      active: values.active,
    };
    const result = row
      ? await api(
          updateUser,
          { ...fields, password: values.password },
          { id: row.id, module: 'users', action: 'update' },
        )
      : await api(addUser, { ...fields, password: values.password }, { module: 'users', action: 'add' });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={row ? t('users.edit') : t('users.add')} size="lg">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...text('name')} required data-autofocus />
          <TextInput {...text('username')} required autoComplete="off" />
          <TextInput {...text('email')} type="email" />
          <TextInput {...text('phone')} type="tel" />
          <Select
            label={t('users.fields.type')}
            data={[
              { value: '1', label: t('users.types.administrator') },
              { value: '2', label: t('users.types.staff') },
            ]}
            value={String(values.type)}
            onChange={(value) => set('type', value === '1' ? 1 : 2)}
            allowDeselect={false}
            error={errors.type}
            disabled={row?.type === 0 || !isAdmin || self}
            description={row?.type === 0 ? t('users.ownerNote') : self ? t('users.selfNote') : undefined}
          />
          <Select
            label={t('users.fields.role_id')}
            placeholder={t('users.noGroup')}
            data={groups.map((r) => ({ value: String(r.id), label: r.name }))}
            disabled={self && values.type === 2}
            value={values.role_id === null ? null : String(values.role_id)}
            onChange={(value) => set('role_id', value ? Number(value) : null)}
            clearable
            error={errors.role_id}
            description={values.type === 1 ? t('users.adminHasAll') : undefined}
          />
          <PasswordInput
            {...text('password')}
            autoComplete="new-password"
            required={!row}
            description={row ? t('users.passwordKeep') : t('register.passwordHint')}
          />
          <Switch
            mt="xl"
            label={t('users.fields.active')}
            checked={values.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
            error={errors.active}
          />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

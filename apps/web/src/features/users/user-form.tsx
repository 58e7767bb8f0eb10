import { Modal, PasswordInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { addUser, listRoles, type UserRow, updateUser } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { can } from '../../lib/access';
import { api, fetchData } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { useContractForm } from '../../lib/contract-form';
import { userKeys } from './keys';

type Values = {
  name: string;
  username: string;
  email: string;
  phone: string;
  type: 1 | 2;
  role_id: number | null;
  active: boolean;
  password: string;
};

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

/** Add or edit a user: each field checked as it is left by the call's schema; the server's field errors on the fields. */
export function UserForm({ row, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const { values, field, submit } = useContractForm(row ? updateUser.input : addUser.input, valuesOf(row), (v) => ({
    name: v.name,
    username: v.username,
    email: v.email.trim() || null,
    phone: v.phone.trim() || null,
    type: v.type,
    role_id: v.role_id,
    active: v.active,
    password: v.password,
  }));
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

  const text = (key: 'name' | 'username' | 'email' | 'phone' | 'password') => ({
    ...field(key),
    label: t(`users.fields.${key}`),
  });
  const save = submit(
    (input) =>
      row
        ? api(updateUser, input, { id: row.id, module: 'users', action: 'update' })
        : api(addUser, input, { module: 'users', action: 'add' }),
    onSaved,
  );

  return (
    <Modal opened onClose={onClose} title={row ? t('users.edit') : t('users.add')} size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
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
            {...field('type')}
            value={String(values.type)}
            onChange={(value) => field('type').onChange(value === '1' ? 1 : 2)}
            allowDeselect={false}
            disabled={row?.type === 0 || !isAdmin || self}
            description={row?.type === 0 ? t('users.ownerNote') : self ? t('users.selfNote') : undefined}
          />
          <Select
            label={t('users.fields.role_id')}
            placeholder={t('users.noGroup')}
            data={groups.map((r) => ({ value: String(r.id), label: r.name }))}
            disabled={self && values.type === 2}
            {...field('role_id')}
            value={values.role_id === null ? null : String(values.role_id)}
            onChange={(value) => field('role_id').onChange(value ? Number(value) : null)}
            clearable
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
            onChange={(e) => field('active').onChange(e.currentTarget.checked)}
            error={field('active').error}
          />
        </SimpleGrid>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

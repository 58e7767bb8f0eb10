import { ActionIcon, Button, Group, Paper, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { relationships } from '@somero/contract';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { entryKey, type GuardianEntry, newGuardian } from './guardian-entry';
import { GuardianOnRecord } from './guardian-on-record';
import { GuardianPicker } from './guardian-picker';

interface Props {
  entries: GuardianEntry[];
  onChange: (entries: GuardianEntry[]) => void;
  /** The form's messages, keyed `guardians.{i}.{field}`. */
  errors: Record<string, ReactNode>;
  /** A typed field is left (`guardians.{i}.{field}`): the form checks it. */
  onLeave: (path: string) => void;
}

/** The student's guardians: pick ones already on record or type in new ones; one is the primary contact. */
export function GuardianEntries({ entries, onChange, errors, onLeave }: Props) {
  const { t } = useTranslation('students');
  const update = (key: string, change: Partial<GuardianEntry>) =>
    onChange(entries.map((e) => (e.key === key ? ({ ...e, ...change } as GuardianEntry) : e)));
  const remove = (key: string) => {
    const rest = entries.filter((e) => e.key !== key);
    if (rest.length > 0 && !rest.some((e) => e.primary)) rest[0] = { ...rest[0], primary: true } as GuardianEntry;
    onChange(rest);
  };
  const makePrimary = (key: string) =>
    onChange(entries.map((e) => ({ ...e, primary: e.key === key }) as GuardianEntry));
  // A new guardian typed with a phone already on record becomes that guardian (siblings share one).
  const takeOnRecord = (key: string, g: { id: number; label: string }) => {
    if (entries.some((e) => e.kind === 'existing' && e.guardian_id === g.id)) return remove(key);
    onChange(
      entries.map((e) =>
        e.key === key ? { key, kind: 'existing', guardian_id: g.id, label: g.label, primary: e.primary } : e,
      ),
    );
  };
  const error = (i: number, field: string) => errors[`guardians.${i}.${field}`];
  const leave = (i: number, field: string) => () => onLeave(`guardians.${i}.${field}`);

  return (
    <Stack gap="sm">
      {entries.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('guardians.none')}
        </Text>
      ) : null}
      {entries.map((e, i) => (
        <Paper key={e.key} withBorder p="sm" aria-label={t('guardians.entry', { n: i + 1 })} role="group">
          <Group justify="space-between" mb={e.kind === 'new' ? 'xs' : 0} wrap="nowrap">
            {e.kind === 'existing' ? <Text fw={500}>{e.label}</Text> : <Text fw={500}>{t('guardians.new')}</Text>}
            <Group gap="xs" wrap="nowrap">
              <Radio
                label={t('guardians.primary')}
                checked={e.primary}
                onChange={() => makePrimary(e.key)}
                name="primary-guardian"
              />
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => remove(e.key)}
                aria-label={t('guardians.remove', { n: i + 1 })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
          {e.kind === 'new' ? (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              <TextInput
                label={t('guardians.name')}
                required
                value={e.name}
                onChange={(ev) => update(e.key, { name: ev.currentTarget.value })}
                error={error(i, 'name')}
                onBlur={leave(i, 'name')}
              />
              <Select
                label={t('guardians.relationship')}
                data={relationships}
                value={e.relationship}
                onChange={(v) => update(e.key, { relationship: v ?? 'Guardian' })}
                allowDeselect={false}
                error={error(i, 'relationship')}
                onBlur={leave(i, 'relationship')}
              />
              <TextInput
                label={t('guardians.phone')}
                type="tel"
                required
                value={e.phone}
                onChange={(ev) => update(e.key, { phone: ev.currentTarget.value })}
                error={error(i, 'phone')}
                onBlur={leave(i, 'phone')}
              />
              <TextInput
                label={t('guardians.email')}
                type="email"
                value={e.email}
                onChange={(ev) => update(e.key, { email: ev.currentTarget.value })}
                error={error(i, 'email')}
                onBlur={leave(i, 'email')}
              />
              <TextInput
                label={t('guardians.occupation')}
                value={e.occupation}
                onChange={(ev) => update(e.key, { occupation: ev.currentTarget.value })}
                error={error(i, 'occupation')}
                onBlur={leave(i, 'occupation')}
              />
            </SimpleGrid>
          ) : null}
          {e.kind === 'new' ? (
            <GuardianOnRecord phone={e.phone} onUse={(g) => takeOnRecord(e.key, g)} />
          ) : error(i, 'guardian_id') ? (
            <Text c="red" size="sm">
              {error(i, 'guardian_id')}
            </Text>
          ) : null}
        </Paper>
      ))}
      <Group align="flex-end" gap="sm">
        <GuardianPicker
          onPick={(g) => {
            if (entries.some((e) => e.kind === 'existing' && e.guardian_id === g.id)) return;
            onChange([
              ...entries,
              { key: entryKey(), kind: 'existing', guardian_id: g.id, label: g.label, primary: entries.length === 0 },
            ]);
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => onChange([...entries, newGuardian(entries.length === 0)])}
        >
          {t('guardians.addNew')}
        </Button>
      </Group>
      {errors.guardians ? (
        <Text c="red" size="sm">
          {errors.guardians}
        </Text>
      ) : null}
    </Stack>
  );
}

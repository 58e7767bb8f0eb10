import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, TextInput } from '@mantine/core';
import { addFyear, deleteFyear, type FyearRow, now, updateFyear } from '@somero/contract';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { api, type CallInput } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate } from '../../lib/format';
import { useYears, yearsKey } from './year-select';

function YearForm({ year, onClose }: { year: FyearRow | 'new'; onClose: (saved: boolean) => void }) {
  const { t } = useTranslation('budget');
  const next = now().getFullYear();
  const { field, values, setValue, submit } = useContractForm(
    year === 'new' ? addFyear.input : updateFyear.input,
    year === 'new'
      ? { name: String(next), starts_on: `${next}-01-01`, ends_on: `${next}-12-31`, is_current: false }
      : { name: year.name, starts_on: year.starts_on, ends_on: year.ends_on, is_current: year.is_current },
    (v) => (year === 'new' ? v : { ...v, status: year.status }),
  );
  const save = submit(
    (input) =>
      year === 'new' ? api(addFyear, input) : api(updateFyear, input as CallInput<typeof updateFyear>, { id: year.id }),
    () => onClose(true),
  );
  return (
    <Modal opened onClose={() => onClose(false)} title={year === 'new' ? t('years.add') : t('years.edit')} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput label={t('years.name')} required {...field('name')} />
          <DateField label={t('years.starts')} required {...field('starts_on')} />
          <DateField label={t('years.ends')} required {...field('ends_on')} />
          <Checkbox
            label={t('years.makeCurrent')}
            checked={values.is_current}
            onChange={(e) => setValue('is_current', e.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit">{t('save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** /budget/fyear: the school's financial years; one is current; a closed year is locked. */
export default function YearsScreen() {
  const { t } = useTranslation('budget');
  const years = useYears();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FyearRow | 'new' | null>(null);
  const [closing, setClosing] = useState<FyearRow | null>(null);
  const [removing, setRemoving] = useState<FyearRow | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: yearsKey });
  const close = async (y: FyearRow) => {
    const r = await api(updateFyear, { ...y, status: 'closed' }, { id: y.id });
    setClosing(null);
    if (r.ok) void reload();
  };
  const remove = async (y: FyearRow) => {
    const r = await api(deleteFyear, {}, { id: y.id });
    setRemoving(null);
    if (r.ok) void reload();
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {t('years.add')}
          </Button>
        }
      />
      <Paper withBorder p="md">
        <DataTable
          rows={years.data}
          query={years}
          rowKey={(y) => y.id}
          rowProps={(y) => ({ 'data-year': y.name })}
          empty={t('years.none')}
          columns={[
            { key: 'name', label: t('years.name') },
            { key: 'starts_on', label: t('years.starts'), render: (y) => formatDate(y.starts_on) },
            { key: 'ends_on', label: t('years.ends'), render: (y) => formatDate(y.ends_on) },
            {
              key: 'status',
              label: t('years.status'),
              render: (y) => (
                <Group gap={4}>
                  {y.is_current ? <Badge color="green">{t('years.current')}</Badge> : null}
                  {y.status === 'closed' ? (
                    <Badge color="gray">{t('years.closed')}</Badge>
                  ) : (
                    <Badge variant="light">{t('years.open')}</Badge>
                  )}
                </Group>
              ),
            },
          ]}
          actions={(y) =>
            y.status === 'closed' ? null : (
              <Group gap={4} wrap="nowrap">
                <Button size="xs" variant="subtle" onClick={() => setEditing(y)}>
                  {t('years.edit')}
                </Button>
                <Button size="xs" variant="subtle" color="orange" onClick={() => setClosing(y)}>
                  {t('years.close')}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(y)}>
                  {t('years.remove')}
                </Button>
              </Group>
            )
          }
        />
      </Paper>
      {editing ? (
        <YearForm
          year={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) void reload();
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={Boolean(closing)}
        title={t('years.closeTitle', { name: closing?.name ?? '' })}
        message={t('years.closeMessage', { name: closing?.name ?? '' })}
        confirmLabel={t('years.close')}
        onConfirm={() => closing && void close(closing)}
        onClose={() => setClosing(null)}
      />
      <ConfirmDialog
        opened={Boolean(removing)}
        title={t('years.removeTitle', { name: removing?.name ?? '' })}
        message={t('years.removeMessage', { name: removing?.name ?? '' })}
        confirmLabel={t('years.remove')}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

import { Button, Group, Modal, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { addPassOut, passOutTypes, relationships } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { type StudentOption, StudentPicker } from '../../../components/student-picker';
import { api, type CallInput, fieldErrors } from '../../../lib/api';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';

type Values = {
  type: string | null;
  reason: string;
  destination: string;
  time_out: string;
  expected_return: string;
  collector_name: string;
  collector_relationship: string | null;
  collector_phone: string;
  collector_id_no: string;
  authorised_by: string;
  parent_notified: boolean;
};

const start = (): Values => ({
  type: null,
  reason: '',
  destination: '',
  time_out: toLocalInput(new Date().toISOString()),
  expected_return: '',
  collector_name: '',
  collector_relationship: null,
  collector_phone: '',
  collector_id_no: '',
  authorised_by: '',
  parent_notified: false,
});

/** Issue a pass-out (POST pass_outs): it takes the next pass number; print it from the list. */
export function PassOutForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('students');
  const saving = useSaving();
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (
    key: 'reason' | 'destination' | 'collector_name' | 'collector_phone' | 'collector_id_no' | 'authorised_by',
  ) => ({
    label: t(`passouts.fields.${key}`),
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.currentTarget.value),
    error: errors[key],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = {
      ...values,
      student_id: student?.item.id,
      time_out: fromLocalInput(values.time_out),
      expected_return: fromLocalInput(values.expected_return),
    } as CallInput<typeof addPassOut>;
    const result = await api(addPassOut, body, { module: 'passOuts', action: 'add' });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={t('passouts.issue')} size="xl">
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StudentPicker value={student} onChange={setStudent} required error={errors.student_id} data-autofocus />
          <Select
            label={t('passouts.fields.type')}
            required
            data={passOutTypes}
            value={values.type}
            onChange={(v) => set('type', v)}
            error={errors.type}
          />
          <Textarea {...text('reason')} required autosize minRows={2} />
          <TextInput {...text('destination')} />
          <DateField
            withTime
            label={t('passouts.fields.time_out')}
            required
            value={values.time_out}
            onChange={(day) => set('time_out', day)}
            error={errors.time_out}
          />
          <DateField
            withTime
            label={t('passouts.fields.expected_return')}
            required
            value={values.expected_return}
            onChange={(day) => set('expected_return', day)}
            error={errors.expected_return}
          />
          <TextInput {...text('collector_name')} />
          <Select
            label={t('passouts.fields.collector_relationship')}
            data={relationships}
            clearable
            value={values.collector_relationship}
            onChange={(v) => set('collector_relationship', v)}
            error={errors.collector_relationship}
          />
          <TextInput {...text('collector_phone')} type="tel" />
          <TextInput {...text('collector_id_no')} />
          <TextInput {...text('authorised_by')} required />
          <Switch
            mt="xl"
            label={t('passouts.fields.parent_notified')}
            checked={values.parent_notified}
            onChange={(e) => set('parent_notified', e.currentTarget.checked)}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('passouts.issue')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

import { Button, Group, Modal, Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { addPassOut, now, passOutTypes, relationships } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { type StudentOption, StudentPicker } from '../../../components/student-picker';
import { api, type CallInput } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { fromLocalInput, toLocalInput } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';

type Values = {
  student_id: number | null;
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
  student_id: null,
  type: null,
  reason: '',
  destination: '',
  time_out: toLocalInput(now().toISOString()),
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
  // The picked student as the picker shows them; the form holds their id.
  const [student, setStudent] = useState<StudentOption | null>(null);
  const { field, submit } = useContractForm(
    addPassOut.input,
    start(),
    (v) =>
      ({
        ...v,
        student_id: v.student_id ?? undefined,
        time_out: fromLocalInput(v.time_out),
        expected_return: fromLocalInput(v.expected_return),
      }) as CallInput<typeof addPassOut>,
  );
  const text = (
    key: 'reason' | 'destination' | 'collector_name' | 'collector_phone' | 'collector_id_no' | 'authorised_by',
  ) => ({ label: t(`passouts.fields.${key}`), ...field(key) });
  const studentId = field('student_id');
  const parentNotified = field('parent_notified');
  const save = submit((input) => api(addPassOut, input, { module: 'passOuts', action: 'add' }), onSaved);

  return (
    <Modal opened onClose={onClose} title={t('passouts.issue')} size="xl">
      <form onSubmit={(event) => void save(event)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <StudentPicker
            value={student}
            onChange={(picked) => {
              setStudent(picked);
              studentId.onChange(picked?.item.id ?? null);
            }}
            onBlur={studentId.onBlur}
            required
            error={studentId.error}
            data-autofocus
          />
          <Select label={t('passouts.fields.type')} required data={passOutTypes} {...field('type')} />
          <Textarea {...text('reason')} required autosize minRows={2} />
          <TextInput {...text('destination')} />
          <DateField withTime label={t('passouts.fields.time_out')} required {...field('time_out')} />
          <DateField withTime label={t('passouts.fields.expected_return')} required {...field('expected_return')} />
          <TextInput {...text('collector_name')} />
          <Select
            label={t('passouts.fields.collector_relationship')}
            data={relationships}
            clearable
            {...field('collector_relationship')}
          />
          <TextInput {...text('collector_phone')} type="tel" />
          <TextInput {...text('collector_id_no')} />
          <TextInput {...text('authorised_by')} required />
          <Switch
            mt="xl"
            label={t('passouts.fields.parent_notified')}
            checked={parentNotified.value}
            onChange={(e) => parentNotified.onChange(e.currentTarget.checked)}
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

import {
  Button,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type SchoolDetails, updateSchool } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type CallInput } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { currentSettingsKey } from '../../lib/current-settings';
import { useSaving } from '../../lib/saving';
import { schoolKey } from '../../lib/school';

type Hours = NonNullable<SchoolDetails['visiting_hours']>;
type Input = Omit<CallInput<typeof updateSchool>, 'visiting_hours' | 'current_year'>;
type Values = Required<{ [K in keyof Input]: NonNullable<Input[K]> }> & {
  /** Empty while the box is cleared: the schema's "Enter the current year" shows. */
  current_year: number | null;
  /** When students may be visited; null: any time. */
  visiting_hours: Hours | null;
};
/** Weekdays as the chips show them, Monday first (0 is Sunday, as the server counts). */
const weekdays = [1, 2, 3, 4, 5, 6, 0];

const valuesOf = (s: SchoolDetails): Values => ({
  name: s.name,
  motto: s.motto ?? '',
  address: s.address ?? '',
  phone: s.phone ?? '',
  email: s.email ?? '',
  website: s.website ?? '',
  registration_no: s.registration_no ?? '',
  currency: s.currency,
  head_teacher: s.head_teacher ?? '',
  receipt_format: s.receipt_format,
  payslips_per_page: s.payslips_per_page,
  payment_instructions: s.payment_instructions ?? '',
  separate_requisition_steps: s.separate_requisition_steps,
  sms_fees_receipts: s.sms_fees_receipts,
  sms_sickbay_visits: s.sms_sickbay_visits,
  sms_absences: s.sms_absences,
  current_year: s.current_year,
  current_term: s.current_term,
  visiting_hours: s.visiting_hours,
});

type TextKey = 'name' | 'motto' | 'address' | 'phone' | 'email' | 'website' | 'registration_no' | 'head_teacher';

/** The school's details, current year and term, receipt paper and payment instructions (PUT school/{id}). */
export function SchoolForm({ school, editable }: { school: SchoolDetails; editable: boolean }) {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const { form, values, field, fieldAt, submit, setValue } = useContractForm(
    updateSchool.input,
    valuesOf(school),
    (v) => ({
      ...v,
      current_year: v.current_year as number,
    }),
  );
  const hours = values.visiting_hours;
  const text = (key: TextKey) => ({
    label: t(`school.fields.${key}`),
    ...field(key),
    readOnly: !editable,
  });
  const save = submit(
    (input) => api(updateSchool, input, { id: school.id }),
    (saved) => {
      queryClient.setQueryData(schoolKey, saved);
      void queryClient.invalidateQueries({ queryKey: currentSettingsKey });
    },
  );

  return (
    <Paper
      withBorder
      p="md"
      component="form"
      onSubmit={(e: FormEvent) => void save(e)}
      noValidate
      aria-label={t('school.details')}
    >
      <Title order={3} size="h4" mb="md">
        {t('school.details')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...text('name')} required />
        <TextInput {...text('motto')} />
        <TextInput {...text('address')} />
        <TextInput {...text('phone')} type="tel" />
        <TextInput {...text('email')} type="email" />
        <TextInput {...text('website')} />
        <TextInput {...text('registration_no')} />
        <TextInput {...text('head_teacher')} />
        <NumberInput
          label={t('school.fields.current_year')}
          required
          allowDecimal={false}
          min={2000}
          max={2100}
          {...field('current_year')}
          value={values.current_year ?? ''}
          onChange={(v) => field('current_year').onChange(typeof v === 'number' ? v : null)}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.current_term')}
          required
          data={['1', '2', '3'].map((n) => ({ value: n, label: t('terms.term', { n }) }))}
          {...field('current_term')}
          value={String(values.current_term)}
          onChange={(v) => field('current_term').onChange(Number(v ?? values.current_term))}
          allowDeselect={false}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.receipt_format')}
          data={[
            { value: 'a5', label: t('school.receipt.a5') },
            { value: 'thermal', label: t('school.receipt.thermal') },
          ]}
          {...field('receipt_format')}
          onChange={(v) => field('receipt_format').onChange(v === 'thermal' ? 'thermal' : 'a5')}
          allowDeselect={false}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.payslips_per_page')}
          data={[
            { value: '2', label: t('school.payslips.two') },
            { value: '4', label: t('school.payslips.four') },
          ]}
          {...field('payslips_per_page')}
          value={String(values.payslips_per_page)}
          onChange={(v) => field('payslips_per_page').onChange(v === '4' ? 4 : 2)}
          allowDeselect={false}
          readOnly={!editable}
        />
        <TextInput
          label={t('school.fields.currency')}
          maxLength={3}
          {...field('currency')}
          onChange={(e) => field('currency').onChange(e.currentTarget.value.toUpperCase())}
          readOnly={!editable}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('school.fields.payment_instructions')}
        description={t('school.paymentHelp')}
        autosize
        minRows={3}
        {...field('payment_instructions')}
        readOnly={!editable}
      />
      <Checkbox
        mt="sm"
        label={t('school.fields.separate_requisition_steps')}
        description={t('school.separateHelp')}
        checked={values.separate_requisition_steps}
        onChange={(e) => editable && setValue('separate_requisition_steps', e.currentTarget.checked)}
        readOnly={!editable}
      />
      <Title order={4} size="h5" mt="md">
        {t('school.smsTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('school.smsHelp')}
      </Text>
      {(['sms_fees_receipts', 'sms_sickbay_visits', 'sms_absences'] as const).map((key) => (
        <Checkbox
          key={key}
          mt="xs"
          label={t(`school.fields.${key}`)}
          checked={values[key]}
          onChange={(e) => editable && setValue(key, e.currentTarget.checked)}
          readOnly={!editable}
        />
      ))}
      <Checkbox
        mt="sm"
        label={t('school.visiting.set')}
        description={t('school.visiting.help')}
        checked={hours !== null}
        onChange={(e) =>
          editable &&
          setValue('visiting_hours', e.currentTarget.checked ? { days: [0, 6], from: '14:00', to: '17:00' } : null)
        }
        readOnly={!editable}
      />
      {hours ? (
        <Group mt="xs" ml="xl" align="flex-end" wrap="wrap" data-testid="visiting-hours">
          <div>
            <Chip.Group
              multiple
              value={hours.days.map(String)}
              onChange={(v) => {
                if (!editable) return;
                setValue('visiting_hours.days', v.map(Number));
                if (form.errors['visiting_hours.days']) form.validateField('visiting_hours.days');
              }}
            >
              <Group gap={4}>
                {weekdays.map((d) => (
                  <Chip key={d} value={String(d)} size="xs">
                    {t(`school.visiting.day${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors['visiting_hours.days'] ? (
              <Text size="xs" c="red" mt={4}>
                {form.errors['visiting_hours.days']}
              </Text>
            ) : null}
          </div>
          <TextInput
            type="time"
            label={t('school.visiting.from')}
            w={120}
            {...fieldAt('visiting_hours.from')}
            readOnly={!editable}
          />
          <TextInput
            type="time"
            label={t('school.visiting.to')}
            w={120}
            {...fieldAt('visiting_hours.to')}
            readOnly={!editable}
          />
        </Group>
      ) : null}
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={saving}>
            {t('school.save')}
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

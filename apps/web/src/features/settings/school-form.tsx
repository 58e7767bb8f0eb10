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
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type CallInput, fieldErrors } from '../../lib/api';
import { currentSettingsKey } from '../../lib/current-settings';
import { useSaving } from '../../lib/saving';
import { schoolKey } from '../../lib/school';

type Input = Omit<CallInput<typeof updateSchool>, 'visiting_hours'>;
type Values = Required<{ [K in keyof Input]: NonNullable<Input[K]> }>;
type Hours = NonNullable<SchoolDetails['visiting_hours']>;
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
});

type TextKey = 'name' | 'motto' | 'address' | 'phone' | 'email' | 'website' | 'registration_no' | 'head_teacher';

/** The school's details, current year and term, receipt paper and payment instructions (PUT school/{id}). */
export function SchoolForm({ school, editable }: { school: SchoolDetails; editable: boolean }) {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => valuesOf(school));
  // When students may be visited; null: any time.
  const [hours, setHours] = useState<Hours | null>(school.visiting_hours);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const text = (key: TextKey) => ({
    label: t(`school.fields.${key}`),
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
    readOnly: !editable,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const result = await api(updateSchool, { ...values, visiting_hours: hours }, { id: school.id });
    if (result.ok) {
      queryClient.setQueryData(schoolKey, result.data);
      void queryClient.invalidateQueries({ queryKey: currentSettingsKey });
    } else setErrors(fieldErrors(result.errors));
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label={t('school.details')}>
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
          value={values.current_year}
          onChange={(v) => set('current_year', typeof v === 'number' ? v : values.current_year)}
          error={errors.current_year}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.current_term')}
          required
          data={['1', '2', '3'].map((n) => ({ value: n, label: t('terms.term', { n }) }))}
          value={String(values.current_term)}
          onChange={(v) => set('current_term', Number(v ?? values.current_term))}
          allowDeselect={false}
          error={errors.current_term}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.receipt_format')}
          data={[
            { value: 'a5', label: t('school.receipt.a5') },
            { value: 'thermal', label: t('school.receipt.thermal') },
          ]}
          value={values.receipt_format}
          onChange={(v) => set('receipt_format', v === 'thermal' ? 'thermal' : 'a5')}
          allowDeselect={false}
          error={errors.receipt_format}
          readOnly={!editable}
        />
        <Select
          label={t('school.fields.payslips_per_page')}
          data={[
            { value: '2', label: t('school.payslips.two') },
            { value: '4', label: t('school.payslips.four') },
          ]}
          value={String(values.payslips_per_page)}
          onChange={(v) => set('payslips_per_page', v === '4' ? 4 : 2)}
          allowDeselect={false}
          error={errors.payslips_per_page}
          readOnly={!editable}
        />
        <TextInput
          label={t('school.fields.currency')}
          maxLength={3}
          value={values.currency}
          onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
          error={errors.currency}
          readOnly={!editable}
        />
      </SimpleGrid>
      <Textarea
        mt="sm"
        label={t('school.fields.payment_instructions')}
        description={t('school.paymentHelp')}
        autosize
        minRows={3}
        value={values.payment_instructions}
        onChange={(e) => set('payment_instructions', e.currentTarget.value)}
        error={errors.payment_instructions}
        readOnly={!editable}
      />
      <Checkbox
        mt="sm"
        label={t('school.fields.separate_requisition_steps')}
        description={t('school.separateHelp')}
        checked={values.separate_requisition_steps}
        onChange={(e) => editable && set('separate_requisition_steps', e.currentTarget.checked)}
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
          onChange={(e) => editable && set(key, e.currentTarget.checked)}
          readOnly={!editable}
        />
      ))}
      <Checkbox
        mt="sm"
        label={t('school.visiting.set')}
        description={t('school.visiting.help')}
        checked={hours !== null}
        onChange={(e) =>
          editable && setHours(e.currentTarget.checked ? { days: [0, 6], from: '14:00', to: '17:00' } : null)
        }
        readOnly={!editable}
      />
      {hours ? (
        <Group mt="xs" ml="xl" align="flex-end" wrap="wrap" data-testid="visiting-hours">
          <div>
            <Chip.Group
              multiple
              value={hours.days.map(String)}
              onChange={(v) => editable && setHours({ ...hours, days: v.map(Number) })}
            >
              <Group gap={4}>
                {weekdays.map((d) => (
                  <Chip key={d} value={String(d)} size="xs">
                    {t(`school.visiting.day${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors['visiting_hours.days'] ? (
              <Text size="xs" c="red" mt={4}>
                {errors['visiting_hours.days']}
              </Text>
            ) : null}
          </div>
          <TextInput
            type="time"
            label={t('school.visiting.from')}
            w={120}
            value={hours.from}
            onChange={(e) => setHours({ ...hours, from: e.currentTarget.value })}
            error={errors['visiting_hours.from']}
            readOnly={!editable}
          />
          <TextInput
            type="time"
            label={t('school.visiting.to')}
            w={120}
            value={hours.to}
            onChange={(e) => setHours({ ...hours, to: e.currentTarget.value })}
            error={errors['visiting_hours.to']}
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

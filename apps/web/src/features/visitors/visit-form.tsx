import { Group, Modal, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  addVisit,
  editVisit,
  phoneDisplay,
  relationships,
  type StudentRow,
  type VisitRow,
  visitorIdTypes,
  visitorTypes,
  visitWhom,
} from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, type CallInput } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';

interface Props {
  /** The visit being corrected; a new one when absent. */
  visit?: VisitRow;
  onClose: () => void;
  onSaved: () => void;
}

type Whom = VisitRow['whom'];

/** Record a visitor coming in (time in is the server's), or correct a visit's details. */
export function VisitForm({ visit, onClose, onSaved }: Props) {
  const { t } = useTranslation('visitors');
  const { form, field, values, setValue, submit } = useContractForm(
    visit ? editVisit.input : addVisit.input,
    {
      visitor_name: visit?.visitor_name ?? '',
      phone: phoneDisplay(visit?.phone),
      id_type: (visit?.id_type ?? null) as string | null,
      id_number: visit?.id_number ?? '',
      from_where: visit?.from_where ?? '',
      visitor_type: (visit?.visitor_type ?? 'parent') as string | null,
      purpose: visit?.purpose ?? '',
      whom: (visit?.whom ?? 'student') as Whom,
      // The picked student (its label is shown); sent as its id.
      student_id: (visit?.student_id
        ? { value: String(visit.student_id), label: visit.student_name ?? '', item: {} as StudentRow }
        : null) as StudentOption | null,
      relationship: (visit?.relationship ?? null) as string | null,
      staff_id: (visit?.staff_id ?? null) as number | null,
      office: visit?.office ?? '',
      items_brought: visit?.items_brought ?? '',
      vehicle_reg: visit?.vehicle_reg ?? '',
      badge_no: visit?.badge_no ?? '',
      remarks: visit?.remarks ?? '',
      outside_hours_reason: '',
    },
    (v): CallInput<typeof addVisit> => ({
      visitor_name: v.visitor_name.trim(),
      phone: v.phone.trim(),
      id_type: v.id_type as CallInput<typeof addVisit>['id_type'],
      id_number: v.id_number.trim(),
      from_where: v.from_where.trim(),
      visitor_type: (v.visitor_type ?? '') as CallInput<typeof addVisit>['visitor_type'],
      purpose: v.purpose.trim(),
      whom: v.whom,
      student_id: v.whom === 'student' && v.student_id ? Number(v.student_id.value) : null,
      relationship: v.whom === 'student' ? v.relationship : null,
      staff_id: v.whom === 'staff' ? v.staff_id : null,
      office: v.whom === 'office' ? v.office.trim() : '',
      items_brought: v.items_brought.trim(),
      vehicle_reg: v.vehicle_reg.trim(),
      badge_no: v.badge_no.trim(),
      remarks: v.remarks.trim(),
      ...(v.outside_hours_reason.trim() ? { outside_hours_reason: v.outside_hours_reason.trim() } : {}),
    }),
  );
  // Asked for once the server says the student is visited outside the school's visiting hours.
  const [askReason, setAskReason] = useState(false);
  const save = submit(
    (input) =>
      visit ? api(editVisit, input, { id: visit.id }) : api(addVisit, input, { module: 'students', action: 'visit' }),
    onSaved,
  );
  const send = async (event: FormEvent) => {
    const result = await save(event);
    if (!result.ok && result.errors?.outside_hours_reason) setAskReason(true);
  };
  const { errors } = form;

  return (
    <Modal
      opened
      onClose={onClose}
      title={visit ? t('edit', { name: visit.visitor_name }) : t('add')}
      centered
      size="lg"
    >
      <form onSubmit={(e) => void send(e)} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput label={t('fields.visitorName')} required data-autofocus {...field('visitor_name')} />
            <TextInput label={t('fields.phone')} type="tel" placeholder="0772 123456" {...field('phone')} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('fields.idType')}
              clearable
              data={visitorIdTypes.map((o) => ({ value: o.value, label: o.label }))}
              {...field('id_type')}
            />
            <TextInput label={t('fields.idNumber')} {...field('id_number')} />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('fields.visitorType')}
              required
              allowDeselect={false}
              data={visitorTypes.map((o) => ({ value: o.value, label: o.label }))}
              {...field('visitor_type')}
            />
            <TextInput label={t('fields.fromWhere')} {...field('from_where')} />
          </Group>
          <TextInput label={t('fields.purpose')} required {...field('purpose')} />
          <div>
            <Text size="sm" fw={500} mb={4} id="visit-whom">
              {t('fields.whom')}
            </Text>
            <SegmentedControl
              aria-labelledby="visit-whom"
              data={visitWhom.map((o) => ({ value: o.value, label: o.label }))}
              value={values.whom}
              onChange={(v) => setValue('whom', v as Whom)}
            />
          </div>
          {values.whom === 'student' ? (
            <Group grow align="flex-start">
              <StudentPicker required {...field('student_id')} />
              <Select
                label={t('fields.relationship')}
                clearable
                searchable
                data={relationships}
                {...field('relationship')}
              />
            </Group>
          ) : values.whom === 'staff' ? (
            <ReferenceSelect label={t('fields.staff')} references="staff" required searchable {...field('staff_id')} />
          ) : (
            <TextInput label={t('fields.office')} placeholder={t('fields.officeHint')} required {...field('office')} />
          )}
          {!visit && values.whom === 'student' && (askReason || errors.outside_hours_reason) ? (
            <ReasonField
              label={t('fields.outsideHoursReason')}
              description={t('fields.outsideHoursHint')}
              {...field('outside_hours_reason')}
              error={errors.outside_hours_reason as string | undefined}
              autoFocus
            />
          ) : null}
          {values.whom === 'student' ? (
            <Textarea label={t('fields.itemsBrought')} autosize minRows={1} {...field('items_brought')} />
          ) : null}
          <Group grow align="flex-start">
            <TextInput label={t('fields.vehicleReg')} {...field('vehicle_reg')} />
            <TextInput label={t('fields.badgeNo')} {...field('badge_no')} />
          </Group>
          <Textarea label={t('fields.remarks')} autosize minRows={1} {...field('remarks')} />
          <Text size="sm" c="dimmed">
            {t('fields.timeNote')}
          </Text>
        </Stack>
        <FormButtons onCancel={onClose} submit={t('save')} />
      </form>
    </Modal>
  );
}

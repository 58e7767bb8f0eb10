import { Checkbox, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  addStaffVisit,
  addStudentVisit,
  editStaffVisit,
  editStudentVisit,
  type SickbayVisitRow,
  sickbayOutcomes,
} from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { fromLocalInput, toLocalInput } from '../../lib/format';

interface Props {
  patient: 'student' | 'staff';
  /** The visit being changed (or closed); a new one when absent. */
  visit?: SickbayVisitRow;
  /** Open the form to close the visit: where the patient went is asked for. */
  closing?: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** Record a visit, change an open one, or close it when the patient leaves the sick bay. */
export function VisitForm({ patient, visit, closing, onClose, onSaved }: Props) {
  const { t } = useTranslation('sickbay');
  const { field, values, setValue, submit } = useContractForm(
    visit
      ? (patient === 'student' ? editStudentVisit : editStaffVisit).input
      : (patient === 'student' ? addStudentVisit : addStaffVisit).input,
    {
      // The patient is chosen when the visit is added: the picked student (its label shown) or staff member.
      student_id: null as StudentOption | null,
      staff_id: null as number | null,
      visited_at: toLocalInput(visit?.visited_at),
      problem_id: (visit?.problem_id ?? null) as number | null,
      complaint: visit && !visit.problem_id ? visit.complaint : '',
      temperature: (visit?.temperature ?? '') as number | string,
      treatment: visit?.treatment ?? '',
      drugs: visit?.drugs ?? '',
      notes: visit?.notes ?? '',
      outcome: (visit?.outcome ?? (closing ? 'back_to_class' : null)) as string | null,
      referred_to: visit?.referred_to ?? '',
      close: Boolean(closing),
    },
    (v) => ({
      // Only the add schema of the patient's kind reads its id (zod drops the other).
      student_id: v.student_id ? Number(v.student_id.value) : null,
      staff_id: v.staff_id,
      visited_at: fromLocalInput(v.visited_at) ?? undefined,
      problem_id: v.problem_id,
      complaint: v.complaint.trim(),
      temperature: v.temperature === '' ? null : Number(v.temperature),
      treatment: v.treatment.trim(),
      drugs: v.drugs.trim(),
      notes: v.notes.trim(),
      outcome: v.outcome as (typeof sickbayOutcomes)[number] | null,
      referred_to: v.referred_to.trim(),
      close: v.close,
    }),
  );
  // What is checked is what is sent: a patient not chosen goes as null, for the server's own words.
  const save = submit(({ student_id, staff_id, ...input }) => {
    if (visit) return api(patient === 'student' ? editStudentVisit : editStaffVisit, input, { id: visit.id });
    return patient === 'student'
      ? api(addStudentVisit, { ...input, student_id: student_id as number })
      : api(addStaffVisit, { ...input, staff_id: staff_id as number });
  }, onSaved);

  const title = visit ? (closing ? t('close.title', { name: visit.name }) : t('edit', { name: visit.name })) : t('add');
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          {visit ? null : patient === 'student' ? (
            <StudentPicker required data-autofocus {...field('student_id')} />
          ) : (
            <ReferenceSelect label={t('fields.staff')} references="staff" required searchable {...field('staff_id')} />
          )}
          <DateField
            withTime
            label={t('fields.visitedAt')}
            description={visit ? undefined : t('fields.visitedAtHint')}
            {...field('visited_at')}
          />
          <Group grow align="flex-start">
            <ReferenceSelect
              label={t('fields.problem')}
              references="sickbay_problems"
              searchable
              clearable
              {...field('problem_id')}
            />
            <TextInput label={t('fields.complaint')} description={t('fields.complaintHint')} {...field('complaint')} />
          </Group>
          <NumberInput
            label={t('fields.temperature')}
            decimalScale={1}
            clampBehavior="none"
            step={0.1}
            min={34}
            max={43}
            w={180}
            {...field('temperature')}
          />
          <Textarea label={t('fields.treatment')} autosize minRows={2} {...field('treatment')} />
          <Textarea
            label={t('fields.drugs')}
            description={t('fields.drugsHint')}
            autosize
            minRows={2}
            {...field('drugs')}
          />
          <Textarea label={t('fields.notes')} autosize minRows={1} {...field('notes')} />
          <Group grow align="flex-start">
            <Select
              label={t('fields.outcome')}
              clearable
              data={sickbayOutcomes.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
              {...field('outcome')}
            />
            {values.outcome === 'referred' ? (
              <TextInput label={t('fields.referredTo')} required {...field('referred_to')} />
            ) : null}
          </Group>
          <Checkbox
            label={t('fields.close')}
            checked={values.close}
            onChange={(e) => setValue('close', e.currentTarget.checked)}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={values.close ? t('close.save') : t('save')} />
      </form>
    </Modal>
  );
}

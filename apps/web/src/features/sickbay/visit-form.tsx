import { Checkbox, Group, Modal, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  addStaffVisit,
  addStudentVisit,
  editStaffVisit,
  editStudentVisit,
  type SickbayVisitRow,
  sickbayOutcomes,
} from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { api, fieldErrors } from '../../lib/api';
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
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [staffId, setStaffId] = useState<number | null>(null);
  const [visitedAt, setVisitedAt] = useState(toLocalInput(visit?.visited_at));
  const [problemId, setProblemId] = useState<number | null>(visit?.problem_id ?? null);
  const [complaint, setComplaint] = useState(visit && !visit.problem_id ? visit.complaint : '');
  const [temperature, setTemperature] = useState<number | string>(visit?.temperature ?? '');
  const [treatment, setTreatment] = useState(visit?.treatment ?? '');
  const [drugs, setDrugs] = useState(visit?.drugs ?? '');
  const [notes, setNotes] = useState(visit?.notes ?? '');
  const [outcome, setOutcome] = useState<string | null>(visit?.outcome ?? (closing ? 'back_to_class' : null));
  const [referredTo, setReferredTo] = useState(visit?.referred_to ?? '');
  const [close, setClose] = useState(Boolean(closing));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = {
      visited_at: fromLocalInput(visitedAt) ?? undefined,
      problem_id: problemId,
      complaint: complaint.trim(),
      temperature: temperature === '' ? null : Number(temperature),
      treatment: treatment.trim(),
      drugs: drugs.trim(),
      notes: notes.trim(),
      outcome,
      referred_to: referredTo.trim(),
      close,
    };
    const result = visit
      ? await api(patient === 'student' ? editStudentVisit : editStaffVisit, values, { id: visit.id })
      : patient === 'student'
        ? await api(addStudentVisit, { ...values, student_id: Number(student?.value ?? 0) })
        : await api(addStaffVisit, { ...values, staff_id: staffId ?? 0 });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  const title = visit ? (closing ? t('close.title', { name: visit.name }) : t('edit', { name: visit.name })) : t('add');
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {visit ? null : patient === 'student' ? (
            <StudentPicker value={student} onChange={setStudent} required data-autofocus error={errors.student_id} />
          ) : (
            <ReferenceSelect
              label={t('fields.staff')}
              references="staff"
              required
              searchable
              value={staffId}
              onChange={setStaffId}
              error={errors.staff_id}
            />
          )}
          <DateField
            withTime
            label={t('fields.visitedAt')}
            description={visit ? undefined : t('fields.visitedAtHint')}
            value={visitedAt}
            onChange={setVisitedAt}
            error={errors.visited_at}
          />
          <Group grow align="flex-start">
            <ReferenceSelect
              label={t('fields.problem')}
              references="sickbay_problems"
              searchable
              clearable
              value={problemId}
              onChange={setProblemId}
              error={errors.problem_id}
            />
            <TextInput
              label={t('fields.complaint')}
              description={t('fields.complaintHint')}
              value={complaint}
              onChange={(e) => setComplaint(e.currentTarget.value)}
              error={errors.complaint}
            />
          </Group>
          <NumberInput
            label={t('fields.temperature')}
            decimalScale={1}
            clampBehavior="none"
            step={0.1}
            min={34}
            max={43}
            w={180}
            value={temperature}
            onChange={setTemperature}
            error={errors.temperature}
          />
          <Textarea
            label={t('fields.treatment')}
            autosize
            minRows={2}
            value={treatment}
            onChange={(e) => setTreatment(e.currentTarget.value)}
            error={errors.treatment}
          />
          <Textarea
            label={t('fields.drugs')}
            description={t('fields.drugsHint')}
            autosize
            minRows={2}
            value={drugs}
            onChange={(e) => setDrugs(e.currentTarget.value)}
            error={errors.drugs}
          />
          <Textarea
            label={t('fields.notes')}
            autosize
            minRows={1}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={errors.notes}
          />
          <Group grow align="flex-start">
            <Select
              label={t('fields.outcome')}
              clearable
              data={sickbayOutcomes.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
              value={outcome}
              onChange={setOutcome}
              error={errors.outcome}
            />
            {outcome === 'referred' ? (
              <TextInput
                label={t('fields.referredTo')}
                required
                value={referredTo}
                onChange={(e) => setReferredTo(e.currentTarget.value)}
                error={errors.referred_to}
              />
            ) : null}
          </Group>
          <Checkbox label={t('fields.close')} checked={close} onChange={(e) => setClose(e.currentTarget.checked)} />
        </Stack>
        <FormButtons onCancel={onClose} submit={close ? t('close.save') : t('save')} />
      </form>
    </Modal>
  );
}

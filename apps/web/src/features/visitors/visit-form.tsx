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
import { api, type CallInput, fieldErrors } from '../../lib/api';

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
  const [name, setName] = useState(visit?.visitor_name ?? '');
  const [phone, setPhone] = useState(phoneDisplay(visit?.phone));
  const [idType, setIdType] = useState<string | null>(visit?.id_type ?? null);
  const [idNumber, setIdNumber] = useState(visit?.id_number ?? '');
  const [fromWhere, setFromWhere] = useState(visit?.from_where ?? '');
  const [visitorType, setVisitorType] = useState<string | null>(visit?.visitor_type ?? 'parent');
  const [purpose, setPurpose] = useState(visit?.purpose ?? '');
  const [whom, setWhom] = useState<Whom>(visit?.whom ?? 'student');
  const [student, setStudent] = useState<StudentOption | null>(
    visit?.student_id
      ? { value: String(visit.student_id), label: visit.student_name ?? '', item: {} as StudentRow }
      : null,
  );
  const [relationship, setRelationship] = useState<string | null>(visit?.relationship ?? null);
  const [staffId, setStaffId] = useState<number | null>(visit?.staff_id ?? null);
  const [office, setOffice] = useState(visit?.office ?? '');
  const [items, setItems] = useState(visit?.items_brought ?? '');
  const [vehicle, setVehicle] = useState(visit?.vehicle_reg ?? '');
  const [badge, setBadge] = useState(visit?.badge_no ?? '');
  const [remarks, setRemarks] = useState(visit?.remarks ?? '');
  // Asked for once the server says the student is visited outside the school's visiting hours.
  const [outsideReason, setOutsideReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values: CallInput<typeof addVisit> = {
      visitor_name: name.trim(),
      phone: phone.trim(),
      id_type: idType,
      id_number: idNumber.trim(),
      from_where: fromWhere.trim(),
      visitor_type: (visitorType ?? '') as CallInput<typeof addVisit>['visitor_type'],
      purpose: purpose.trim(),
      whom,
      student_id: whom === 'student' && student ? Number(student.value) : null,
      relationship: whom === 'student' ? relationship : null,
      staff_id: whom === 'staff' ? staffId : null,
      office: whom === 'office' ? office.trim() : '',
      items_brought: items.trim(),
      vehicle_reg: vehicle.trim(),
      badge_no: badge.trim(),
      remarks: remarks.trim(),
      ...(outsideReason.trim() ? { outside_hours_reason: outsideReason.trim() } : {}),
    };
    const result = visit
      ? await api(editVisit, values, { id: visit.id })
      : await api(addVisit, values, { module: 'students', action: 'visit' });
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={visit ? t('edit', { name: visit.visitor_name }) : t('add')}
      centered
      size="lg"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Group grow align="flex-start">
            <TextInput
              label={t('fields.visitorName')}
              required
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.visitor_name}
            />
            <TextInput
              label={t('fields.phone')}
              type="tel"
              placeholder="0772 123456"
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
              error={errors.phone}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('fields.idType')}
              clearable
              data={visitorIdTypes.map((o) => ({ value: o.value, label: o.label }))}
              value={idType}
              onChange={setIdType}
              error={errors.id_type}
            />
            <TextInput
              label={t('fields.idNumber')}
              value={idNumber}
              onChange={(e) => setIdNumber(e.currentTarget.value)}
              error={errors.id_number}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t('fields.visitorType')}
              required
              allowDeselect={false}
              data={visitorTypes.map((o) => ({ value: o.value, label: o.label }))}
              value={visitorType}
              onChange={setVisitorType}
              error={errors.visitor_type}
            />
            <TextInput
              label={t('fields.fromWhere')}
              value={fromWhere}
              onChange={(e) => setFromWhere(e.currentTarget.value)}
              error={errors.from_where}
            />
          </Group>
          <TextInput
            label={t('fields.purpose')}
            required
            value={purpose}
            onChange={(e) => setPurpose(e.currentTarget.value)}
            error={errors.purpose}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="visit-whom">
              {t('fields.whom')}
            </Text>
            <SegmentedControl
              aria-labelledby="visit-whom"
              data={visitWhom.map((o) => ({ value: o.value, label: o.label }))}
              value={whom}
              onChange={(v) => setWhom(v as Whom)}
            />
          </div>
          {whom === 'student' ? (
            <Group grow align="flex-start">
              <StudentPicker value={student} onChange={setStudent} required error={errors.student_id} />
              <Select
                label={t('fields.relationship')}
                clearable
                searchable
                data={relationships}
                value={relationship}
                onChange={setRelationship}
                error={errors.relationship}
              />
            </Group>
          ) : whom === 'staff' ? (
            <ReferenceSelect
              label={t('fields.staff')}
              references="staff"
              required
              searchable
              value={staffId}
              onChange={setStaffId}
              error={errors.staff_id}
            />
          ) : (
            <TextInput
              label={t('fields.office')}
              placeholder={t('fields.officeHint')}
              required
              value={office}
              onChange={(e) => setOffice(e.currentTarget.value)}
              error={errors.office}
            />
          )}
          {!visit && whom === 'student' && (errors.outside_hours_reason || outsideReason) ? (
            <ReasonField
              label={t('fields.outsideHoursReason')}
              description={t('fields.outsideHoursHint')}
              value={outsideReason}
              onChange={setOutsideReason}
              error={errors.outside_hours_reason}
              autoFocus
            />
          ) : null}
          {whom === 'student' ? (
            <Textarea
              label={t('fields.itemsBrought')}
              autosize
              minRows={1}
              value={items}
              onChange={(e) => setItems(e.currentTarget.value)}
              error={errors.items_brought}
            />
          ) : null}
          <Group grow align="flex-start">
            <TextInput
              label={t('fields.vehicleReg')}
              value={vehicle}
              onChange={(e) => setVehicle(e.currentTarget.value)}
              error={errors.vehicle_reg}
            />
            <TextInput
              label={t('fields.badgeNo')}
              value={badge}
              onChange={(e) => setBadge(e.currentTarget.value)}
              error={errors.badge_no}
            />
          </Group>
          <Textarea
            label={t('fields.remarks')}
            autosize
            minRows={1}
            value={remarks}
            onChange={(e) => setRemarks(e.currentTarget.value)}
            error={errors.remarks}
          />
          <Text size="sm" c="dimmed">
            {t('fields.timeNote')}
          </Text>
        </Stack>
        <FormButtons onCancel={onClose} submit={t('save')} />
      </form>
    </Modal>
  );
}

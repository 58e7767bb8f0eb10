import { Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { addEvent, type EventRow, editEvent, eventTypes, invitedGroups } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, type CallInput, fieldErrors } from '../../lib/api';
import { today } from '../../lib/format';

type Input = CallInput<typeof addEvent>;

/** Plan an event or meeting, or change one (its minutes are kept). */
export function EventForm({ event, onClose, onSaved }: { event?: EventRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('events');
  const [title, setTitle] = useState(event?.title ?? '');
  const [type, setType] = useState<string | null>(event?.event_type ?? 'pta');
  const [onDate, setOnDate] = useState(event?.on_date ?? today());
  const [startsAt, setStartsAt] = useState(event?.starts_at ?? '');
  const [endsAt, setEndsAt] = useState(event?.ends_at ?? '');
  const [venue, setVenue] = useState(event?.venue ?? '');
  const [invited, setInvited] = useState<string[]>(event?.invited ?? []);
  const [classId, setClassId] = useState<number | null>(event?.class_id ?? null);
  const [note, setNote] = useState(event?.invited_note ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const values: Input = {
      title: title.trim(),
      event_type: (type ?? '') as Input['event_type'],
      on_date: onDate,
      starts_at: startsAt,
      ends_at: endsAt,
      venue: venue.trim(),
      invited: invited as Input['invited'],
      class_id: invited.includes('class') ? classId : null,
      invited_note: note.trim(),
      description: description.trim(),
    };
    const result = event ? await api(editEvent, values, { id: event.id }) : await api(addEvent, values);
    if (result.ok) onSaved();
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={event ? t('edit', { name: event.title }) : t('add')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label={t('fields.title')}
            required
            data-autofocus
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
          />
          <Group grow align="flex-start">
            <Select
              label={t('fields.eventType')}
              required
              allowDeselect={false}
              data={eventTypes.map((o) => ({ value: o.value, label: o.label }))}
              value={type}
              onChange={setType}
              error={errors.event_type}
            />
            <DateField label={t('fields.onDate')} required value={onDate} onChange={setOnDate} error={errors.on_date} />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t('fields.startsAt')}
              value={startsAt}
              onChange={(e) => setStartsAt(e.currentTarget.value)}
              error={errors.starts_at}
            />
            <TextInput
              type="time"
              label={t('fields.endsAt')}
              value={endsAt}
              onChange={(e) => setEndsAt(e.currentTarget.value)}
              error={errors.ends_at}
            />
            <TextInput
              label={t('fields.venue')}
              value={venue}
              onChange={(e) => setVenue(e.currentTarget.value)}
              error={errors.venue}
            />
          </Group>
          <Checkbox.Group label={t('fields.invited')} value={invited} onChange={setInvited} error={errors.invited}>
            <Group mt={4}>
              {invitedGroups.map((g) => (
                <Checkbox key={g.value} value={g.value} label={g.label} />
              ))}
            </Group>
          </Checkbox.Group>
          {invited.includes('class') ? (
            <ReferenceSelect
              label={t('fields.class')}
              references="classes"
              required
              w={200}
              value={classId}
              onChange={setClassId}
              error={errors.class_id}
            />
          ) : null}
          <TextInput
            label={t('fields.invitedNote')}
            placeholder={t('fields.invitedNoteHint')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.invited_note}
          />
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
        </Stack>
        <FormButtons onCancel={onClose} submit={t('save')} />
      </form>
    </Modal>
  );
}

import { Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { addEvent, type EventRow, editEvent, eventTypes, invitedGroups } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, type CallInput } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { today } from '../../lib/format';

type Input = CallInput<typeof addEvent>;

/** Plan an event or meeting, or change one (its minutes are kept). */
export function EventForm({ event, onClose, onSaved }: { event?: EventRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('events');
  const { field, values, submit } = useContractForm(
    event ? editEvent.input : addEvent.input,
    {
      title: event?.title ?? '',
      event_type: (event?.event_type ?? 'pta') as string | null,
      on_date: event?.on_date ?? today(),
      starts_at: event?.starts_at ?? '',
      ends_at: event?.ends_at ?? '',
      venue: event?.venue ?? '',
      invited: (event?.invited ?? []) as string[],
      class_id: (event?.class_id ?? null) as number | null,
      invited_note: event?.invited_note ?? '',
      description: event?.description ?? '',
    },
    (v): Input => ({
      title: v.title.trim(),
      event_type: (v.event_type ?? '') as Input['event_type'],
      on_date: v.on_date,
      starts_at: v.starts_at,
      ends_at: v.ends_at,
      venue: v.venue.trim(),
      invited: v.invited as Input['invited'],
      class_id: v.invited.includes('class') ? v.class_id : null,
      invited_note: v.invited_note.trim(),
      description: v.description.trim(),
    }),
  );
  const save = submit((input) => (event ? api(editEvent, input, { id: event.id }) : api(addEvent, input)), onSaved);

  return (
    <Modal opened onClose={onClose} title={event ? t('edit', { name: event.title }) : t('add')} centered size="lg">
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <TextInput label={t('fields.title')} required data-autofocus {...field('title')} />
          <Group grow align="flex-start">
            <Select
              label={t('fields.eventType')}
              required
              allowDeselect={false}
              data={eventTypes.map((o) => ({ value: o.value, label: o.label }))}
              {...field('event_type')}
            />
            <DateField label={t('fields.onDate')} required {...field('on_date')} />
          </Group>
          <Group grow align="flex-start">
            <TextInput type="time" label={t('fields.startsAt')} {...field('starts_at')} />
            <TextInput type="time" label={t('fields.endsAt')} {...field('ends_at')} />
            <TextInput label={t('fields.venue')} {...field('venue')} />
          </Group>
          <Checkbox.Group label={t('fields.invited')} {...field('invited')}>
            <Group mt={4}>
              {invitedGroups.map((g) => (
                <Checkbox key={g.value} value={g.value} label={g.label} />
              ))}
            </Group>
          </Checkbox.Group>
          {values.invited.includes('class') ? (
            <ReferenceSelect label={t('fields.class')} references="classes" required w={200} {...field('class_id')} />
          ) : null}
          <TextInput
            label={t('fields.invitedNote')}
            placeholder={t('fields.invitedNoteHint')}
            {...field('invited_note')}
          />
          <Textarea label={t('fields.description')} autosize minRows={2} {...field('description')} />
        </Stack>
        <FormButtons onCancel={onClose} submit={t('save')} />
      </form>
    </Modal>
  );
}

import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { id, isoDate, optionalDate, optionalText, queryPaging } from './fields.js';

export const eventTypes = [
  { value: 'pta', label: 'PTA meeting' },
  { value: 'board', label: 'Board meeting' },
  { value: 'staff', label: 'Staff meeting' },
  { value: 'sports', label: 'Sports day' },
  { value: 'prize_giving', label: 'Prize giving' },
  { value: 'visiting_day', label: 'Visiting day' },
  { value: 'other', label: 'Other' },
] as const;
export const invitedGroups = [
  { value: 'parents', label: 'Parents' },
  { value: 'staff', label: 'Staff' },
  { value: 'board', label: 'Board' },
  { value: 'students', label: 'Students' },
  { value: 'class', label: 'A class' },
] as const;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];

export const eventRow = z.object({
  id: z.number(),
  title: z.string(),
  event_type: z.string(),
  on_date: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  venue: z.string().nullable(),
  invited: z.array(z.string()),
  class_id: z.number().nullable(),
  class_name: z.string().nullable(),
  invited_note: z.string().nullable(),
  description: z.string().nullable(),
  created_by: z.string(),
  has_minutes: z.boolean(),
  minutes_present: z.string().nullable(),
  minutes_apologies: z.string().nullable(),
  minutes_agenda: z.string().nullable(),
  minutes_resolutions: z.string().nullable(),
  minutes_actions: z.string().nullable(),
  minutes_recorded_at: z.string().nullable(),
  minutes_recorded_by: z.string().nullable(),
});
export type EventRow = z.infer<typeof eventRow>;

const clock = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 14:00')
    .nullable()
    .optional(),
);

export const eventInput = z.object({
  title: z.string({ error: 'Enter the title' }).trim().min(2, 'Enter the title').max(150),
  event_type: z.enum(values(eventTypes), { error: 'Choose the type of event' }),
  on_date: z.iso.date('Choose the date'),
  starts_at: clock,
  ends_at: clock,
  venue: optionalText(120),
  invited: z
    .array(z.enum(values(invitedGroups)))
    .max(5)
    .default([]),
  class_id: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
  invited_note: optionalText(500),
  description: optionalText(2000),
});
export type EventInput = z.infer<typeof eventInput>;

/** Which events the list shows: all (coming ones first), only today's and later, or only past ones. */
export const eventWhen = [
  { value: 'all', label: 'All events' },
  { value: 'upcoming', label: 'Today and coming' },
  { value: 'past', label: 'Past' },
] as const;

/**
 * Events and meetings: today's and coming ones first (soonest first), then past ones (latest first);
 * `when` keeps only the coming or only the past ones, each in that order.
 */
export const listEvents = defineCall({
  method: 'GET',
  path: 'events',
  access: 'view_events',
  summary: "Events and meetings: today's and coming ones soonest first, then past ones latest first",
  input: z.object({
    ...queryPaging,
    when: z.preprocess((v) => (v === '' ? undefined : v), z.enum(values(eventWhen)).default('all')),
    from: optionalDate,
    to: optionalDate,
    event_type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(values(eventTypes)).optional()),
    search: optionalText(100),
  }),
  output: z.array(eventRow),
  paged: true as const,
});
export const addEvent = defineCall({
  method: 'POST',
  path: 'events',
  access: 'view_events',
  summary: 'Plan an event or meeting',
  input: eventInput,
  output: eventRow,
});
export const editEvent = defineCall({
  method: 'PUT',
  path: 'events/{id}',
  access: 'view_events',
  summary: "Change an event's details (its minutes are kept)",
  input: eventInput,
  output: eventRow,
});
export const deleteEvent = defineCall({
  method: 'DELETE',
  path: 'events/{id}',
  access: 'view_events',
  summary: 'Delete an event that has no minutes; one with minutes is a record and is refused (202)',
  input: z.object({}),
  output: z.object({ id: z.number() }),
});

const lines = (max: number) => optionalText(max);
export const saveMinutes = defineCall({
  method: 'POST',
  path: 'minutes',
  access: 'view_events',
  summary:
    "Record an event's minutes (one item a line), or with format=pdf print the saved minutes under the school's header",
  input: z.object({
    event_id: id,
    format: z.enum(['json', 'pdf']).default('json'),
    present: lines(5000),
    apologies: lines(3000),
    agenda: lines(5000),
    resolutions: lines(5000),
    actions: lines(5000),
  }),
  output: eventRow,
  file: 'pdf-or-json',
});

const countLine = z.object({ key: z.string(), label: z.string(), count: z.number() });
export const eventsReport = defineCall({
  method: 'POST',
  path: 'events_report',
  access: 'view_events_report',
  summary: 'Events in a date range by month and by type, each listed with its minutes state; xlsx',
  input: z.object({
    from: isoDate,
    to: isoDate,
    event_type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(values(eventTypes)).optional()),
    format: z.enum(['json', 'xlsx']).default('json'),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    total: z.number(),
    with_minutes: z.number(),
    by_month: z.array(countLine),
    by_type: z.array(countLine),
    events: z.array(
      z.object({
        id: z.number(),
        on_date: z.string(),
        title: z.string(),
        event_type: z.string(),
        venue: z.string().nullable(),
        present: z.number().nullable(),
        resolutions: z.number().nullable(),
        has_minutes: z.boolean(),
      }),
    ),
  }),
  file: 'xlsx-or-json',
});

export const eventsCalls: Call[] = [listEvents, addEvent, editEvent, deleteEvent, saveMinutes, eventsReport];

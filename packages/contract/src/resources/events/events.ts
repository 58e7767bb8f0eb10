import { date, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { classes } from '../school/classes.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Its own file, which the web app never imports, so the table stays out of the app's chunks.
/**
 * A school event or meeting (PTA, board, sports day, staff meeting, prize giving…) and, once it has
 * taken place, its minutes: who was present, apologies, agenda, resolutions and action points (one item
 * a line). An event with minutes is a record and is not deleted.
 */
export const events = schoolTable(
  'events',
  {
    ...tenantColumns(),
    title: text().notNull(),
    eventType: text('event_type').notNull(),
    onDate: date('on_date').notNull(),
    /** "14:00", Kampala time. */
    startsAt: text('starts_at'),
    endsAt: text('ends_at'),
    venue: text(),
    /** Groups invited: parents, staff, board, students, class (then `class_id`), others. */
    invited: jsonb().$type<string[]>().notNull().default([]),
    classId: integer('class_id').references(() => classes.id),
    /** Who else is invited, free text (guests of honour, the district inspector…). */
    invitedNote: text('invited_note'),
    description: text(),
    createdBy: text('created_by').notNull(),
    minutesPresent: text('minutes_present'),
    minutesApologies: text('minutes_apologies'),
    minutesAgenda: text('minutes_agenda'),
    minutesResolutions: text('minutes_resolutions'),
    minutesActions: text('minutes_actions'),
    minutesRecordedAt: at('minutes_recorded_at'),
    minutesRecordedBy: text('minutes_recorded_by'),
  },
  (t) => [index('events_school_date').on(t.schoolId, t.onDate)],
);

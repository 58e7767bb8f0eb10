import {
  addEvent,
  classes,
  deleteEvent,
  type EventInput,
  type EventRow,
  editEvent,
  events,
  eventsReport,
  eventTypes,
  invitedGroups,
  listEvents,
  saveMinutes,
} from '@somero/contract';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { now, today } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import { minutesPdf } from '../../documents/minutes.js';
import type { ModuleContext } from '../module.js';
import { checkRange, sendSheet } from '../reports.js';
import { schoolForDocuments } from '../settings/index.js';
import { countByMonth, countByType, hasMinutes, invitedLine, items, presentCount } from './rules.js';

type Event = typeof events.$inferSelect;
/** Today in Kampala (UTC+3), as YYYY-MM-DD. */
const typeLabel = (value: string) => eventTypes.find((t) => t.value === value)?.label ?? value;

const toRow = (e: Event, className: string | null): EventRow => ({
  id: e.id,
  title: e.title,
  event_type: e.eventType,
  on_date: e.onDate,
  starts_at: e.startsAt,
  ends_at: e.endsAt,
  venue: e.venue,
  invited: e.invited,
  class_id: e.classId,
  class_name: className,
  invited_note: e.invitedNote,
  description: e.description,
  created_by: e.createdBy,
  has_minutes: Boolean(e.minutesRecordedAt),
  minutes_present: e.minutesPresent,
  minutes_apologies: e.minutesApologies,
  minutes_agenda: e.minutesAgenda,
  minutes_resolutions: e.minutesResolutions,
  minutes_actions: e.minutesActions,
  minutes_recorded_at: e.minutesRecordedAt?.toISOString() ?? null,
  minutes_recorded_by: e.minutesRecordedBy,
});

/**
 * The list's order: today's and coming events first, soonest first (an all-day event before the timed
 * ones of its day), then past ones, latest first; `from` is today in Kampala.
 */
const comingFirst = (from: string) => [
  sql`${events.onDate} < ${from}`,
  sql`case when ${events.onDate} >= ${from} then ${events.onDate} end asc`,
  sql`case when ${events.onDate} >= ${from} then ${events.startsAt} end asc nulls first`,
  desc(events.onDate),
  sql`${events.startsAt} desc nulls last`,
  asc(events.id),
];

async function eventRows(
  scope: SchoolScope,
  where: SQL,
  page?: { limit: number; offset: number },
  order: 'coming-first' | 'soonest' = 'coming-first',
) {
  let q = scope.db
    .select({ e: events, className: classes.name })
    .from(events)
    .leftJoin(classes, and(eq(classes.schoolId, events.schoolId), eq(classes.id, events.classId)))
    .where(where)
    .orderBy(
      ...(order === 'soonest' ? [asc(events.onDate), asc(events.startsAt), asc(events.id)] : comingFirst(today())),
    )
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ e, className }) => toRow(e, className));
}

async function eventRow(scope: SchoolScope, id: number) {
  const [row] = await eventRows(scope, scope.mine(events, eq(events.id, id)));
  if (!row) throw new NotFound('event');
  return row;
}

/** The form's fields, checked: a class when a class is invited, an end after the start. */
async function checked(scope: SchoolScope, input: EventInput) {
  let classId: number | null = null;
  if (input.invited.includes('class')) {
    if (!input.class_id) throw new Invalid('class_id', 'Choose the class invited');
    const [c] = await scope.db
      .select({ id: classes.id })
      .from(classes)
      .where(scope.mine(classes, eq(classes.id, input.class_id)));
    if (!c) throw new Invalid('class_id', 'Choose the class invited');
    classId = c.id;
  }
  if (input.starts_at && input.ends_at && input.ends_at <= input.starts_at)
    throw new Invalid('ends_at', 'The end is before the start');
  if (input.ends_at && !input.starts_at) throw new Invalid('starts_at', 'Enter the starting time');
  return {
    title: input.title,
    eventType: input.event_type,
    onDate: input.on_date,
    startsAt: input.starts_at ?? null,
    endsAt: input.ends_at ?? null,
    venue: input.venue ?? null,
    invited: [...new Set(input.invited)],
    classId,
    invitedNote: input.invited_note ?? null,
    description: input.description ?? null,
  };
}

export function eventsRoutes({ serve }: ModuleContext) {
  serve(listEvents, async ({ input, scope }) => {
    if (input.from && input.to) checkRange(input.from, input.to);
    const search = input.search ? `%${input.search}%` : undefined;
    const where = scope.mine(
      events,
      input.from ? gte(events.onDate, input.from) : undefined,
      input.to ? lte(events.onDate, input.to) : undefined,
      input.event_type ? eq(events.eventType, input.event_type) : undefined,
      input.when === 'upcoming' ? gte(events.onDate, today()) : undefined,
      input.when === 'past' ? lt(events.onDate, today()) : undefined,
      search ? or(ilike(events.title, search), ilike(events.venue, search)) : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      eventRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db.select({ n: count() }).from(events).where(where),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total: counted?.n ?? 0 };
  });

  serve(addEvent, async ({ input, scope }) => {
    const made = await scope.transaction(async (tx) =>
      tx.table(events, 'events').insert({ ...(await checked(tx, input)), createdBy: tx.actor.name ?? 'System' }),
    );
    return { data: await eventRow(scope, made.id), message: 'Event Added Successfully' };
  });

  serve(editEvent, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(events, 'events').find(id, 'event');
      if (before.minutesRecordedAt && input.on_date > today())
        throw new Invalid('on_date', 'This event has minutes: it has taken place, so its date cannot be in the future');
      await tx.table(events, 'events').update(id, await checked(tx, input));
    });
    return { data: await eventRow(scope, id), message: 'Event Updated Successfully' };
  });

  serve(deleteEvent, async ({ id, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(events, 'events').find(id, 'event');
      if (before.minutesRecordedAt)
        throw new Refusal('This event has minutes: they are the school’s record, so the event stays.');
      await tx.table(events, 'events').remove(id);
    });
    return { data: { id }, message: 'Event Deleted Successfully' };
  });

  serve(saveMinutes, async ({ input, scope, reply }) => {
    const id = input.event_id;
    if (input.format === 'pdf') {
      const e = await eventRow(scope, id);
      if (!e.has_minutes) throw new Refusal('No minutes have been recorded for this event yet.');
      const pdf = await minutesPdf(await schoolForDocuments(scope), {
        title: e.title,
        type: typeLabel(e.event_type),
        date: e.on_date,
        time: [e.starts_at, e.ends_at].filter(Boolean).join(' to ') || null,
        venue: e.venue,
        invited: invitedLine(e.invited, invitedGroups, e.class_name, e.invited_note),
        present: items(e.minutes_present),
        presentCount: presentCount(e.minutes_present),
        apologies: items(e.minutes_apologies),
        agenda: items(e.minutes_agenda),
        resolutions: items(e.minutes_resolutions),
        actions: items(e.minutes_actions),
        recordedBy: e.minutes_recorded_by,
        recordedAt: e.minutes_recorded_at ? new Date(e.minutes_recorded_at) : null,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="minutes_${id}.pdf"`)
        .send(pdf);
    }
    if (!hasMinutes([input.present, input.agenda, input.resolutions, input.actions]))
      throw new Invalid('present', 'Write who was present, the agenda, the resolutions or the action points');
    await scope.transaction(async (tx) => {
      const before = await tx.table(events, 'events').find(id, 'event');
      if (before.onDate > today()) throw new Refusal('This event has not taken place yet: its minutes come after it.');
      await tx.table(events, 'events').update(
        id,
        {
          minutesPresent: input.present ?? null,
          minutesApologies: input.apologies ?? null,
          minutesAgenda: input.agenda ?? null,
          minutesResolutions: input.resolutions ?? null,
          minutesActions: input.actions ?? null,
          minutesRecordedAt: now(),
          minutesRecordedBy: tx.actor.name ?? 'System',
        },
        'minutes',
      );
    });
    return { data: await eventRow(scope, id), message: 'Minutes Recorded Successfully' };
  });

  serve(eventsReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const rows = await eventRows(
      scope,
      scope.mine(
        events,
        and(
          gte(events.onDate, input.from),
          lte(events.onDate, input.to),
          input.event_type ? eq(events.eventType, input.event_type) : undefined,
        ),
      ),
      undefined,
      'soonest',
    );
    const report = {
      from: input.from,
      to: input.to,
      total: rows.length,
      with_minutes: rows.filter((r) => r.has_minutes).length,
      by_month: countByMonth(
        rows.map((r) => r.on_date),
        input.from,
        input.to,
      ),
      by_type: countByType(
        rows.map((r) => r.event_type),
        eventTypes,
      ),
      events: rows.map((r) => ({
        id: r.id,
        on_date: r.on_date,
        title: r.title,
        event_type: r.event_type,
        venue: r.venue,
        present: r.has_minutes ? presentCount(r.minutes_present) : null,
        resolutions: r.has_minutes ? items(r.minutes_resolutions).length : null,
        has_minutes: r.has_minutes,
      })),
    };
    if (input.format !== 'xlsx') return { data: report };
    return sendSheet(
      reply,
      'events_report.xlsx',
      `Events ${input.from} to ${input.to}`,
      [
        { header: 'Date', key: 'date', width: 14 },
        { header: 'Event', key: 'title', width: 36 },
        { header: 'Type', key: 'type', width: 16 },
        { header: 'Venue', key: 'venue', width: 20 },
        { header: 'Present', key: 'present', width: 10 },
        { header: 'Resolutions', key: 'resolutions', width: 12 },
        { header: 'Minutes', key: 'minutes', width: 10 },
      ],
      [
        ...report.events.map((e) => ({
          date: dayMonthYear(e.on_date),
          title: e.title,
          type: typeLabel(e.event_type),
          venue: e.venue ?? '',
          present: e.present ?? '',
          resolutions: e.resolutions ?? '',
          minutes: e.has_minutes ? 'Yes' : 'No',
        })),
        { date: 'Total', title: `${report.total} events, ${report.with_minutes} with minutes` },
      ],
    );
  });
}

import { events } from '@somero/contract';
import { and, asc, gte, lte } from 'drizzle-orm';
import { addDays, today } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';

export interface UpcomingEvent {
  id: number;
  title: string;
  event_type: string;
  on_date: string;
  starts_at: string | null;
  venue: string | null;
}

/** The dashboard's events tile: events from today to `days` days ahead, soonest first (one query on (school, date)). */
export async function upcomingEvents(scope: SchoolScope, days: number): Promise<UpcomingEvent[]> {
  const from = today();
  return scope.db
    .select({
      id: events.id,
      title: events.title,
      event_type: events.eventType,
      on_date: events.onDate,
      starts_at: events.startsAt,
      venue: events.venue,
    })
    .from(events)
    .where(scope.mine(events, and(gte(events.onDate, from), lte(events.onDate, addDays(from, days)))))
    .orderBy(asc(events.onDate), asc(events.startsAt))
    .limit(8);
}

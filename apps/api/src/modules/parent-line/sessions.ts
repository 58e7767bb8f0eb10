import {
  type ParentLineAnswer,
  type ParentLineSettingsInput,
  type ParentLineView,
  parentLineAnswers,
  parentLineSessions,
  parentLineSettings,
  phoneDisplay,
  students,
} from '@somero/contract';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { ago, kampalaDay, now } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { sqlRows } from '../../db/open.js';
import { currentTerm } from '../settings/index.js';

export const module = 'parent-line';

/** What parents may ask for when a school first turns the line on: everything. */
const defaults = {
  enabled: false,
  answers: [...parentLineAnswers] as ParentLineAnswer[],
  resultsYear: null,
  resultsTerm: null,
};

export async function settingsOf(scope: SchoolScope) {
  const [row] = await scope.db.select().from(parentLineSettings).where(eq(parentLineSettings.schoolId, scope.schoolId));
  return row ?? { schoolId: scope.schoolId, ...defaults, updatedAt: null };
}

/** Turns the line on or off and sets what parents may ask for; one audit row. */
export async function saveSettings(scope: SchoolScope, input: ParentLineSettingsInput) {
  await scope.transaction(async (tx) => {
    const [before] = await tx.db
      .select()
      .from(parentLineSettings)
      .where(eq(parentLineSettings.schoolId, tx.schoolId))
      .for('update');
    const values = {
      enabled: input.enabled,
      answers: parentLineAnswers.filter((a) => input.answers.includes(a)),
      resultsYear: input.results_year ?? null,
      resultsTerm: input.results_term ?? null,
      updatedAt: now(),
    };
    const [after] = await tx.db
      .insert(parentLineSettings)
      .values({ schoolId: tx.schoolId, ...values })
      .onConflictDoUpdate({ target: parentLineSettings.schoolId, set: values })
      .returning();
    await tx.audit({
      action: before ? 'update' : 'create',
      module,
      entity: 'parent_line_settings',
      entityId: tx.schoolId,
      before: before ?? null,
      after,
    });
  });
}

/** The settings screen: the settings, sessions per day for 14 days, the latest sessions. */
export async function viewOf(scope: SchoolScope, config: Config): Promise<ParentLineView> {
  const since = ago(14 * 86_400_000);
  const [settings, term, perDay, recent] = await scope.all(
    () => settingsOf(scope),
    () => currentTerm(scope),
    () =>
      sqlRows<{ day: string; ussd: number; sms: number; unanswered: number }>(
        scope.db,
        sql`select to_char(created_at at time zone 'Africa/Kampala', 'YYYY-MM-DD') as day,
              count(*) filter (where channel = 'ussd')::int as ussd,
              count(*) filter (where channel = 'sms' and not unanswered)::int as sms,
              count(*) filter (where unanswered)::int as unanswered
            from parent_line_sessions where school_id = ${scope.schoolId} and created_at >= ${since}
            group by 1`,
      ),
    () =>
      scope.db
        .select({ s: parentLineSessions, surname: students.surname, otherNames: students.otherNames })
        .from(parentLineSessions)
        .leftJoin(
          students,
          and(eq(students.schoolId, parentLineSessions.schoolId), eq(students.id, parentLineSessions.studentId)),
        )
        .where(scope.mine(parentLineSessions))
        .orderBy(desc(parentLineSessions.createdAt), desc(parentLineSessions.id))
        .limit(20),
  );
  const byDay = new Map(perDay.map((d) => [d.day, d]));
  const days = Array.from({ length: 14 }, (_, i) => {
    const day = kampalaDay(ago((13 - i) * 86_400_000));
    const found = byDay.get(day);
    return { day, ussd: Number(found?.ussd ?? 0), sms: Number(found?.sms ?? 0) };
  });
  return {
    enabled: settings.enabled,
    answers: parentLineAnswers.filter((a) => settings.answers.includes(a)),
    results_year: settings.resultsYear ?? null,
    results_term: settings.resultsTerm ?? null,
    current_term: term,
    ussd_code: config.parentLine.ussdCode,
    sms_number: config.parentLine.smsNumber,
    days,
    unanswered: perDay.reduce((n, d) => n + Number(d.unanswered), 0),
    recent: recent.map(({ s, surname, otherNames }) => ({
      id: s.id,
      at: s.createdAt.toISOString(),
      channel: s.channel === 'sms' ? 'sms' : 'ussd',
      phone: phoneDisplay(s.phone),
      student: surname ? `${surname} ${otherNames}` : null,
      asked: s.asked,
      unanswered: s.unanswered,
    })),
  };
}

/**
 * Logs an answered USSD session (once per gateway session: a step posted again updates it, and a menu
 * shown again never hides what was asked before). Never the gateway's token.
 */
export async function logUssd(
  db: Executor,
  entry: { schoolId: number; sessionId: string; phone: string; studentId: number | null; asked: string },
) {
  await db
    .insert(parentLineSessions)
    .values({
      schoolId: entry.schoolId,
      channel: 'ussd',
      sessionKey: entry.sessionId,
      phone: entry.phone,
      studentId: entry.studentId,
      asked: entry.asked,
    })
    .onConflictDoUpdate({
      target: [parentLineSessions.schoolId, parentLineSessions.channel, parentLineSessions.sessionKey],
      set: {
        studentId: sql`coalesce(excluded.student_id, ${parentLineSessions.studentId})`,
        asked: sql`case when excluded.asked = 'menu' then ${parentLineSessions.asked} else excluded.asked end`,
        updatedAt: now(),
      },
    });
}

/** Logs a text question once: answers false when the gateway posted this message before. */
export async function logSms(
  db: Executor,
  entry: { schoolId: number; messageId: string; phone: string; studentId: number | null; asked: string },
) {
  const made = await db
    .insert(parentLineSessions)
    .values({
      schoolId: entry.schoolId,
      channel: 'sms',
      sessionKey: entry.messageId,
      phone: entry.phone,
      studentId: entry.studentId,
      asked: entry.asked,
    })
    .onConflictDoNothing()
    .returning({ id: parentLineSessions.id });
  return made[0]?.id ?? null;
}

export async function markUnanswered(db: Executor, schoolId: number, id: number) {
  await db
    .update(parentLineSessions)
    .set({ unanswered: true, updatedAt: now() })
    .where(and(eq(parentLineSessions.schoolId, schoolId), eq(parentLineSessions.id, id)));
}

/** Text questions left unanswered for want of SMS credit in the last 14 days (the dashboard's notice). */
export async function unansweredQuestions(scope: SchoolScope) {
  const [row] = await scope.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(parentLineSessions)
    .where(
      scope.mine(
        parentLineSessions,
        eq(parentLineSessions.unanswered, true),
        gte(parentLineSessions.createdAt, ago(14 * 86_400_000)),
      ),
    );
  return row?.n ?? 0;
}

import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { changedAt, schools, schoolTable, tenantColumns } from '../../resource.js';
import { students } from '../students/students.js';

// Its own file, which the web app never imports, so the tables stay out of the app's chunks.

/**
 * The parents' line of a school (issue 29): parents ask by USSD or by a text message and Somero answers.
 * Off until the school turns it on; `answers` are what parents may ask for (`parentLineAnswers`);
 * results are answered only for the term the school released (`results_year`, `results_term`).
 */
export const parentLineSettings = schoolTable('parent_line_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  enabled: boolean().notNull().default(false),
  answers: text().array().notNull().default([]),
  resultsYear: integer('results_year'),
  resultsTerm: integer('results_term'),
  updatedAt: changedAt(),
});

/**
 * One answered session: a USSD session (the gateway's session id) or a text message (the gateway's
 * message id), the number that asked, the child and what was asked. Never the gateway's token.
 * `unanswered` is a text question the school could not answer (no SMS credit), shown on the dashboard.
 */
export const parentLineSessions = schoolTable(
  'parent_line_sessions',
  {
    ...tenantColumns(),
    /** 'ussd' or 'sms'. */
    channel: text().notNull(),
    /** The gateway's session id (USSD) or message id (SMS). */
    sessionKey: text('session_key').notNull(),
    phone: text().notNull(),
    studentId: integer('student_id').references(() => students.id),
    /** 'menu', 'fees', 'payments', 'results', 'next_term', 'help'. */
    asked: text().notNull(),
    unanswered: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex('parent_line_sessions_key').on(t.schoolId, t.channel, t.sessionKey),
    index('parent_line_sessions_time').on(t.schoolId, t.createdAt),
  ],
);

import { date, index, integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { subjects } from '../academics/subjects.js';
import type { ReportAttachment } from '../departments/departments.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';

/**
 * One E-Learning resource: a note, an assignment, a link or a past paper for a class (optionally one
 * stream) and subject, with optional attachments (rows of `files`, kind `elearning`). A draft is seen by
 * its author and administrators; `published_at` set means every signed-in user sees it.
 */
export const elearningResources = schoolTable(
  'elearning_resources',
  {
    ...tenantColumns(),
    title: text().notNull(),
    kind: text().notNull(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    body: text().notNull().default(''),
    link: text(),
    dueOn: date('due_on', { mode: 'string' }),
    attachments: jsonb().$type<ReportAttachment[]>().notNull().default([]),
    status: text().notNull().default('draft'),
    authorId: integer('author_id'),
    author: text().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    publishedBy: text('published_by'),
  },
  (t) => [index('elearning_resources_school').on(t.schoolId, t.status, t.classId)],
);

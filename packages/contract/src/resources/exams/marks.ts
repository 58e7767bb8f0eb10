import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { examSets } from '../academics/exam-sets.js';
import { papers, subjects } from '../academics/subjects.js';
import { classes } from '../school/classes.js';
import { students } from '../students/students.js';

/**
 * One mark: a student's mark in a subject (or one paper of it) in an exam set. A cell of the marks
 * grid is a row of its own, so two teachers entering different cells never touch the same row.
 * `mark` is a whole number from 0 to the set's maximum; absent is its own value (mark null), never 0.
 * A-Level marks are per paper; O-Level and new-curriculum marks have no paper.
 */
export const examMarks = schoolTable(
  'exam_marks',
  {
    ...tenantColumns(),
    examSetId: integer('exam_set_id')
      .notNull()
      .references(() => examSets.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    paperId: integer('paper_id').references(() => papers.id),
    mark: integer(),
    absent: boolean().notNull().default(false),
    /** The user who last changed it (users are per school; no key, a removed user keeps their marks). */
    enteredBy: integer('entered_by'),
  },
  (t) => [
    uniqueIndex('exam_marks_cell').on(
      t.schoolId,
      t.examSetId,
      t.studentId,
      t.subjectId,
      sql`coalesce(${t.paperId}, 0)`,
    ),
    index('exam_marks_set_subject').on(t.schoolId, t.examSetId, t.subjectId),
    index('exam_marks_student').on(t.schoolId, t.studentId),
  ],
);

/**
 * A new-curriculum learning outcome (competence) of a subject in a class and term, that activities of
 * integration are scored against (DOMAIN §3.3).
 */
export const competences = schoolTable(
  'competences',
  {
    ...tenantColumns(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    year: integer().notNull(),
    term: integer().notNull(),
    name: text().notNull(),
    rank: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('competences_name').on(t.schoolId, t.subjectId, t.classId, t.year, t.term, sql`lower(${t.name})`),
  ],
);

/** A learner's activity-of-integration score on a competence, in tenths: 10 (1.0) to 30 (3.0). */
export const aoiScores = schoolTable(
  'aoi_scores',
  {
    ...tenantColumns(),
    competenceId: integer('competence_id')
      .notNull()
      .references(() => competences.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    scoreTenths: integer('score_tenths').notNull(),
    enteredBy: integer('entered_by'),
  },
  (t) => [uniqueIndex('aoi_scores_cell').on(t.schoolId, t.competenceId, t.studentId)],
);

/**
 * Which exam sets count towards a term's result and their weights (percent). No class: every class of
 * the curriculum the set belongs to; a row for a class overrides the school-wide rows for that class.
 */
export const consideredSets = schoolTable(
  'considered_sets',
  {
    ...tenantColumns(),
    year: integer().notNull(),
    term: integer().notNull(),
    classId: integer('class_id').references(() => classes.id),
    examSetId: integer('exam_set_id')
      .notNull()
      .references(() => examSets.id),
    weight: integer().notNull(),
  },
  (t) => [
    uniqueIndex('considered_sets_unique').on(t.schoolId, t.year, t.term, sql`coalesce(${t.classId}, 0)`, t.examSetId),
  ],
);

/** The papers of an A-Level subject that count in a class (none stored: all the subject's papers count). */
export const consideredPapers = schoolTable(
  'considered_papers',
  {
    ...tenantColumns(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    paperId: integer('paper_id')
      .notNull()
      .references(() => papers.id),
  },
  (t) => [uniqueIndex('considered_papers_unique').on(t.schoolId, t.classId, t.paperId)],
);

/**
 * The optional subjects a student takes (O-Level electives, an A-Level student's extra subsidiary).
 * Compulsory subjects of the student's level, and an A-Level student's combination, need no row.
 */
export const studentSubjects = schoolTable(
  'student_subjects',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [uniqueIndex('student_subjects_unique').on(t.schoolId, t.studentId, t.subjectId)],
);

export const gradingKinds = [
  { value: 'olevel', label: 'O-Level: marks to grades D1–F9' },
  { value: 'alevel_paper', label: 'A-Level: paper marks to grades D1–F9' },
  { value: 'alevel_principal', label: 'A-Level: paper grades to the principal grade' },
  { value: 'uace_points', label: 'A-Level: points per grade' },
  { value: 'nlsc', label: 'New curriculum: marks to A–E' },
  { value: 'policy', label: 'Marks policy' },
] as const;
export type GradingKind = (typeof gradingKinds)[number]['value'];

/**
 * The school's grading tables, one row per kind, each the data a @somero/grading function takes
 * (`rows`). No row: the package's default is in force. `reading` names the reading in force where
 * the sources disagree, shown on the grading screen and on marksheets.
 */
export const gradingTables = schoolTable(
  'grading_tables',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    rows: jsonb().notNull(),
    reading: text(),
  },
  (t) => [uniqueIndex('grading_tables_kind').on(t.schoolId, t.kind)],
);

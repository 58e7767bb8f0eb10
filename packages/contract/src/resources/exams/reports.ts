import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { changedAt, defineResource, schools, schoolTable, tenantColumns } from '../../resource.js';
import { subjects } from '../academics/subjects.js';
import { files } from '../core/files.js';
import { students } from '../students/students.js';

/** The report-card schemes a setting or a comment belongs to. */
export const reportSchemes = [
  { value: 'olevel', label: 'O Level' },
  { value: 'alevel', label: 'A Level' },
  { value: 'new', label: 'New curriculum' },
] as const;
export type ReportScheme = (typeof reportSchemes)[number]['value'];

/**
 * One row per school: how report cards print (`/report/setting`). No row: the defaults below.
 * Which sets count and their weights are the considered sets; next term's dates are the term dates.
 */
export const reportSettings = schoolTable('report_settings', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id),
  /** Class positions on the cards, per scheme (the new curriculum does not rank by default). */
  positionsOlevel: boolean('positions_olevel').notNull().default(true),
  positionsAlevel: boolean('positions_alevel').notNull().default(true),
  positionsNew: boolean('positions_new').notNull().default(false),
  /** Print next term's fees (the class's fees structure) and the student's balance. */
  showNextTermFees: boolean('show_next_term_fees').notNull().default(true),
  showBalance: boolean('show_balance').notNull().default(true),
  /** Print the grading key under the results. */
  showGradingKey: boolean('show_grading_key').notNull().default(true),
  headTeacherSignatureFileId: integer('head_teacher_signature_file_id').references(() => files.id),
  stampFileId: integer('stamp_file_id').references(() => files.id),
  /** Withhold the card of a student owing more than `withholdAbove` (UGX) until fees are cleared. */
  withholdWhenOwing: boolean('withhold_when_owing').notNull().default(false),
  withholdAbove: integer('withhold_above').notNull().default(0),
  /** Decimal places of the marks printed (0: whole numbers, the fraction dropped so a mark never disagrees with its grade). */
  markDecimals: integer('mark_decimals').notNull().default(0),
  /** The class average and the student's place in each subject on the new curriculum's cards. */
  subjectPlaces: boolean('subject_places').notNull().default(true),
  /**
   * The promotion decision on the year's last card, proposed by a rule per scheme (editable per
   * student): O Level promoted at this division or better, new curriculum at this average mark or
   * above, A Level at these points or more.
   */
  showPromotion: boolean('show_promotion').notNull().default(true),
  promoteDivision: integer('promote_division').notNull().default(4),
  promoteAverage: integer('promote_average').notNull().default(40),
  promotePoints: integer('promote_points').notNull().default(2),
  updatedAt: changedAt(),
});

/**
 * The school's comment bank (`/system/comments`): a range of a result (O Level: aggregate 8–72;
 * A Level: points 0–20; new curriculum: average mark 0–100) suggests a comment for the class teacher
 * or the head teacher, so 600 comments are not typed by hand.
 */
export const commentBank = schoolTable(
  'comment_bank',
  {
    ...tenantColumns(),
    scheme: text().notNull(),
    /** 'class_teacher' or 'head_teacher'. */
    author: text().notNull(),
    /**
     * 'score': the range is of the aggregate (O Level), points (A Level) or average mark (new
     * curriculum); 'result': of the division (O Level), the principal passes (A Level) or the UCE
     * result 1–3 (new curriculum). A range on the result wins over one on the score.
     */
    basis: text().notNull().default('score'),
    fromValue: integer('from_value').notNull(),
    toValue: integer('to_value').notNull(),
    comment: text().notNull(),
  },
  (t) => [index('comment_bank_scheme').on(t.schoolId, t.scheme, t.author)],
);

/** What a bank range is of. */
export const commentBases = [
  { value: 'score', label: 'Aggregate, points or average mark' },
  { value: 'result', label: 'Division, principal passes or result 1–3' },
] as const;

/** Who a bank comment is for. */
export const commentAuthors = [
  { value: 'class_teacher', label: 'Class teacher' },
  { value: 'head_teacher', label: 'Head teacher' },
] as const;

/**
 * `/system/comments` (the specification names no call for it: `system_comments` here). Where ranges of
 * one scheme and author overlap or repeat, the narrowest range containing the result is suggested, then
 * the one added first.
 */
export const commentBankResource = defineResource(commentBank, {
  path: 'system_comments',
  module: 'exams',
  label: { one: 'Comment', many: 'System Comments' },
  access: 'system_comments',
  titleField: 'comment',
  fields: {
    scheme: { label: 'Scheme', options: reportSchemes },
    author: { label: 'For', options: commentAuthors },
    basis: {
      label: 'Based on',
      options: commentBases,
      help: 'The result: O Level the division (1–4, 7 no certificate, 9 ungraded), A Level the principal passes (0–3), new curriculum the result 1–3. A comment on the result is chosen before one on the score.',
    },
    fromValue: {
      label: 'From',
      min: 0,
      max: 100,
      help: 'O Level: aggregate 8–72 or division; A Level: points 0–20 or principal passes; new curriculum: average mark 0–100 or result 1–3',
    },
    toValue: { label: 'To', min: 0, max: 100 },
    comment: { label: 'Comment', kind: 'textarea', max: 300 },
  },
  list: {
    columns: ['scheme', 'author', 'basis', 'fromValue', 'toValue', 'comment'],
    search: ['comment'],
    filters: ['scheme', 'author', 'basis'],
    sort: ['scheme', 'author', 'fromValue'],
    defaultSort: 'fromValue',
  },
  texts: {
    added: 'Comment Saved Successfully',
    updated: 'Comment Updated Successfully',
    deleted: 'Comment Deleted Successfully',
    addFailed: 'Error Saving Comment',
    updateFailed: 'Error Saving Comment',
    deleteFailed: 'Error Deleting Comment',
  },
});

/** The class teacher's and the head teacher's comment on a student's report for a term. */
export const reportComments = schoolTable(
  'report_comments',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    term: integer().notNull(),
    classTeacher: text('class_teacher'),
    headTeacher: text('head_teacher'),
  },
  (t) => [uniqueIndex('report_comments_student_term').on(t.schoolId, t.studentId, t.year, t.term)],
);

/**
 * A teacher's comment on a student for a term: the remark on a subject's row of the card (subject set),
 * or, for the new curriculum, the remark on the competences, the generic skills and the values.
 */
export const studentComments = schoolTable(
  'student_comments',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    term: integer().notNull(),
    subjectId: integer('subject_id').references(() => subjects.id),
    /** 'remark' (a subject's row), 'generic_skills', 'values' or 'conduct'. */
    kind: text().notNull().default('remark'),
    comment: text().notNull(),
    enteredBy: integer('entered_by'),
  },
  (t) => [
    uniqueIndex('student_comments_unique').on(
      t.schoolId,
      t.studentId,
      t.year,
      t.term,
      sql`coalesce(${t.subjectId}, 0)`,
      t.kind,
    ),
  ],
);

/**
 * A new-curriculum learner's project for a term, assessed by UNEB's observation checklist: the number of
 * indicators observed for each stage. It stands alone on the card, apart from the 20 % continuous
 * assessment (DOMAIN §3.3); a learner without a project score gets no UCE certificate (§3.4).
 */
export const projects = schoolTable(
  'projects',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    term: integer().notNull(),
    title: text().notNull(),
    planning: integer().notNull().default(0),
    implementation: integer().notNull().default(0),
    reporting: integer().notNull().default(0),
    dissemination: integer().notNull().default(0),
    remark: text(),
    enteredBy: integer('entered_by'),
  },
  (t) => [uniqueIndex('projects_student_term').on(t.schoolId, t.studentId, t.year, t.term)],
);

/**
 * The director of studies' promotion decision for a student at the end of a year, over the rule of the
 * report settings: 'promoted' (to the next class, or completed the last one) or 'repeat'.
 */
export const promotions = schoolTable(
  'promotions',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    year: integer().notNull(),
    decision: text().notNull(),
    decidedBy: integer('decided_by'),
  },
  (t) => [uniqueIndex('promotions_student_year').on(t.schoolId, t.studentId, t.year)],
);

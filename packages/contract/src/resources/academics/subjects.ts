import { sql } from 'drizzle-orm';
import { boolean, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { subjectChoiceLabel } from '../../subject-levels.js';

/** The subject's curriculum and place (DOMAIN §1–3). */
export const subjectLevels = [
  { value: 'olevel', label: 'O-Level (old curriculum)' },
  { value: 'nlsc', label: 'Lower secondary (new curriculum)' },
  { value: 'alevel', label: 'A-Level principal' },
  { value: 'subsidiary', label: 'A-Level subsidiary' },
] as const;

/**
 * UNEB's O-Level grouping (DOMAIN §1.4), the `SubjectGroup` of @somero/grading (kept in step by hand), in
 * UNEB's numbering: I English; II humanities (Literature, religious education, History, Geography); III
 * languages; IV Mathematics; V sciences (Physics, Chemistry, Biology, Agriculture); VI cultural and practical.
 */
export const subjectGroups = [
  { value: 'english', label: 'I English' },
  { value: 'humanity', label: 'II Humanities' },
  { value: 'language', label: 'III Languages' },
  { value: 'mathematics', label: 'IV Mathematics' },
  { value: 'science', label: 'V Sciences' },
  { value: 'practical', label: 'VI Cultural and practical' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * Where a compulsory subject is compulsory when not in every class of its level (DOMAIN §3.1): the new
 * curriculum's S1–S2 take eleven compulsory subjects and S3–S4 seven. S1–S2 are the classes ordered 1
 * and 2 (`classes.rank`), S3–S4 those after them (`compulsoryInClass` of @somero/grading).
 */
export const compulsoryClasses = [
  { value: 'lower', label: 'S1–S2' },
  { value: 'upper', label: 'S3–S4' },
] as const;

/** A subject the school teaches, with its UNEB code (456 Mathematics, P510 Physics, S101 General Paper). */
export const subjects = schoolTable(
  'subjects',
  {
    ...tenantColumns(),
    name: text().notNull(),
    code: text().notNull(),
    level: text().notNull(),
    subjectGroup: text('subject_group').notNull().default('other'),
    compulsory: boolean().notNull().default(false),
    /** `compulsoryClasses`: S1–S2 or S3–S4 only; none, every class of the level. Read only when `compulsory`. */
    compulsoryIn: text('compulsory_in'),
    shortName: text('short_name'),
  },
  (t) => [
    uniqueIndex('subjects_level_code').on(t.schoolId, t.level, sql`lower(${t.code})`),
    uniqueIndex('subjects_level_name').on(t.schoolId, t.level, sql`lower(${t.name})`),
  ],
);

export const subjectResource = defineResource(subjects, {
  path: 'subjects',
  module: 'subjects',
  label: { one: 'Subject', many: 'Subjects' },
  access: 'view_subjects',
  titleField: 'name',
  fields: {
    name: { label: 'Subject', max: 80 },
    code: { label: 'UNEB code', max: 20 },
    level: { label: 'Level', options: subjectLevels },
    subjectGroup: { label: 'UNEB group', options: subjectGroups },
    compulsory: { label: 'Compulsory' },
    compulsoryIn: {
      label: 'Compulsory only in',
      options: compulsoryClasses,
      help: 'Left empty, a compulsory subject is taken by every student of every class of its level',
    },
    shortName: { label: 'Short name', max: 12 },
  },
  list: {
    columns: ['code', 'name', 'shortName', 'level', 'subjectGroup', 'compulsory', 'compulsoryIn'],
    search: ['name', 'code'],
    filters: ['level'],
    sort: ['code', 'name', 'level'],
    defaultSort: 'code',
  },
  unique: [
    ['level', 'code'],
    ['level', 'name'],
  ],
  // "Mathematics" stands at three levels: every select and column names the code and level too.
  choiceLabel: (row) =>
    subjectChoiceLabel({ name: String(row.name ?? ''), code: String(row.code ?? ''), level: String(row.level ?? '') }),
  texts: {
    added: 'Subject added Successfully',
    addFailed: 'Failed to add Subject',
    updateFailed: 'Error Updating Subject',
    deleteFailed: 'Failed to delete Subject',
  },
});

/** A subject's UNEB papers: Physics P510/1, /2, /3. */
export const papers = schoolTable(
  'papers',
  {
    ...tenantColumns(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    number: integer().notNull(),
    name: text().notNull(),
  },
  (t) => [uniqueIndex('papers_subject_number').on(t.schoolId, t.subjectId, t.number)],
);

export const paperResource = defineResource(papers, {
  path: 'papers',
  module: 'subjects',
  label: { one: 'Paper', many: 'Papers' },
  access: { read: ['view_papers', 'view_subjects', 'manage_staff_subjects'], write: 'view_papers' },
  titleField: 'name',
  fields: {
    subjectId: { label: 'Subject', references: 'subjects' },
    number: { label: 'Paper number', min: 1, max: 4 },
    name: { label: 'Paper', max: 80 },
  },
  list: { columns: ['subjectId', 'number', 'name'], filters: ['subjectId'], defaultSort: 'subjectId' },
  unique: [['subjectId', 'number']],
  texts: {
    addFailed: 'Failed to add Paper',
    updateFailed: 'Failed Update Paper',
    deleteFailed: 'Failed to delete Paper',
  },
});

/** An A-Level combination: three principal subjects and a subsidiary (PCM with Sub-ICT). */
export const combinations = schoolTable(
  'combinations',
  {
    ...tenantColumns(),
    name: text().notNull(),
    subject1Id: integer('subject1_id')
      .notNull()
      .references(() => subjects.id),
    subject2Id: integer('subject2_id')
      .notNull()
      .references(() => subjects.id),
    subject3Id: integer('subject3_id')
      .notNull()
      .references(() => subjects.id),
    subsidiaryId: integer('subsidiary_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [uniqueIndex('combinations_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

/** A combination's principals are A-Level principal subjects, its subsidiary a subsidiary (checked by the API too). */
const principal = { keep: (s: Readonly<Record<string, unknown>>) => s.level === 'alevel' };
const subsidiary = { keep: (s: Readonly<Record<string, unknown>>) => s.level === 'subsidiary' };

export const combinationResource = defineResource(combinations, {
  path: 'combinations',
  module: 'subjects',
  label: { one: 'Combination', many: 'Combinations' },
  access: { read: ['view_combinations', 'edit_students'], write: 'view_combinations' },
  titleField: 'name',
  fields: {
    name: { label: 'Combination', max: 20 },
    subject1Id: { label: 'First principal', references: 'subjects', offer: principal },
    subject2Id: { label: 'Second principal', references: 'subjects', offer: principal },
    subject3Id: { label: 'Third principal', references: 'subjects', offer: principal },
    subsidiaryId: { label: 'Subsidiary', references: 'subjects', offer: subsidiary },
  },
  list: { columns: ['name', 'subject1Id', 'subject2Id', 'subject3Id', 'subsidiaryId'] },
  unique: [['name']],
  texts: {
    addFailed: 'Failed to add Combination',
    updateFailed: 'Failed to Update Combination',
    deleteFailed: 'Failed to delete Combination',
  },
});

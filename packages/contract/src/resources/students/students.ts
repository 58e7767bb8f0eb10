import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { genders, sections } from '../../options.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { files } from '../core/files.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';
import { guardians } from './guardians.js';

/** The student register as a Ugandan secondary school keeps it. */
export const students = schoolTable(
  'students',
  {
    ...tenantColumns(),
    admissionNo: text('admission_no').notNull(),
    /** The fees aggregator's (SchoolPay) code, printed on ID cards and used to match online payments. */
    paymentCode: text('payment_code'),
    surname: text().notNull(),
    otherNames: text('other_names').notNull(),
    gender: text().notNull(),
    dateOfBirth: date('date_of_birth'),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    streamId: integer('stream_id').references(() => streams.id),
    section: text().notNull().default('day'),
    house: text(),
    nationality: text().notNull().default('Ugandan'),
    /** Learner identification number (MoES/EMIS). */
    lin: text(),
    religion: text(),
    district: text(),
    address: text(),
    /** The A-Level subject combination, assigned by the exams area. */
    combinationId: integer('combination_id'),
    photoFileId: integer('photo_file_id').references(() => files.id),
    status: text().notNull().default('current'),
    entryYear: integer('entry_year').notNull(),
    entryTerm: integer('entry_term').notNull(),
    admittedOn: date('admitted_on').notNull(),
    leftOn: date('left_on'),
    leftReason: text('left_reason'),
    medicalNotes: text('medical_notes'),
    /** UNEB waives the science condition of Division 1 for a visually impaired candidate (DOMAIN §1.4 step 2). */
    visuallyImpaired: boolean('visually_impaired').notNull().default(false),
  },
  (t) => [
    uniqueIndex('students_admission_no').on(t.schoolId, sql`lower(${t.admissionNo})`),
    uniqueIndex('students_payment_code').on(t.schoolId, t.paymentCode),
    index('students_school_class').on(t.schoolId, t.status, t.classId, t.streamId),
    index('students_school_name').on(t.schoolId, t.surname, t.otherNames),
    // A class's register by name (the list's default): its first page reads 50 entries in order, not the class.
    index('students_class_name').on(t.schoolId, t.status, t.classId, t.surname, t.otherNames, t.id),
  ],
);

/** Which guardians a student has; siblings share guardians. */
export const studentGuardians = schoolTable(
  'student_guardians',
  {
    schoolId: integer('school_id').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    guardianId: integer('guardian_id')
      .notNull()
      .references(() => guardians.id),
    primary: boolean().notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.studentId, t.guardianId] }),
    index('student_guardians_guardian').on(t.guardianId),
  ],
);

/**
 * Students are hand-written (admission numbers, guardians, status changes, bulk edits), so the
 * declaration serves no generic call; it gives the form its fields and references their target.
 */
export const studentResource = defineResource(students, {
  path: 'students',
  module: 'students',
  label: { one: 'Student', many: 'Students' },
  access: { read: 'view_students', write: 'add_students' },
  titleField: 'surname',
  fields: {
    admissionNo: { label: 'Admission number', max: 40, required: false, help: 'Left empty, the next number is given' },
    paymentCode: { label: 'Payment code', max: 40 },
    surname: { label: 'Surname', max: 60 },
    otherNames: { label: 'Other names', max: 80 },
    gender: { label: 'Gender', options: genders },
    dateOfBirth: { label: 'Date of birth' },
    classId: { label: 'Class', references: 'classes' },
    streamId: { label: 'Stream', references: 'streams' },
    section: { label: 'Section', options: sections, required: true },
    house: { label: 'House / residence', max: 60 },
    nationality: { label: 'Nationality', max: 60, required: true },
    lin: { label: 'LIN', max: 30 },
    religion: { label: 'Religion', max: 60 },
    district: { label: 'Home district', max: 60 },
    address: { label: 'Address', max: 200 },
    admittedOn: { label: 'Admitted on', required: false },
    visuallyImpaired: {
      label: 'Visually impaired',
      help: 'UNEB does not require a science for Division 1 for a visually impaired candidate',
    },
    medicalNotes: { label: 'Medical notes', kind: 'textarea' },
  },
  list: {
    columns: ['admissionNo', 'surname', 'otherNames', 'gender', 'classId', 'streamId', 'section', 'paymentCode'],
    search: ['surname', 'otherNames', 'admissionNo', 'paymentCode'],
    filters: ['classId', 'streamId', 'section', 'gender', 'status'],
    sort: ['admissionNo', 'surname', 'classId'],
  },
  calls: [],
});

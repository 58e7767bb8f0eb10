import { sql } from 'drizzle-orm';
import { integer, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { subjectFitsClass } from '../../subject-levels.js';
import { papers, subjects } from '../academics/subjects.js';
import { classes } from '../school/classes.js';
import { streams } from '../school/streams.js';
import { staff, staffPositions } from './register.js';

export { staff, staffPositions } from './register.js';

export const staffPositionResource = defineResource(staffPositions, {
  path: 'staff_positions',
  module: 'staff',
  label: { one: 'Staff Position', many: 'Staff Positions' },
  access: { read: ['view_staff_positions', 'view_staff'], write: 'view_staff_positions' },
  titleField: 'name',
  fields: { name: { label: 'Position', max: 80 } },
  list: { columns: ['name'] },
  unique: [['name']],
});

export const staffResource = defineResource(staff, {
  path: 'staff',
  module: 'staff',
  label: { one: 'Staff Member', many: 'Staff' },
  // The nurse picks the staff member in the sick bay, the gate the staff member visited, /streams the
  // class teacher of a stream.
  access: {
    read: ['view_staff', 'manage_staff_subjects', 'manage_medication_center', 'manage_visitors', 'view_streams'],
    write: 'view_staff',
  },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 120 },
    initials: { label: 'Initials', max: 8 },
    positionId: { label: 'Position', references: 'staff_positions' },
    gender: {
      label: 'Gender',
      options: [
        { value: 'Male', label: 'Male' },
        { value: 'Female', label: 'Female' },
      ],
    },
    phone: { label: 'Phone', kind: 'phone', max: 30 },
    email: { label: 'E-mail', kind: 'email', max: 120 },
    nin: { label: 'NIN', max: 20 },
    tin: { label: 'TIN', max: 20 },
    nssfNumber: { label: 'NSSF number', max: 20 },
    bankName: { label: 'Bank', max: 80 },
    bankAccount: { label: 'Account number', max: 30 },
    joinedOn: { label: 'Date joined' },
    basicSalary: { label: 'Basic salary (UGX)', kind: 'money' },
    nonResident: { label: 'Non-resident for tax', help: 'PAYE is charged from the first shilling' },
    active: { label: 'Active' },
  },
  list: {
    columns: ['name', 'initials', 'positionId', 'gender', 'phone', 'email', 'active'],
    search: ['name', 'initials', 'phone'],
    filters: ['positionId'],
  },
  unique: [['name']],
  // Adding and changing are the staff area's (initials unique, refused naming their holder); the
  // generic engine lists and removes. The /staff screen still offers add and edit.
  calls: ['list', 'delete'],
});

/** Who teaches what where: a subject (and paper) in a class, in one stream or all of them. */
export const staffSubjects = schoolTable(
  'staff_subjects',
  {
    ...tenantColumns(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    /** None: every stream of the class. */
    streamId: integer('stream_id').references(() => streams.id),
    /** None: every paper of the subject. */
    paperId: integer('paper_id').references(() => papers.id),
  },
  (t) => [
    uniqueIndex('staff_subjects_load').on(
      t.schoolId,
      t.staffId,
      t.subjectId,
      t.classId,
      sql`coalesce(${t.streamId}, 0)`,
      sql`coalesce(${t.paperId}, 0)`,
    ),
  ],
);

export const staffSubjectResource = defineResource(staffSubjects, {
  path: 'staff_subjects',
  module: 'staff',
  label: { one: 'Teaching Load', many: 'Teaching Load' },
  access: 'manage_staff_subjects',
  titleField: 'staffId',
  fields: {
    staffId: { label: 'Teacher', references: 'staff' },
    classId: { label: 'Class', references: 'classes' },
    // Only what the class's curriculum takes, its own streams, the subject's own papers (the API
    // refuses the others, saying why).
    subjectId: {
      label: 'Subject',
      references: 'subjects',
      offer: { by: 'class_id', keep: (s, c) => subjectFitsClass(String(s.level), String(c?.curriculum)) },
    },
    streamId: {
      label: 'Stream (none: all streams)',
      references: 'streams',
      offer: { by: 'class_id', keep: (s, c) => s.class_id === c?.id },
    },
    paperId: {
      label: 'Paper (none: all papers)',
      references: 'papers',
      offer: { by: 'subject_id', keep: (p, s) => p.subject_id === s?.id },
    },
  },
  list: {
    columns: ['staffId', 'subjectId', 'classId', 'streamId', 'paperId'],
    search: [],
    filters: ['staffId', 'classId', 'subjectId'],
    defaultSort: 'staffId',
  },
  // The index `staff_subjects_load`: no stream (every stream) equals no stream, and likewise papers.
  unique: [['staffId', 'subjectId', 'classId', 'streamId', 'paperId']],
  texts: { exists: 'This teacher already teaches this subject in this class' },
  // The specification has GET/POST staff_subjects and GET/DELETE staff_subjects/{id}: a load is
  // removed and added again, never edited. GET staff_subjects/{id} (the load by name) is the staff
  // area's (`getTeachingLoad`).
  calls: ['list', 'create', 'delete'],
});

import { z } from 'zod';
import { defineCall, noInput } from '../call.js';
import { genders, passOutStatuses, passOutTypes, relationships, sections, studentStatuses } from '../options.js';
import { optionalPhoneInput, phoneInput } from '../phone.js';
import { id, optionalText } from './fields.js';
import { upload } from './settings.js';

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];
const optionalDate = z.preprocess(
  (v) => (v === '' ? null : v),
  z.iso.date('Use a date (YYYY-MM-DD)').nullable().optional(),
);

/** A guardian as entered with a student: an existing one by id, or a new one. */
export const guardianLink = z.union([
  z.object({ guardian_id: id, primary: z.boolean().default(false) }),
  z.object({
    name: z.string().trim().min(2, 'Enter the guardian name').max(120),
    relationship: z.enum(values(relationships)).default('Guardian'),
    phone: phoneInput(),
    email: z.email().nullable().optional().or(z.literal('')),
    occupation: optionalText(120),
    primary: z.boolean().default(false),
  }),
]);

/** The fields of a student, none with a default (so that a change leaves out what it does not touch). */
const studentShape = {
  admission_no: optionalText(40),
  payment_code: optionalText(40),
  surname: z.string().trim().min(1, 'Enter the surname').max(60),
  other_names: z.string().trim().min(1, 'Enter the other names').max(80),
  gender: z.enum(values(genders), { error: 'Choose Male or Female' }),
  date_of_birth: optionalDate,
  class_id: z.number({ error: 'Choose the class' }).int().positive('Choose the class'),
  stream_id: id.nullable().optional(),
  section: z.enum(values(sections), { error: 'Choose Day or Boarding' }),
  house: optionalText(60),
  nationality: z.string().trim().min(2, 'Enter the nationality').max(60),
  lin: optionalText(30),
  religion: optionalText(60),
  district: optionalText(60),
  address: optionalText(200),
  admitted_on: optionalDate,
  medical_notes: optionalText(5000),
  visually_impaired: z.boolean(),
};

/** The fields of a student as the admission form sends them. */
export const studentFields = z.object({
  ...studentShape,
  section: studentShape.section.default('day'),
  nationality: studentShape.nationality.default('Ugandan'),
  visually_impaired: studentShape.visually_impaired.default(false),
});

/** Changes to a student: every field optional and without defaults; a field left out stays as it is. */
export const studentChanges = z.object(studentShape).partial();

export const studentRow = z.object({
  id: z.number(),
  admission_no: z.string(),
  payment_code: z.string().nullable(),
  name: z.string(),
  surname: z.string(),
  other_names: z.string(),
  gender: z.string(),
  date_of_birth: z.string().nullable(),
  class_id: z.number(),
  class_name: z.string(),
  stream_id: z.number().nullable(),
  stream_name: z.string().nullable(),
  section: z.string(),
  house: z.string().nullable(),
  nationality: z.string(),
  lin: z.string().nullable(),
  status: z.string(),
  entry_year: z.number(),
  entry_term: z.number(),
  admitted_on: z.string(),
  left_on: z.string().nullable(),
  photo_file_id: z.number().nullable(),
});
export type StudentRow = z.infer<typeof studentRow>;

export const studentProfile = studentRow.extend({
  religion: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  medical_notes: z.string().nullable(),
  visually_impaired: z.boolean(),
  left_reason: z.string().nullable(),
  combination_id: z.number().nullable(),
  guardians: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      relationship: z.string(),
      phone: z.string(),
      alt_phone: z.string().nullable(),
      email: z.string().nullable(),
      occupation: z.string().nullable(),
      primary: z.boolean(),
    }),
  ),
  account: z.object({ username: z.string(), active: z.boolean() }).nullable(),
});
export type StudentProfile = z.infer<typeof studentProfile>;

/** Filters of every student list; `format: 'xlsx'` answers the list as a spreadsheet instead. */
export const studentFilters = z.object({
  page: z.number().int().min(1).default(1),
  per_page: z.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(100).optional(),
  class_id: id.optional(),
  stream_id: id.optional(),
  section: z.enum(values(sections)).optional(),
  gender: z.enum(values(genders)).optional(),
  status: z.enum(values(studentStatuses)).optional(),
  sort: z.enum(['admission_no', 'name', 'class']).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
  format: z.enum(['json', 'xlsx']).default('json'),
});

const studentList = (path: string, summary: string) =>
  defineCall({
    method: 'POST',
    path,
    access: 'view_students',
    summary,
    input: studentFilters,
    output: z.array(studentRow),
    paged: true as const,
    file: 'xlsx-or-json' as const,
  });

export const addStudent = defineCall({
  method: 'POST',
  path: 'students',
  access: 'add_students',
  summary: 'Admit a student, with guardians (new or existing)',
  input: studentFields.extend({ guardians: z.array(guardianLink).max(6).default([]) }),
  output: studentProfile,
});
export const listStudents = defineCall({
  method: 'GET',
  path: 'students',
  // The payment desk finds students too, the nurse the student in the sick bay, the gate the student visited.
  access: ['view_students', 'pay_fees', 'manage_medication_center', 'manage_visitors'],
  summary: 'Current students, paged; search by name, admission number, payment code or guardian phone',
  input: z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(100).optional(),
    class_id: z.coerce.number().int().positive().optional(),
    stream_id: z.coerce.number().int().positive().optional(),
  }),
  output: z.array(studentRow),
  paged: true,
});
export const getStudent = defineCall({
  method: 'GET',
  path: 'students/{id}',
  access: 'view_students',
  summary: "A student's profile with guardians and portal account",
  input: noInput,
  output: studentProfile,
});
export const updateStudent = defineCall({
  method: 'PUT',
  path: 'students/{id}',
  access: 'edit_students',
  summary:
    "Change a student's details; guardians, when given, replace the links; status 'current' restores a trashed student",
  input: studentChanges.extend({
    guardians: z.array(guardianLink).max(6).optional(),
    status: z.enum(['current']).optional(),
  }),
  output: studentProfile,
});
export const deleteStudent = defineCall({
  method: 'DELETE',
  path: 'students/{id}',
  access: 'edit_students',
  summary: 'A current student goes to the trash; a trashed one is deleted for good when nothing refers to them',
  input: noInput,
  output: z.null(),
});

export const viewStudents = studentList(
  'view_students',
  'Students filtered by class, stream, section, gender and status; or as a spreadsheet',
);
export const newStudents = studentList('new_students', 'Students admitted in the current term');
export const trashedStudents = studentList('trashed_students', 'Trashed students, to restore or delete for good');

const counts = { male: z.number(), female: z.number(), day: z.number(), boarding: z.number(), total: z.number() };
export const studentSummary = defineCall({
  method: 'POST',
  path: 'student_summary',
  access: 'view_students',
  summary: 'Counts of current students by class and stream, gender and section',
  input: z.object({}),
  output: z.object({
    classes: z.array(
      z.object({
        class_id: z.number(),
        class_name: z.string(),
        ...counts,
        streams: z.array(z.object({ stream_id: z.number().nullable(), stream_name: z.string(), ...counts })),
      }),
    ),
    totals: z.object(counts),
  }),
});

export const modifyStudents = defineCall({
  method: 'POST',
  path: 'modify_student',
  access: 'edit_students',
  summary: 'Change many students at once (bulk edit grid, academic placement); all or nothing',
  input: z.object({ students: z.array(studentChanges.extend({ id })).min(1).max(1000) }),
  output: z.object({ updated: z.number() }),
});

export const toMigrate = defineCall({
  method: 'POST',
  path: 'to_migrate',
  access: 'migrate_students',
  summary: "A class's current students and where migration sends them",
  input: z.object({ class_id: id }),
  output: z.object({
    from: z.object({ id: z.number(), name: z.string() }),
    to: z.object({ id: z.number(), name: z.string() }).nullable(),
    students: z.array(studentRow),
    /**
     * What the year's last report cards say of each student ("Advised to repeat S2", "Promoted to S3"):
     * the director of studies' decision or the report settings' rule. Those advised to repeat start ticked.
     */
    year_end: z.array(z.object({ student_id: z.number(), decision: z.enum(['promoted', 'repeat']), text: z.string() })),
  }),
});

export const migrateStudents = defineCall({
  method: 'POST',
  path: 'migrate_students',
  access: 'migrate_students',
  summary:
    'Promote a class to the next (or make its students old students owing their ledger balance); repeaters stay; ' +
    'one transaction. `preview` answers what would happen and writes nothing; before the last term of the year ' +
    'being closed has ended it answers 202 unless `confirm` is true',
  input: z.object({
    class_id: id,
    repeaters: z.array(id).default([]),
    /** Work it all out and write nothing: the screen shows this before asking to confirm. */
    preview: z.boolean().default(false),
    /** Go ahead although the year's last term has not ended yet. */
    confirm: z.boolean().default(false),
  }),
  output: z.object({
    promoted: z.number(),
    left: z.number(),
    repeated: z.number(),
    /** Leavers who owe, and what they owe together (their ledger balances, arrears included). */
    leavers_owing: z.number(),
    debt_carried: z.number(),
    /** What leavers in credit are owed back, together (a positive number). */
    credit_carried: z.number(),
    /** The school year the migration closes, the day its last term ends, and whether that has passed. */
    year: z.number(),
    year_ends_on: z.string(),
    year_ended: z.boolean(),
    /** True when this answer is a preview and nothing was written. */
    preview: z.boolean(),
  }),
});

export const importReport = z.object({
  imported: z.number(),
  rejected: z.array(z.object({ row: z.number(), errors: z.array(z.string()) })),
});

export const importStudents = defineCall({
  method: 'POST',
  path: 'import_students',
  access: 'add_students',
  summary: 'Import students from the xlsx template; any bad row rejects the whole file with reasons',
  input: upload,
  output: importReport,
});

export const studentImportTemplate = defineCall({
  method: 'GET',
  path: 'student_import_template',
  access: 'add_students',
  summary: 'The xlsx template for importing students',
  input: noInput,
  output: z.unknown(),
  file: 'xlsx',
});

export const studentCodesTemplate = defineCall({
  method: 'GET',
  path: 'student_codes_template',
  access: 'edit_students',
  summary: 'The xlsx template for importing payment codes',
  input: noInput,
  output: z.unknown(),
  file: 'xlsx',
});

export const importStudentCodes = defineCall({
  method: 'POST',
  path: 'import_student_codes',
  access: 'edit_students',
  summary: 'Import payment codes by admission number (xlsx with columns admission_no, payment_code)',
  input: upload,
  output: importReport,
});

export const uploadStudentPhotos = defineCall({
  method: 'POST',
  path: 'student_image',
  access: 'edit_students',
  summary: 'Upload photos named by admission number (e.g. 2026-0042.jpg); checked, resized, stored',
  input: z.object({ photos: z.array(upload).min(1).max(200) }),
  output: z.object({
    matched: z.array(z.string()),
    unmatched: z.array(z.object({ filename: z.string(), reason: z.string() })),
  }),
});

export const studentAccountRow = z.object({
  student_id: z.number(),
  name: z.string(),
  admission_no: z.string(),
  class_name: z.string(),
  stream_name: z.string().nullable(),
  username: z.string().nullable(),
  active: z.boolean().nullable(),
  last_login_at: z.string().nullable(),
});

export const viewStudentAccounts = defineCall({
  method: 'POST',
  path: 'view_student_accounts',
  access: 'manage_student_accounts',
  summary: 'Current students with their portal account (none until a password is set)',
  input: z.object({
    page: z.number().int().min(1).default(1),
    per_page: z.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(100).optional(),
    class_id: id.optional(),
  }),
  output: z.array(studentAccountRow),
  paged: true,
});

export const setStudentPassword = defineCall({
  method: 'PUT',
  path: 'student_accounts/{id}',
  access: 'manage_student_accounts',
  summary: "Set a student's portal password (by student id); creates the account when there is none",
  input: z.object({ password: z.string().min(6, 'Use at least 6 characters').max(100) }),
  output: studentAccountRow,
});

export const toggleStudentAccount = defineCall({
  method: 'DELETE',
  path: 'student_accounts/{id}',
  access: 'manage_student_accounts',
  summary: "Turn a student's portal account off, or on again (by student id)",
  input: noInput,
  output: studentAccountRow,
});

export const studentIdCards = defineCall({
  method: 'POST',
  path: 'student_ids',
  access: 'print_student_ids',
  summary: 'ID cards as a PDF: credit-card size, ten to an A4 page',
  input: z.object({ class_id: id.optional(), stream_id: id.optional(), student_ids: z.array(id).max(2000).optional() }),
  output: z.unknown(),
  file: 'pdf',
});

export const passOutRow = z.object({
  id: z.number(),
  pass_no: z.number(),
  student_id: z.number(),
  student_name: z.string(),
  admission_no: z.string(),
  class_name: z.string(),
  type: z.string(),
  reason: z.string(),
  destination: z.string().nullable(),
  time_out: z.string(),
  expected_return: z.string(),
  returned_at: z.string().nullable(),
  collector_name: z.string().nullable(),
  collector_relationship: z.string().nullable(),
  collector_phone: z.string().nullable(),
  collector_id_no: z.string().nullable(),
  authorised_by: z.string(),
  status: z.string(),
  overdue: z.boolean(),
  parent_notified: z.boolean(),
});

export const addPassOut = defineCall({
  method: 'POST',
  path: 'pass_outs',
  access: 'print_student_passouts',
  summary: 'Issue a pass-out; it takes the next pass number',
  input: z
    .object({
      student_id: id,
      type: z.enum(values(passOutTypes)),
      reason: z.string().trim().min(3, 'Enter the reason').max(300),
      destination: optionalText(120),
      time_out: z.iso.datetime({ offset: true }),
      expected_return: z.iso.datetime({ offset: true }),
      collector_name: optionalText(120),
      collector_relationship: optionalText(60),
      collector_phone: optionalPhoneInput(),
      collector_id_no: optionalText(30),
      authorised_by: z.string().trim().min(2, 'Enter who authorised it').max(120),
      parent_notified: z.boolean().default(false),
    })
    .refine((p) => p.expected_return > p.time_out, {
      message: 'The return must be after the time out',
      path: ['expected_return'],
    }),
  output: passOutRow,
});

export const viewPassOuts = defineCall({
  method: 'POST',
  path: 'view_pass_outs',
  access: 'print_student_passouts',
  summary: 'Pass-outs, newest first, by status, student and date',
  input: z.object({
    page: z.number().int().min(1).default(1),
    per_page: z.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(100).optional(),
    status: z.enum([...values(passOutStatuses), 'overdue']).optional(),
    student_id: id.optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  }),
  output: z.array(passOutRow),
  paged: true,
});

export const printPassOut = defineCall({
  method: 'GET',
  path: 'pass_outs/{id}',
  access: 'print_student_passouts',
  summary: 'The printable pass (PDF)',
  input: noInput,
  output: z.unknown(),
  file: 'pdf',
});

export const studentsPeriodicReport = defineCall({
  method: 'POST',
  path: 'students_periodic_report',
  access: 'view_students',
  summary: 'Students admitted and students who left in a date range, by class',
  input: z.object({ from: z.iso.date(), to: z.iso.date() }),
  output: z.object({
    classes: z.array(
      z.object({ class_id: z.number(), class_name: z.string(), admitted: z.number(), left: z.number() }),
    ),
    admitted: z.array(studentRow),
    left: z.array(studentRow),
  }),
});

export const studentCalls = [
  addStudent,
  listStudents,
  getStudent,
  updateStudent,
  deleteStudent,
  viewStudents,
  newStudents,
  trashedStudents,
  studentSummary,
  modifyStudents,
  toMigrate,
  migrateStudents,
  importStudents,
  studentImportTemplate,
  studentCodesTemplate,
  importStudentCodes,
  uploadStudentPhotos,
  viewStudentAccounts,
  setStudentPassword,
  toggleStudentAccount,
  studentIdCards,
  addPassOut,
  viewPassOuts,
  printPassOut,
  studentsPeriodicReport,
];

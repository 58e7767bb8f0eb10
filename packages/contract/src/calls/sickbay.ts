import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { format, id, isoDate, optionalDate, optionalText, paging, reason } from './fields.js';

/** Where a patient went when they left the sick bay. */
export const sickbayOutcomes = ['back_to_class', 'sent_home', 'referred', 'admitted'] as const;
export const sickbayStatuses = ['added', 'edited', 'closed', 'deleted'] as const;

/**
 * One visit as the lists show it. Temperature, treatment, drugs, notes, outcome and referral are
 * medical notes: null (and `notes_hidden` true) unless the caller holds manage_medication_center.
 */
export const sickbayVisitRow = z.object({
  id: z.number(),
  patient: z.enum(['student', 'staff']),
  student_id: z.number().nullable(),
  staff_id: z.number().nullable(),
  name: z.string(),
  admission_no: z.string().nullable(),
  class_id: z.number().nullable(),
  class_name: z.string().nullable(),
  visited_at: z.string(),
  problem_id: z.number().nullable(),
  complaint: z.string(),
  status: z.enum(sickbayStatuses),
  closed_at: z.string().nullable(),
  attended_by: z.string(),
  notes_hidden: z.boolean(),
  /** °C, one decimal. */
  temperature: z.number().nullable(),
  treatment: z.string().nullable(),
  drugs: z.string().nullable(),
  notes: z.string().nullable(),
  outcome: z.enum(sickbayOutcomes).nullable(),
  referred_to: z.string().nullable(),
  delete_reason: z.string().nullable(),
  deleted_by: z.string().nullable(),
});
export type SickbayVisitRow = z.infer<typeof sickbayVisitRow>;

const nullableId = z.preprocess((v) => (v === '' ? null : v), id.nullable().optional());
/** °C with at most one decimal, within what a living patient shows. */
const temperature = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .number()
    .min(34, 'Enter a temperature from 34.0 to 43.0 °C')
    .max(43, 'Enter a temperature from 34.0 to 43.0 °C')
    .refine((t) => Math.abs(t * 10 - Math.round(t * 10)) < 1e-6, 'Use one decimal place (37.5)')
    .nullable()
    .optional(),
);

/** What a visit's form sends (the patient is chosen when it is added). */
const visitFields = {
  /** When they came in; now when left out. */
  visited_at: z.preprocess((v) => (v === '' ? undefined : v), z.iso.datetime({ offset: true }).optional()),
  /** A problem from the school's list, or the complaint as free text (or both). */
  problem_id: nullableId,
  complaint: optionalText(300),
  temperature,
  treatment: optionalText(1000),
  drugs: optionalText(1000),
  notes: optionalText(2000),
  outcome: z.preprocess((v) => (v === '' ? null : v), z.enum(sickbayOutcomes).nullable().optional()),
  referred_to: optionalText(200),
  /** Close the visit as it is saved (the patient left the sick bay). */
  close: z.boolean().optional(),
};
export const studentVisitInput = z.object({ student_id: id, ...visitFields });
export const staffVisitInput = z.object({ staff_id: id, ...visitFields });
export const visitEditInput = z.object(visitFields);

const listInput = z.object({
  ...paging,
  from: optionalDate,
  to: optionalDate,
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(sickbayStatuses).optional()),
  class_id: id.optional(),
  problem_id: id.optional(),
  search: optionalText(100),
});

export const addStudentVisit = defineCall({
  method: 'POST',
  path: 'medication',
  access: 'manage_medication_center',
  summary: "Record a student's visit to the sick bay",
  input: studentVisitInput,
  output: sickbayVisitRow,
});
export const editStudentVisit = defineCall({
  method: 'PUT',
  path: 'medication/{id}',
  access: 'manage_medication_center',
  summary: "Change a student's open visit, or close it (`close: true`) when they leave",
  input: visitEditInput,
  output: sickbayVisitRow,
});
export const deleteStudentVisit = defineCall({
  method: 'DELETE',
  path: 'medication/{id}',
  access: 'manage_medication_center',
  summary: "Delete a student's visit with a reason; it stays listed as deleted",
  input: z.object({ reason }),
  output: sickbayVisitRow,
});
export const listStudentVisits = defineCall({
  method: 'POST',
  path: 'view_medication',
  access: ['manage_medication_center', 'view_students'],
  summary: "Students' sick bay visits, newest first; medical notes only for manage_medication_center",
  input: listInput,
  output: z.array(sickbayVisitRow),
  paged: true as const,
});

export const addStaffVisit = defineCall({
  method: 'POST',
  path: 'staff_medication',
  access: 'manage_medication_center',
  summary: "Record a staff member's visit to the sick bay",
  input: staffVisitInput,
  output: sickbayVisitRow,
});
export const editStaffVisit = defineCall({
  method: 'PUT',
  path: 'staff_medication/{id}',
  access: 'manage_medication_center',
  summary: "Change a staff member's open visit, or close it (`close: true`)",
  input: visitEditInput,
  output: sickbayVisitRow,
});
export const deleteStaffVisit = defineCall({
  method: 'DELETE',
  path: 'staff_medication/{id}',
  access: 'manage_medication_center',
  summary: "Delete a staff member's visit with a reason; it stays listed as deleted",
  input: z.object({ reason }),
  output: sickbayVisitRow,
});
export const listStaffVisits = defineCall({
  method: 'POST',
  path: 'view_staff_medication',
  access: ['manage_medication_center', 'view_staff'],
  summary: "Staff's sick bay visits, newest first; medical notes only for manage_medication_center",
  input: listInput.omit({ class_id: true }),
  output: z.array(sickbayVisitRow),
  paged: true as const,
});

const patients = z.enum(['students', 'staff', 'all']).default('all');
const countLine = z.object({ key: z.string(), label: z.string(), count: z.number() });

export const sickbayReport = defineCall({
  method: 'POST',
  path: 'medication_report',
  access: 'manage_medication_center',
  summary: 'Sick bay visits in a date range (Kampala days) by problem, by class and by month; xlsx with format',
  input: z.object({ from: isoDate, to: isoDate, patients, format }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    total: z.number(),
    referred: z.number(),
    sent_home: z.number(),
    by_problem: z.array(countLine),
    by_class: z.array(countLine),
    by_month: z.array(countLine),
  }),
  file: 'xlsx-or-json',
});

export const sickbayPeriodic = defineCall({
  method: 'POST',
  path: 'medication_periodic',
  access: 'manage_medication_center',
  summary: 'Sick bay visits per day, ISO week or month (Kampala time), every period of the range listed; xlsx',
  input: z.object({ from: isoDate, to: isoDate, period: z.enum(['day', 'week', 'month']), patients, format }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    period: z.enum(['day', 'week', 'month']),
    total: z.number(),
    periods: z.array(z.object({ key: z.string(), label: z.string(), students: z.number(), staff: z.number() })),
  }),
  file: 'xlsx-or-json',
});

/** Sick bay calls (the problems list is a declared entity). */
export const sickbayCalls: Call[] = [
  addStudentVisit,
  editStudentVisit,
  deleteStudentVisit,
  listStudentVisits,
  addStaffVisit,
  editStaffVisit,
  deleteStaffVisit,
  listStaffVisits,
  sickbayReport,
  sickbayPeriodic,
];

import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { normalisePhone, phoneMessage } from '../phone.js';
import { id, isoDate, optionalDate, optionalText, queryPaging, reason } from './fields.js';

export const visitorTypes = [
  { value: 'parent', label: 'Parent / guardian' },
  { value: 'official', label: 'Official' },
  { value: 'supplier', label: 'Supplier' },
  { value: 'other', label: 'Other' },
] as const;
export const visitorIdTypes = [
  { value: 'nin', label: 'National ID (NIN)' },
  { value: 'passport', label: 'Passport' },
  { value: 'driving_permit', label: 'Driving permit' },
  { value: 'other', label: 'Other' },
] as const;
export const visitWhom = [
  { value: 'student', label: 'A student' },
  { value: 'staff', label: 'A staff member' },
  { value: 'office', label: 'An office' },
] as const;
export const visitStatuses = ['open', 'closed', 'deleted'] as const;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((o) => o.value) as [T[number]['value'], ...T[number]['value'][]];

/** One visit as the book shows it. */
export const visitRow = z.object({
  id: z.number(),
  visitor_name: z.string(),
  phone: z.string().nullable(),
  id_type: z.string().nullable(),
  id_number: z.string().nullable(),
  from_where: z.string().nullable(),
  visitor_type: z.string(),
  purpose: z.string(),
  whom: z.enum(values(visitWhom)),
  student_id: z.number().nullable(),
  student_name: z.string().nullable(),
  admission_no: z.string().nullable(),
  class_name: z.string().nullable(),
  relationship: z.string().nullable(),
  staff_id: z.number().nullable(),
  staff_name: z.string().nullable(),
  office: z.string().nullable(),
  /** Whom they saw, as one line: the student's, staff member's or office's name. */
  visited: z.string(),
  items_brought: z.string().nullable(),
  vehicle_reg: z.string().nullable(),
  badge_no: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Why a student was visited outside the visiting hours; null inside them. */
  outside_hours_reason: z.string().nullable(),
  time_in: z.string(),
  time_out: z.string().nullable(),
  /** Whole minutes from time in to time out (null while open). */
  minutes: z.number().nullable(),
  recorded_by: z.string(),
  closed_by: z.string().nullable(),
  status: z.enum(visitStatuses),
  delete_reason: z.string().nullable(),
  deleted_by: z.string().nullable(),
});
export type VisitRow = z.infer<typeof visitRow>;

const blankToNull = (v: unknown) => (v === '' ? null : v);
const optionalPhone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(40, phoneMessage)
    .refine((s) => normalisePhone(s) !== null, phoneMessage)
    .transform((s) => normalisePhone(s) as string)
    .nullable()
    .optional(),
);
const nullableId = z.preprocess(blankToNull, id.nullable().optional());

/** What the visit form sends. Times are the server's: in when recorded, out when closed. */
export const visitInput = z.object({
  visitor_name: z.string({ error: "Enter the visitor's name" }).trim().min(2, "Enter the visitor's name").max(120),
  phone: optionalPhone,
  id_type: z.preprocess(blankToNull, z.enum(values(visitorIdTypes)).nullable().optional()),
  id_number: optionalText(40),
  from_where: optionalText(120),
  visitor_type: z.enum(values(visitorTypes), { error: 'Choose the kind of visitor' }),
  purpose: z
    .string({ error: 'Enter the purpose of the visit' })
    .trim()
    .min(2, 'Enter the purpose of the visit')
    .max(300),
  whom: z.enum(values(visitWhom), { error: 'Choose whom they came to see' }),
  student_id: nullableId,
  relationship: optionalText(60),
  staff_id: nullableId,
  office: optionalText(120),
  items_brought: optionalText(500),
  vehicle_reg: optionalText(20),
  badge_no: optionalText(20),
  remarks: optionalText(500),
  /** Needed to record a visit to a student outside the school's visiting hours (kept in the book). */
  outside_hours_reason: optionalText(300),
});
export type VisitInput = z.infer<typeof visitInput>;

export const listVisitors = defineCall({
  method: 'GET',
  path: 'visitors',
  access: 'manage_visitors',
  summary: 'The visitors book: open visits first, then newest; deleted visits only with status=deleted',
  input: z.object({
    ...queryPaging,
    from: optionalDate,
    to: optionalDate,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(visitStatuses).optional()),
    whom: z.preprocess((v) => (v === '' ? undefined : v), z.enum(values(visitWhom)).optional()),
    search: optionalText(100),
  }),
  output: z.array(visitRow),
  paged: true as const,
});
export const addVisit = defineCall({
  method: 'POST',
  path: 'visitors',
  access: 'manage_visitors',
  summary: 'Record a visitor coming in (time in is now, Kampala)',
  input: visitInput,
  output: visitRow,
});
export const editVisit = defineCall({
  method: 'PUT',
  path: 'visitors/{id}',
  access: 'manage_visitors',
  summary: "Correct a visit's details (its times stay the server's); a deleted visit is refused",
  input: visitInput,
  output: visitRow,
});
export const deleteVisit = defineCall({
  method: 'DELETE',
  path: 'visitors/{id}',
  access: 'manage_visitors',
  summary: 'Delete a visit with a reason; it stays in the book marked deleted',
  input: z.object({ reason }),
  output: visitRow,
});
export const closeVisit = defineCall({
  method: 'PUT',
  path: 'close_visit/{id}',
  access: 'manage_visitors',
  summary: 'The visitor left: time out is now; a closed or deleted visit is refused (202)',
  input: z.object({ remarks: optionalText(500) }),
  output: visitRow,
});
export const studentVisits = defineCall({
  method: 'GET',
  path: 'get_visitors',
  access: ['manage_visitors', 'view_students'],
  summary: "Visits to one student (the student's profile), newest first, deleted ones left out",
  input: z.object({ student_id: z.coerce.number().int().positive() }),
  output: z.array(visitRow),
});

const countLine = z.object({ key: z.string(), label: z.string(), count: z.number() });
export const visitReport = defineCall({
  method: 'POST',
  path: 'visit_report',
  access: 'view_visitors_report',
  summary:
    'Visits in a date range (Kampala days) by day, whom visited, kind of visitor and purpose; xlsx, or the register as a PDF',
  input: z.object({
    from: isoDate,
    to: isoDate,
    period: z.enum(['day', 'week', 'month']).default('day'),
    format: z.enum(['json', 'xlsx', 'pdf']).default('json'),
  }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    total: z.number(),
    still_in: z.number(),
    average_minutes: z.number().nullable(),
    by_period: z.array(countLine),
    by_whom: z.array(countLine),
    by_visitor_type: z.array(countLine),
    by_purpose: z.array(countLine),
  }),
  file: 'xlsx-or-json',
});

export const visitorsCalls: Call[] = [
  listVisitors,
  addVisit,
  editVisit,
  deleteVisit,
  closeVisit,
  studentVisits,
  visitReport,
];

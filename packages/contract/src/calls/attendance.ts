import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { id, isoDate, optionalDate, optionalText, queryId, queryPaging } from './fields.js';

/** A class register's marks. Present and late count as present; absent and excused do not. */
export const registerStatuses = ['present', 'late', 'absent', 'excused'] as const;
export type RegisterStatus = (typeof registerStatuses)[number];

/** A report answers JSON, a spreadsheet or a printable PDF with the school's header. */
const reportFormat = z.enum(['json', 'xlsx', 'pdf']).default('json');

/** One check-in at the gate (of a student or a staff member), with its check-out. */
export const gateRow = z.object({
  id: z.number(),
  person: z.enum(['student', 'staff']),
  student_id: z.number().nullable(),
  staff_id: z.number().nullable(),
  name: z.string(),
  /** The admission number, or a staff member's initials. */
  number: z.string().nullable(),
  class_name: z.string().nullable(),
  day: z.string(),
  checked_in_at: z.string(),
  checked_in_by: z.string(),
  checked_out_at: z.string().nullable(),
  checked_out_by: z.string().nullable(),
});
export type GateRow = z.infer<typeof gateRow>;

/**
 * Who is at the gate: `code` is what the keeper typed or the scanner sent (an admission number, a
 * name, or for staff initials or a name); or the id picked from a list.
 */
const code = optionalText(120);
export const studentCheckInInput = z.object({ code, student_id: id.optional() });
export const staffCheckInInput = z.object({ code, staff_id: id.optional() });

const listInput = z.object({
  ...queryPaging,
  /** A Kampala day; today when left out. */
  date: optionalDate,
  class_id: queryId,
  search: optionalText(100),
  /** Only those still in (not checked out) or only those gone. */
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['in', 'out']).optional()),
});

export const studentCheckIn = defineCall({
  method: 'POST',
  path: 'student/attendance',
  access: 'manage_attendance',
  summary: 'Check a student in at the gate (now, Kampala time); a second check-in the same day is refused',
  input: studentCheckInInput,
  output: gateRow,
});
export const listStudentAttendance = defineCall({
  method: 'GET',
  path: 'student/attendance',
  access: 'manage_attendance',
  summary: "A day's student check-ins (today by default), newest first",
  input: listInput,
  output: z.array(gateRow),
  paged: true as const,
});
export const deleteStudentAttendance = defineCall({
  method: 'DELETE',
  path: 'student/attendance/{id}',
  access: 'manage_attendance',
  summary: 'Remove a check-in made by mistake (the audit keeps it)',
  input: z.object({}),
  output: gateRow,
});
export const studentCheckOut = defineCall({
  method: 'POST',
  path: 'student/checkout',
  access: 'manage_attendance',
  summary: "Check a student out: today's check-in gets the time; refused when not checked in today",
  input: studentCheckInInput.extend({ id: id.optional() }),
  output: gateRow,
});
export const studentsToCheckOut = defineCall({
  method: 'GET',
  path: 'student/tocheckout',
  access: 'manage_attendance',
  summary: 'The students checked in today and not yet out',
  input: listInput.omit({ date: true, status: true }),
  output: z.array(gateRow),
  paged: true as const,
});

export const staffCheckIn = defineCall({
  method: 'POST',
  path: 'staff/attendance',
  access: 'manage_attendance',
  summary: 'Check a staff member in (now, Kampala time); a second check-in the same day is refused',
  input: staffCheckInInput,
  output: gateRow,
});
export const listStaffAttendance = defineCall({
  method: 'GET',
  path: 'staff/attendance',
  access: 'manage_attendance',
  summary: "A day's staff check-ins (today by default), newest first; `status: in` those not yet out",
  input: listInput.omit({ class_id: true }),
  output: z.array(gateRow),
  paged: true as const,
});
export const deleteStaffAttendance = defineCall({
  method: 'DELETE',
  path: 'staff/attendance/{id}',
  access: 'manage_attendance',
  summary: "Remove a staff member's check-in made by mistake",
  input: z.object({}),
  output: gateRow,
});
export const staffCheckOut = defineCall({
  method: 'POST',
  path: 'staff/checkout',
  access: 'manage_attendance',
  summary: 'Check a staff member out; refused when not checked in today',
  input: staffCheckInInput.extend({ id: id.optional() }),
  output: gateRow,
});

const rangeInput = {
  from: isoDate,
  to: isoDate,
  format: reportFormat,
};

/** A day of the report: the combined mark and the gate times. */
export const attendanceDayRow = z.object({
  day: z.string(),
  person_id: z.number(),
  name: z.string(),
  number: z.string().nullable(),
  class_name: z.string().nullable(),
  /** present, late, absent, excused (the combined rule), or null on a day with nothing recorded. */
  status: z.enum(registerStatuses).nullable(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
});
export type AttendanceDayRow = z.infer<typeof attendanceDayRow>;
const reportOutput = z.object({
  from: z.string(),
  to: z.string(),
  school_days: z.array(z.string()),
  rows: z.array(attendanceDayRow),
});

export const studentAttendanceReport = defineCall({
  method: 'POST',
  path: 'student/attendance/report',
  access: 'manage_attendance',
  summary: "A class's attendance day by day: each school day's mark and gate times; xlsx or PDF",
  input: z.object({ ...rangeInput, class_id: id, stream_id: id.optional() }),
  output: reportOutput,
  file: 'xlsx-or-json',
});
export const staffAttendanceReport = defineCall({
  method: 'POST',
  path: 'staff/attendance/report',
  access: 'manage_attendance',
  summary: "The staff's attendance day by day: each school day's check-in and check-out; xlsx or PDF",
  input: z.object(rangeInput),
  output: reportOutput,
  file: 'xlsx-or-json',
});

/** A person's days in a range: present (of the school days), absent, and of those present late, of absent excused. */
export const summaryRow = z.object({
  person_id: z.number(),
  name: z.string(),
  number: z.string().nullable(),
  class_name: z.string().nullable(),
  present: z.number(),
  absent: z.number(),
  late: z.number(),
  excused: z.number(),
  /** Days present out of school days, in whole percent. */
  percent: z.number(),
});
export type SummaryRow = z.infer<typeof summaryRow>;
export const classSummaryRow = z.object({
  class_name: z.string(),
  people: z.number(),
  present: z.number(),
  possible: z.number(),
  percent: z.number(),
});
const summaryOutput = z.object({
  from: z.string(),
  to: z.string(),
  school_days: z.number(),
  rows: z.array(summaryRow),
  classes: z.array(classSummaryRow),
});
export type AttendanceSummary = z.infer<typeof summaryOutput>;

export const studentAttendanceSummary = defineCall({
  method: 'POST',
  path: 'student/attendance/summary',
  access: 'manage_attendance',
  summary: 'Days present and absent per student and class over a range (a month); xlsx or PDF',
  input: z.object({ ...rangeInput, class_id: id.optional(), stream_id: id.optional() }),
  output: summaryOutput,
  file: 'xlsx-or-json',
});
export const staffAttendanceSummary = defineCall({
  method: 'POST',
  path: 'staff/attendance/summary',
  access: 'manage_attendance',
  summary: 'Days present and absent per staff member over a range (a month); xlsx or PDF',
  input: z.object(rangeInput),
  output: summaryOutput,
  file: 'xlsx-or-json',
});

/** The class register of a day: each student with the register's mark and the gate's check-in. */
export const registerOutput = z.object({
  date: z.string(),
  class_name: z.string(),
  /** A weekday of a term (a weekend or holiday is not counted, but may still be marked). */
  school_day: z.boolean(),
  students: z.array(
    z.object({
      student_id: z.number(),
      name: z.string(),
      admission_no: z.string(),
      stream_name: z.string().nullable(),
      status: z.enum(registerStatuses).nullable(),
      checked_in_at: z.string().nullable(),
    }),
  ),
});
export type ClassRegister = z.infer<typeof registerOutput>;

export const markRegister = defineCall({
  method: 'POST',
  path: 'attendance',
  access: 'manage_attendance',
  summary:
    "A class's register for a day: without `marks` it answers the register; with them it saves each student's mark",
  input: z.object({
    class_id: id,
    stream_id: id.optional(),
    date: optionalDate,
    marks: z
      .array(z.object({ student_id: id, status: z.enum(registerStatuses) }))
      .max(500)
      .optional(),
  }),
  output: registerOutput,
});

/** A roll-call as the screen shows it: the group's students ticked present or absent. */
export const rollcallView = z.object({
  /** null: not taken yet (the list to tick, everyone present by default). */
  id: z.number().nullable(),
  category_id: z.number(),
  category: z.string(),
  group: z.string(),
  date: z.string(),
  taken_at: z.string().nullable(),
  taken_by: z.string().nullable(),
  comment: z.string().nullable(),
  present: z.number(),
  absent: z.number(),
  students: z.array(
    z.object({
      mark_id: z.number().nullable(),
      student_id: z.number(),
      name: z.string(),
      admission_no: z.string(),
      present: z.boolean(),
    }),
  ),
});
export type RollcallView = z.infer<typeof rollcallView>;

export const takeRollcall = defineCall({
  method: 'POST',
  path: 'take/rollcall',
  access: 'manage_attendance',
  summary:
    'Take a roll-call of a category for a class (or stream) or a house: without `absent` it answers the list (or the roll-call already taken); with it, it records everyone else present',
  input: z.object({
    category_id: id,
    date: optionalDate,
    class_id: id.optional(),
    stream_id: id.optional(),
    house: optionalText(80),
    /** The students ticked absent; everyone else in the group is present. */
    absent: z.array(id).max(2000).optional(),
  }),
  output: rollcallView,
});
export const changeRollcallMark = defineCall({
  method: 'DELETE',
  path: 'change/rollcall/{id}',
  access: 'manage_attendance',
  summary: "Change one student's mark on a roll-call (present becomes absent and back)",
  input: z.object({}),
  output: rollcallView,
});
export const rollcallComment = defineCall({
  method: 'POST',
  path: 'rollcall/comment',
  access: 'manage_attendance',
  summary: "Write the roll-call's comment (who was sick, who had leave…)",
  input: z.object({ rollcall_id: id, comment: optionalText(1000) }),
  output: rollcallView,
});
export const rollcallReportRow = z.object({
  id: z.number(),
  date: z.string(),
  category: z.string(),
  group: z.string(),
  taken_at: z.string(),
  taken_by: z.string(),
  present: z.number(),
  absent: z.number(),
  absentees: z.string(),
  comment: z.string().nullable(),
});
export type RollcallReportRow = z.infer<typeof rollcallReportRow>;
export const rollcallReport = defineCall({
  method: 'POST',
  path: 'rollcall/report',
  access: 'manage_attendance',
  summary: 'The roll-calls of a range by category and class: counts and the absentees by name; xlsx or PDF',
  input: z.object({ ...rangeInput, category_id: id.optional(), class_id: id.optional() }),
  output: z.object({
    from: z.string(),
    to: z.string(),
    present: z.number(),
    absent: z.number(),
    rows: z.array(rollcallReportRow),
  }),
  file: 'xlsx-or-json',
});

/** Attendance and roll-call calls (the roll-call categories are a declared entity). */
export const attendanceCalls: Call[] = [
  studentCheckIn,
  listStudentAttendance,
  deleteStudentAttendance,
  studentCheckOut,
  studentsToCheckOut,
  staffCheckIn,
  listStaffAttendance,
  deleteStaffAttendance,
  staffCheckOut,
  studentAttendanceReport,
  staffAttendanceReport,
  studentAttendanceSummary,
  staffAttendanceSummary,
  markRegister,
  takeRollcall,
  changeRollcallMark,
  rollcallComment,
  rollcallReport,
];

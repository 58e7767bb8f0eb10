import { z } from 'zod';
import { defineCall } from '../call.js';
import type { CallAccess } from '../permissions.js';
import { id } from './fields.js';

/**
 * Missing marks (issue 10 §6): for an exam set, which takers of a subject have no mark yet, grouped by
 * the teacher who teaches that subject in that class and stream, so the Director of Studies can chase
 * it. Absent is a recorded value, counted apart, never missing.
 */
const filters = {
  /** None: the school's current term. */
  year: z.number().int().min(2000).max(2100).optional(),
  term: z.number().int().min(1).max(3).optional(),
  /** None: the term's latest set with any mark entered, else its first set. */
  exam_set_id: id.optional(),
  stream_id: id.optional(),
  subject_id: id.optional(),
};

const student = z.object({
  student_id: z.number(),
  name: z.string(),
  admission_no: z.string(),
});

/** One subject (or A-Level paper) in one class and stream. */
const missingLine = z.object({
  class_id: z.number(),
  class_name: z.string(),
  stream_id: z.number().nullable(),
  stream_name: z.string().nullable(),
  subject_id: z.number(),
  subject_name: z.string(),
  subject_code: z.string(),
  paper_id: z.number().nullable(),
  paper_name: z.string().nullable(),
  takers: z.number(),
  entered: z.number(),
  absent: z.number(),
  missing: z.number(),
  /** Who lacks the mark; listed when the answer covers one class (the whole school answers counts). */
  students: z.array(student),
});

const counts = { takers: z.number(), entered: z.number(), absent: z.number(), missing: z.number() };

/** The teacher (or the teachers sharing the load) of some lines; no staff: "No teacher assigned". */
const teacherGroup = z.object({
  staff_ids: z.array(z.number()),
  teacher: z.string(),
  initials: z.string().nullable(),
  phone: z.string().nullable(),
  ...counts,
  /** Only the lines with something missing or absent; the counts cover every line. */
  lines: z.array(missingLine),
});

export const missingMarksOutput = z.object({
  year: z.number(),
  term: z.number(),
  /** The term's exam sets (the filter's choices), in order. */
  sets: z.array(z.object({ id: z.number(), name: z.string(), max_mark: z.number(), curriculum: z.string() })),
  exam_set_id: z.number().nullable(),
  /** The subjects the answer covers before the subject filter (the filter's choices). */
  subjects: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), level: z.string() })),
  totals: z.object(counts),
  teachers: z.array(teacherGroup),
});
export type MissingMarks = z.output<typeof missingMarksOutput>;

/** The Director of Studies reads them (the screens' flag); whoever manages marks may too. */
const access: CallAccess = ['view_exam_marksheet', 'manage_exam_marks'];

export const missingMarks = defineCall({
  method: 'POST',
  path: 'missing/marks',
  access,
  summary:
    'Missing marks of an exam set across the school (or one class), by teacher: counts per class, stream and subject or paper',
  input: z.object({ ...filters, class_id: id.optional() }),
  output: missingMarksOutput,
});

export const classMissingMarks = defineCall({
  method: 'POST',
  path: 'class_missing_marks',
  access,
  summary: 'Missing marks of an exam set in one O-Level class (old or new curriculum), by teacher, naming the students',
  input: z.object({ ...filters, class_id: id }),
  output: missingMarksOutput,
});

export const alevelClassMissingMarks = defineCall({
  method: 'POST',
  path: 'alevel_class_missing_marks',
  access,
  summary: 'Missing marks of an exam set in one A-Level class, per considered paper, by teacher, naming the students',
  input: z.object({ ...filters, class_id: id }),
  output: missingMarksOutput,
});

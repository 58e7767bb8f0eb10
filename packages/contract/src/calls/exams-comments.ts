import { z } from 'zod';
import { defineCall } from '../call.js';
import { classTermFields } from './exams-marksheets.js';
import { id, queryId } from './fields.js';

/**
 * Report comments (`/report/comments`, `/alevel`, `/new`), a teacher's comments on a student
 * (`/student/comments`) and the new curriculum's projects (`/exams/projects`).
 */

const yearTerm = {
  year: z.number().int().min(2000).max(2100),
  term: z.number().int().min(1).max(3),
};
const comment = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, `Keep a comment to ${max} characters`).nullable(),
  );
const student = {
  id: z.number(),
  admission_no: z.string(),
  name: z.string(),
  stream_name: z.string().nullable(),
};

export const commentSchemes = ['olevel', 'alevel', 'new'] as const;

export const reportCommentsOutput = z.object({
  title: z.string(),
  scheme: z.enum(commentSchemes),
  /** What the bank's ranges are read against: "Aggregate", "Points" or "Average mark". */
  result_label: z.string(),
  /** Whether the caller may write the head teacher's comment (`write_head_teacher_comments`). */
  may_write_head_teacher: z.boolean(),
  students: z.array(
    z.object({
      ...student,
      /** The class teacher of the student's stream, who writes the class teacher's comment. */
      class_teacher_name: z.string().nullable(),
      /** Whether the caller may write it: that class teacher, the director of studies or an administrator. */
      may_write_class_teacher: z.boolean(),
      /** The aggregate, points or average mark the bank is read against; null without marks. */
      result: z.number().nullable(),
      /** "Aggregate 23, Division 2", "Points 14", "Average 71.5". */
      result_text: z.string(),
      comment_id: z.number().nullable(),
      class_teacher: z.string().nullable(),
      head_teacher: z.string().nullable(),
      /** The bank's comments for this result (narrowest range first), to take or edit. */
      suggested_class_teacher: z.string().nullable(),
      suggested_head_teacher: z.string().nullable(),
    }),
  ),
});
export type ReportCommentsSheet = z.infer<typeof reportCommentsOutput>;

export const reportCommentRow = z.object({
  id: z.number(),
  student_id: z.number(),
  year: z.number(),
  term: z.number(),
  class_teacher: z.string().nullable(),
  head_teacher: z.string().nullable(),
});

export const listReportComments = defineCall({
  method: 'GET',
  path: 'report_comments',
  access: 'report_comments',
  summary: "A class's students in a term with their result, their report comments and the comment bank's suggestions",
  input: z.object({
    year: z.coerce.number().int().min(2000).max(2100),
    term: z.coerce.number().int().min(1).max(3),
    class_id: z.coerce.number().int().positive(),
    stream_id: queryId,
  }),
  output: reportCommentsOutput,
});

export const saveReportComments = defineCall({
  method: 'POST',
  path: 'report_comments',
  access: 'report_comments',
  summary:
    "Save the class teacher's and head teacher's comments of many students for a term (a student's comment is replaced)",
  input: z.object({
    ...yearTerm,
    comments: z
      .array(
        z.object({
          student_id: id,
          class_teacher: comment(500),
          head_teacher: comment(500),
        }),
      )
      .min(1, 'Write at least one comment')
      .max(1000),
  }),
  output: z.object({ saved: z.number() }),
});

export const updateReportComment = defineCall({
  method: 'PUT',
  path: 'report_comments/{id}',
  access: 'report_comments',
  summary: "Change one student's report comments for the term",
  input: z.object({ class_teacher: comment(500).optional(), head_teacher: comment(500).optional() }),
  output: reportCommentRow,
});

/** What a teacher's comment on a student is about. */
export const studentCommentKinds = [
  { value: 'remark', label: "Subject teacher's remark" },
  { value: 'conduct', label: 'Conduct' },
  { value: 'generic_skills', label: 'Generic skills' },
  { value: 'values', label: 'Values' },
] as const;
/** Old O Level and A Level: a subject's remark and the conduct. */
export const oldCommentKinds = ['remark', 'conduct'] as const;
/** New curriculum: a subject's competence remark, the generic skills and the values (and conduct). */
export const newCommentKinds = ['remark', 'generic_skills', 'values', 'conduct'] as const;

export const listStudentComments = defineCall({
  method: 'POST',
  path: 'add_student_comment',
  access: 'report_comments',
  summary:
    "A class's students in a term with their comment of one kind (a subject's remark: that subject's takers only)",
  input: z.object({
    ...classTermFields,
    kind: z.enum(newCommentKinds),
    subject_id: id.nullable().optional(),
  }),
  output: z.object({
    title: z.string(),
    curriculum: z.enum(['old', 'new', 'alevel']),
    /** `may_write`: a remark by the subject's teacher, the rest by the class teacher (or the director of studies). */
    students: z.array(z.object({ ...student, comment: z.string().nullable(), may_write: z.boolean() })),
  }),
});

const savedComment = z.object({ student_id: z.number(), comment: z.string().nullable() });
const commentInput = {
  ...yearTerm,
  student_id: id,
  subject_id: id.nullable().optional(),
  comment: comment(300),
};

export const saveStudentComment = defineCall({
  method: 'POST',
  path: 'save_student_comment',
  access: 'report_comments',
  summary:
    "Save a teacher's comment on a student for a term: a subject's remark or the conduct; an empty comment removes it",
  input: z.object({ ...commentInput, kind: z.enum(oldCommentKinds) }),
  output: savedComment,
});

export const saveCommentNew = defineCall({
  method: 'POST',
  path: 'save_comment_new',
  access: 'report_comments',
  summary:
    "New curriculum: save a subject's competence remark, the generic skills, the values or the conduct of a learner; an empty comment removes it",
  input: z.object({ ...commentInput, kind: z.enum(newCommentKinds) }),
  output: savedComment,
});

/** UNEB's observation checklist: indicators observed at each stage of the project (DOMAIN §3.3). */
export const projectStages = ['planning', 'implementation', 'reporting', 'dissemination'] as const;
export const projectIndicatorsMax = 10;
const indicators = z
  .number({ error: 'Enter the number of indicators observed' })
  .int('Enter a whole number of indicators')
  .min(0, `Enter 0 to ${projectIndicatorsMax} indicators`)
  .max(projectIndicatorsMax, `Enter 0 to ${projectIndicatorsMax} indicators`);

export const projectRow = z.object({
  id: z.number(),
  title: z.string(),
  planning: z.number(),
  implementation: z.number(),
  reporting: z.number(),
  dissemination: z.number(),
  /** The indicators observed in all four stages. */
  total: z.number(),
  remark: z.string().nullable(),
});

export const listProjects = defineCall({
  method: 'POST',
  path: 'add_project',
  access: 'manage_exam_marks',
  summary: "A new-curriculum class's learners in a term with their project (null: none recorded)",
  input: z.object(classTermFields),
  output: z.object({
    title: z.string(),
    students: z.array(z.object({ ...student, project: projectRow.nullable() })),
  }),
});

export const saveProject = defineCall({
  method: 'POST',
  path: 'save_project',
  access: 'manage_exam_marks',
  summary: "Record or change a new-curriculum learner's project for a term: its title and the indicators observed",
  input: z.object({
    ...yearTerm,
    student_id: id,
    title: z.string().trim().min(2, 'Give the project title').max(200),
    planning: indicators,
    implementation: indicators,
    reporting: indicators,
    dissemination: indicators,
    remark: comment(300).optional(),
  }),
  output: projectRow,
});

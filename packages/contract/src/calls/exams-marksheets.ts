import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { id } from './fields.js';

/** A class (or one stream of it) in a term: what every marksheet is asked for. */
export const classTermFields = {
  year: z.number().int().min(2000).max(2100),
  term: z.number().int().min(1).max(3),
  class_id: id,
  stream_id: id.nullable().optional(),
};
const classTerm = classTermFields;
const classTermInput = z.object(classTerm);
const subjectInput = z.object({ ...classTerm, subject_id: id });

/** What every marksheet prints above its table: the class, the sets and weights, the rules in force. */
const head = {
  title: z.string(),
  class_name: z.string(),
  stream_name: z.string().nullable(),
  year: z.number(),
  term: z.number(),
  sets: z.array(z.object({ id: z.number(), name: z.string(), weight: z.number(), max_mark: z.number() })),
  missing_marks: z.enum(['exclude', 'zero']),
  /** Whether the sheet ranks (never for the new curriculum). */
  positions: z.boolean(),
  /** The grading in force, one sentence each ("Missing marks are left out…", "D1 80–100, …"). */
  readings: z.array(z.string()),
};
const subjectHead = z.object({ id: z.number(), code: z.string(), name: z.string(), short_name: z.string() });
const student = {
  id: z.number(),
  admission_no: z.string(),
  name: z.string(),
  stream_name: z.string().nullable(),
};

/** A subject's result for one student; null in `results` when the student does not take it. */
const olevelResult = z.object({ mark: z.number().nullable(), grade: z.string().nullable() });
export const olevelMarksheetOutput = z.object({
  ...head,
  subjects: z.array(subjectHead),
  students: z.array(
    z.object({
      ...student,
      results: z.array(olevelResult.nullable()),
      average: z.number().nullable(),
      aggregate: z.number().nullable(),
      /** 1, 2, 3, 4, 7 or 9; null for a student with no marks at all. */
      division: z.number().nullable(),
      position: z.number().nullable(),
    }),
  ),
  subject_averages: z.array(z.number().nullable()),
});

const paperResult = z.object({
  paper_id: z.number(),
  number: z.number(),
  /** The mark in each considered set (as entered, out of the set's maximum), in `sets` order. */
  marks: z.array(z.number().nullable()),
  mark: z.number().nullable(),
  grade: z.string().nullable(),
  considered: z.boolean(),
});
const principalResult = z.object({
  subject_id: z.number(),
  short_name: z.string(),
  papers: z.array(paperResult),
  /** "2-2-3": the considered papers' grade values, best first. */
  tuple: z.string().nullable(),
  grade: z.enum(['A', 'B', 'C', 'D', 'E', 'O', 'F']).nullable(),
  points: z.number().nullable(),
});
const subsidiaryResult = z.object({
  subject_id: z.number(),
  short_name: z.string(),
  mark: z.number().nullable(),
  grade: z.string().nullable(),
  points: z.number().nullable(),
});
export const alevelMarksheetOutput = z.object({
  ...head,
  points_max: z.number(),
  students: z.array(
    z.object({
      ...student,
      combination: z.string().nullable(),
      principals: z.array(principalResult),
      general_paper: subsidiaryResult.nullable(),
      subsidiary: subsidiaryResult.nullable(),
      points: z.number().nullable(),
      position: z.number().nullable(),
    }),
  ),
});
export const alevelSubjectMarksheetOutput = z.object({
  ...head,
  subject: subjectHead.extend({
    papers: z.array(z.object({ id: z.number(), number: z.number(), name: z.string(), considered: z.boolean() })),
  }),
  students: z.array(z.object({ ...student, result: principalResult })),
});

const nlscResult = z.object({
  /** The AOI scores per competence, in `competences` order (subject sheet) or none (class sheet). */
  scores: z.array(z.number().nullable()),
  average: z.number().nullable(),
  identifier: z.number().nullable(),
  descriptor: z.string().nullable(),
  ca20: z.number().nullable(),
  exam80: z.number().nullable(),
  total: z.number().nullable(),
  grade: z.string().nullable(),
});
export const nlscMarksheetOutput = z.object({
  ...head,
  subjects: z.array(subjectHead),
  students: z.array(z.object({ ...student, results: z.array(nlscResult.nullable()) })),
  subject_averages: z.array(z.number().nullable()),
});
export const nlscSubjectMarksheetOutput = z.object({
  ...head,
  subject: subjectHead,
  competences: z.array(z.object({ id: z.number(), name: z.string() })),
  students: z.array(z.object({ ...student, result: nlscResult.nullable() })),
});

const access = 'view_exam_marksheet' as const;

export const olevelMarksheet = defineCall({
  method: 'POST',
  path: 'oLevel_marksheet',
  access,
  summary:
    "Old O-Level marksheet: each subject's weighted mark and grade, the best-8 aggregate, the division and (if the school ranks) the position",
  input: classTermInput,
  output: olevelMarksheetOutput,
});

const alevelSummary =
  'A-Level marksheet: paper grades, each principal with its paper tuple ("2-2-3 → A"), General Paper, the subsidiary and points';
export const alevelMarksheet = defineCall({
  method: 'POST',
  path: 'aLevel_marksheet',
  access,
  summary: alevelSummary,
  input: classTermInput,
  output: alevelMarksheetOutput,
});
export const alevelMarksheetView = defineCall({
  method: 'POST',
  path: 'alevel/marksheet',
  access,
  summary: `${alevelSummary} (the screen's call)`,
  input: classTermInput,
  output: alevelMarksheetOutput,
});
export const alevelSubjectMarksheet = defineCall({
  method: 'POST',
  path: 'alevel/subject/marksheet',
  access,
  summary: "One A-Level subject's papers for a class: set marks, paper grades, the principal and its points",
  input: subjectInput,
  output: alevelSubjectMarksheetOutput,
});
export const nlscMarksheet = defineCall({
  method: 'POST',
  path: 'new_curriculum_marksheet',
  access,
  summary:
    'New-curriculum marksheet: per subject the AOI average, identifier, CA/20, exam/80, total and grade (no ranks)',
  input: classTermInput,
  output: nlscMarksheetOutput,
});
export const nlscSubjectMarksheet = defineCall({
  method: 'POST',
  path: 'new_curriculum_subject_marksheet',
  access,
  summary:
    "One new-curriculum subject: each competence's AOI score, average, identifier, descriptor, CA/20, exam/80, total and grade",
  input: subjectInput,
  output: nlscSubjectMarksheetOutput,
});
export const exportMarksheet = defineCall({
  method: 'POST',
  path: 'export-marksheet',
  access,
  summary:
    "The class's O-Level or new-curriculum marksheet as a spreadsheet (with subject_id: that new-curriculum subject's sheet)",
  input: z.object({ ...classTerm, subject_id: id.optional() }),
  output: z.unknown(),
  file: 'xlsx',
});
export const exportAlevelMarksheet = defineCall({
  method: 'POST',
  path: 'export-alevel-marksheet',
  access,
  summary: 'The A-Level marksheet as a spreadsheet',
  input: classTermInput,
  output: z.unknown(),
  file: 'xlsx',
});
export const exportAlevelSubjectMarksheet = defineCall({
  method: 'POST',
  path: 'export-alevel-subject-marksheet',
  access,
  summary: "One A-Level subject's marksheet as a spreadsheet",
  input: subjectInput,
  output: z.unknown(),
  file: 'xlsx',
});

export const marksheetDefaultName = 'marksheet.xlsx';

export const marksheetCalls: Call[] = [
  olevelMarksheet,
  alevelMarksheet,
  alevelMarksheetView,
  alevelSubjectMarksheet,
  nlscMarksheet,
  nlscSubjectMarksheet,
  exportMarksheet,
  exportAlevelMarksheet,
  exportAlevelSubjectMarksheet,
];

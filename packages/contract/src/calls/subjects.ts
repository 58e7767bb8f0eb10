import { z } from 'zod';
import { defineCall } from '../call.js';
import type { CallAccess } from '../permissions.js';
import { id, queryId } from './fields.js';

/**
 * Subjects and combinations (issue 10 §3): the subject lists by level that the marks screens read,
 * who takes which optional subject, which A-Level papers count in a class, and which combination each
 * S5–S6 student studies. The subjects, papers and combinations themselves are declared resources.
 */
const subject = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  short_name: z.string().nullable(),
  level: z.string(),
  subject_group: z.string(),
  compulsory: z.boolean(),
  /** S1–S2 ('lower') or S3–S4 ('upper') only; null: every class of its level. */
  compulsory_in: z.string().nullable(),
});
const subjectList = z.array(subject);

/** The subject lists serve the subject screens and every marks screen that picks a subject. */
const readSubjects: CallAccess = [
  'view_subjects',
  'view_combinations',
  'manage_exam_marks',
  'manage_optional_subjects',
  'manage_considered_papers',
];

export const alevelSubjects = defineCall({
  method: 'GET',
  path: 'alevel_subjects',
  access: readSubjects,
  summary: 'The A-Level principal subjects, by UNEB code',
  input: z.object({}),
  output: subjectList,
});

export const subsidiaries = defineCall({
  method: 'GET',
  path: 'subsidiaries',
  access: readSubjects,
  summary: 'The A-Level subsidiary subjects (General Paper, Sub-ICT, Sub-Mathematics), by UNEB code',
  input: z.object({}),
  output: subjectList,
});

export const newCurSubjects = defineCall({
  method: 'GET',
  path: 'new_cur_subjects',
  access: readSubjects,
  summary: 'The new lower secondary curriculum subjects, by UNEB code',
  input: z.object({}),
  output: subjectList,
});

export const optionalSubjects = defineCall({
  method: 'GET',
  path: 'optional_subjects',
  access: readSubjects,
  summary: "The subjects that are not compulsory, of one level or of a class's curriculum",
  input: z.object({
    level: z.enum(['olevel', 'nlsc', 'alevel', 'subsidiary']).optional(),
    class_id: queryId,
  }),
  output: subjectList,
});

const paper = z.object({
  id: z.number(),
  number: z.number(),
  name: z.string(),
  subject_id: z.number(),
  subject_name: z.string(),
  subject_code: z.string(),
});

export const subjectPapers = defineCall({
  method: 'GET',
  path: 'subject_papers',
  access: ['view_papers', 'view_subjects', 'manage_considered_papers', 'manage_exam_marks'],
  summary: 'The papers with their subject, by subject and paper number; subject_id gives one subject',
  input: z.object({ subject_id: queryId }),
  output: z.array(paper),
});

/** One class (and stream) in the current term. */
const classChoice = { class_id: id, stream_id: id.optional() };

export const optionalChoices = z.object({
  class_id: z.number(),
  class_name: z.string(),
  /** The optional subjects of the class's curriculum: the grid's columns. */
  subjects: subjectList,
  students: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      admission_no: z.string(),
      stream_id: z.number().nullable(),
      subject_ids: z.array(z.number()),
    }),
  ),
});
export type OptionalChoices = z.output<typeof optionalChoices>;

export const getOptionalSubjects = defineCall({
  method: 'POST',
  path: 'get_optional_subjects',
  access: ['manage_optional_subjects', 'manage_exam_marks'],
  summary: "A class's (or stream's) students this term with the optional subjects each takes",
  input: z.object(classChoice),
  output: optionalChoices,
});

export const saveOptionalSubjects = defineCall({
  method: 'POST',
  path: 'save_optional_subjects',
  access: 'manage_optional_subjects',
  summary:
    "Saves who takes which optional subject in a class: each listed student's optional subjects become exactly those given",
  input: z.object({
    ...classChoice,
    choices: z
      .array(z.object({ student_id: id, subject_ids: z.array(id).max(40) }))
      .min(1, 'Choose at least one student')
      .max(500),
  }),
  output: z.object({ added: z.number(), removed: z.number() }),
});

export const consideredPaperLines = z.array(
  z.object({
    subject_id: z.number(),
    subject_name: z.string(),
    subject_code: z.string(),
    /** No rows stored: every paper counts. */
    all_count: z.boolean(),
    papers: z.array(z.object({ id: z.number(), number: z.number(), name: z.string(), considered: z.boolean() })),
  }),
);
export type ConsideredPaperLines = z.output<typeof consideredPaperLines>;

export const viewConsideredPapers = defineCall({
  method: 'POST',
  path: 'view_considered_papers',
  access: ['manage_considered_papers', 'manage_exam_marks'],
  summary: 'For an A-Level class, each principal subject with its papers and which of them count',
  input: z.object({ class_id: id, subject_id: id.optional() }),
  output: consideredPaperLines,
});

export const changeConsideredPapers = defineCall({
  method: 'POST',
  path: 'change_considered_papers',
  access: 'manage_considered_papers',
  summary: 'Sets which papers of a subject count in an A-Level class (all of them: none stored)',
  input: z.object({ class_id: id, subject_id: id, paper_ids: z.array(id).max(10) }),
  output: consideredPaperLines,
});

export const classCombinations = defineCall({
  method: 'POST',
  path: 'class_combinations',
  access: 'edit_students',
  summary: "An A-Level class's (or stream's) students this term with each one's combination",
  input: z.object(classChoice),
  output: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      admission_no: z.string(),
      stream_id: z.number().nullable(),
      combination_id: z.number().nullable(),
    }),
  ),
});

export const assignCombinations = defineCall({
  method: 'POST',
  path: 'assign_combinations',
  access: 'edit_students',
  summary: 'Gives A-Level students their combinations (null takes it away); one student or a whole class',
  input: z.object({
    choices: z
      .array(z.object({ student_id: id, combination_id: id.nullable() }))
      .min(1, 'Choose at least one student')
      .max(500),
  }),
  output: z.object({ updated: z.number() }),
});

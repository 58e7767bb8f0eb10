import { z } from 'zod';
import { defineCall } from '../call.js';
import { id, queryId } from './fields.js';
import { upload } from './settings.js';
import { importReport } from './students.js';

/** Who enters marks: the Director of Studies for every class, a teacher for their own teaching load. */
const enterers = ['manage_exam_marks', 'record_staff_marks'] as const;
/** Who reads a grid: those who enter marks, and those who read marksheets (the read-only view). */
const readers = ['manage_exam_marks', 'record_staff_marks', 'view_exam_marksheet'] as const;

/** One grid: an exam set's marks of a subject in a class (or one stream of it). */
export const marksGridInput = z.object({
  exam_set_id: id,
  class_id: id,
  /** None: every stream of the class. */
  stream_id: id.nullish(),
  subject_id: id,
});

/** A column of the grid: the exam mark (or one A-Level paper's), or an activity of integration's score. */
export const marksColumn = z.object({
  /** `mark` (O-Level and the new curriculum's exam), `p<paper id>` (A-Level) or `c<competence id>` (AOI). */
  key: z.string(),
  label: z.string(),
  kind: z.enum(['mark', 'aoi']),
  paper_id: z.number().nullable(),
  competence_id: z.number().nullable(),
});
export type MarksColumn = z.infer<typeof marksColumn>;

/** A saved cell: a mark (or an AOI score such as 2.4), or absent; `version` is what a later save carries. */
export const marksCell = z.object({
  mark: z.number().nullable(),
  absent: z.boolean(),
  version: z.string(),
  by: z.string().nullable(),
});
export type MarksCell = z.infer<typeof marksCell>;

export const marksGrid = z.object({
  exam_set: z.object({ id: z.number(), name: z.string(), max_mark: z.number(), year: z.number(), term: z.number() }),
  class_name: z.string(),
  stream_name: z.string().nullable(),
  curriculum: z.string(),
  subject: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  columns: z.array(marksColumn),
  students: z.array(
    z.object({
      id: z.number(),
      admission_no: z.string(),
      name: z.string(),
      /** Saved cells by column key; a column with no entry has no mark yet. */
      cells: z.record(z.string(), marksCell),
    }),
  ),
  /** Whether the caller may change these marks (a teacher: their own teaching load). */
  editable: z.boolean(),
  /** The initials printed beside the subject on this class's marksheets. */
  initials: z.string().nullable(),
});
export type MarksGrid = z.infer<typeof marksGrid>;

export const fetchStudents = defineCall({
  method: 'POST',
  path: 'fetch_students',
  access: readers,
  summary: 'O-Level (old curriculum): the students who take a subject in a class, with their marks in a set',
  input: marksGridInput,
  output: marksGrid,
});

export const fetchStudentsNew = defineCall({
  method: 'POST',
  path: 'fetch_students_new',
  access: readers,
  summary: "New curriculum: the subject's competences this term, each learner's AOI scores and exam mark",
  input: marksGridInput,
  output: marksGrid,
});

export const fetchAlevelStudents = defineCall({
  method: 'POST',
  path: 'fetch_alevel_students',
  access: readers,
  summary: 'A-Level: the students who take a subject in a class, with their marks per paper in a set',
  input: marksGridInput,
  output: marksGrid,
});

/**
 * A mark as typed: a whole number, or absent. `mark: null` and not absent clears the cell. `version`
 * is the cell's version when the grid loaded it (null: it was empty), so a cell another teacher
 * changed since is never overwritten.
 */
const cellChange = {
  student_id: id,
  mark: z.number('Enter a mark').nullable(),
  absent: z.boolean().default(false),
  version: z.string().max(40).nullable(),
};

const saveInput = z.object({
  exam_set_id: id,
  class_id: id,
  subject_id: id,
  marks: z.array(z.object(cellChange)).max(500).default([]),
});

export const marksSaved = z.object({
  /** The cells as now saved (changed or unchanged), with their new versions; a cleared cell has none. */
  cells: z.array(z.object({ student_id: z.number(), key: z.string(), cell: marksCell.nullable() })),
  changed: z.number(),
});

export const saveExamMark = defineCall({
  method: 'POST',
  path: 'save_exam_mark',
  access: enterers,
  summary: "O-Level: save one or many cells of a subject's marks in a set (each carries the version it loaded)",
  input: saveInput,
  output: marksSaved,
});

export const saveExamMarkNew = defineCall({
  method: 'POST',
  path: 'save_exam_mark_new',
  access: enterers,
  summary: 'New curriculum: save AOI scores (1.0–3.0 in steps of 0.1) per competence and exam marks',
  input: saveInput.extend({
    aoi: z
      .array(
        z.object({
          student_id: id,
          competence_id: id,
          score: z.number('Enter a score from 1.0 to 3.0').nullable(),
          version: z.string().max(40).nullable(),
        }),
      )
      .max(500)
      .default([]),
  }),
  output: marksSaved,
});

export const saveAlevelExamMark = defineCall({
  method: 'POST',
  path: 'save_alevel_exam_mark',
  access: enterers,
  summary: "A-Level: save one or many cells of a subject's paper marks in a set",
  input: saveInput.extend({
    marks: z
      .array(z.object({ ...cellChange, paper_id: id.nullable() }))
      .max(500)
      .default([]),
  }),
  output: marksSaved,
});

/** How far a grid is: per column, how many takers have a mark, are absent, or have nothing yet. */
export const gridProgress = z.object({
  takers: z.number(),
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      entered: z.number(),
      absent: z.number(),
      missing: z.number(),
    }),
  ),
  last_saved_at: z.string().nullable(),
  last_saved_by: z.string().nullable(),
});

export const saveAllExamMark = defineCall({
  method: 'GET',
  path: 'save_all_exam_mark',
  access: readers,
  summary: 'The saved state of a grid: per column the marks entered, absent and missing, and the last save',
  input: z.object({
    exam_set_id: z.coerce.number().int().positive(),
    class_id: z.coerce.number().int().positive(),
    stream_id: queryId,
    subject_id: z.coerce.number().int().positive(),
  }),
  output: gridProgress,
});

/** The spreadsheet of a grid's column: the takers listed, the mark to fill. */
export const marksTemplate = defineCall({
  method: 'GET',
  path: 'import_marks_template',
  access: enterers,
  summary: 'The xlsx template for importing one column of marks: the takers of the subject, listed',
  input: z.object({
    exam_set_id: z.coerce.number().int().positive(),
    class_id: z.coerce.number().int().positive(),
    stream_id: queryId,
    subject_id: z.coerce.number().int().positive(),
    paper_id: queryId,
  }),
  output: z.unknown(),
  file: 'xlsx',
});

export const importMarks = defineCall({
  method: 'POST',
  path: 'import_marks',
  access: enterers,
  summary: 'Import one column of marks (class, subject, set; A-Level: paper) from the template; all or nothing',
  input: upload.extend({
    exam_set_id: id,
    class_id: id,
    stream_id: id.nullish(),
    subject_id: id,
    paper_id: id.nullish(),
  }),
  output: importReport,
});

export const updateInitials = defineCall({
  method: 'POST',
  path: 'update_initials',
  access: enterers,
  summary:
    "The initials printed beside a subject on a class's (or stream's) marksheets; empty goes back to the teacher's",
  input: z.object({
    class_id: id,
    stream_id: id.nullish(),
    subject_id: id,
    initials: z.string().trim().max(8, 'Use at most 8 characters'),
  }),
  output: z.object({ initials: z.string().nullable() }),
});

/** What a marks screen offers to choose: the school's sets, classes, streams, subjects, and the caller's load. */
export const marksChoices = defineCall({
  method: 'GET',
  path: 'marks_choices',
  access: readers,
  summary: "The exam sets, classes, streams and subjects to choose a marks sheet from, and the caller's teaching load",
  input: z.object({}),
  output: z.object({
    exam_sets: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        year: z.number(),
        term: z.number(),
        curriculum: z.string(),
        max_mark: z.number(),
        /** The classes that sit it; empty: every class of its curriculum. */
        class_ids: z.array(z.number()),
      }),
    ),
    classes: z.array(z.object({ id: z.number(), name: z.string(), curriculum: z.string() })),
    streams: z.array(z.object({ id: z.number(), class_id: z.number(), name: z.string() })),
    subjects: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), level: z.string() })),
    /** The caller's own teaching load (staff_subjects of the staff member signed in as them). */
    load: z.array(
      z.object({
        class_id: z.number(),
        stream_id: z.number().nullable(),
        subject_id: z.number(),
        paper_id: z.number().nullable(),
      }),
    ),
    /** Whether the caller enters every class's marks (else only the load). */
    every_class: z.boolean(),
  }),
});

export const marksCalls = [
  marksChoices,
  fetchStudents,
  fetchStudentsNew,
  fetchAlevelStudents,
  saveExamMark,
  saveExamMarkNew,
  saveAlevelExamMark,
  saveAllExamMark,
  marksTemplate,
  importMarks,
  updateInitials,
];

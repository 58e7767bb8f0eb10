import { z } from 'zod';
import { defineCall } from '../call.js';
import { id } from './fields.js';

/**
 * The teaching load as a grid (issue 25 §1): a class's subjects (A-Level principals per paper) by its
 * streams, each cell the teacher of that subject there, saved one cell at a time; and "copy from last
 * term", which fills the empty cells from the load the school had last term. The load's rows stay the
 * declared entity `staff_subjects` (its list and single-row form).
 */

const cell = z.object({
  subject_id: z.number(),
  /** Null: every paper of the subject. */
  paper_id: z.number().nullable(),
  /** Null: every stream of the class. */
  stream_id: z.number().nullable(),
  /** The teachers of the cell: one as a rule; more when added in the list. */
  staff_ids: z.array(z.number()),
});
export type TeachingLoadCell = z.output<typeof cell>;

export const teachingLoadGrid = z.object({
  class: z.object({ id: z.number(), name: z.string(), curriculum: z.string() }),
  /** The current term, and the last one with how many rows of its load were kept (0: none to copy). */
  year: z.number(),
  term: z.number(),
  last: z.object({ year: z.number(), term: z.number(), rows: z.number() }),
  streams: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The grid's rows: each subject the class's curriculum takes, an A-Level principal once per paper. */
  rows: z.array(
    z.object({
      subject_id: z.number(),
      paper_id: z.number().nullable(),
      /** "Mathematics · 456 · O level (old)". */
      subject: z.string(),
      paper: z.string().nullable(),
    }),
  ),
  /** The cells that have a teacher. */
  cells: z.array(cell),
  /** The school's staff to choose from (active), and any who have left but still hold a cell. */
  teachers: z.array(z.object({ id: z.number(), name: z.string(), initials: z.string(), active: z.boolean() })),
});
export type TeachingLoadGrid = z.output<typeof teachingLoadGrid>;

export const getTeachingLoadGrid = defineCall({
  method: 'GET',
  path: 'teaching_load_grid',
  access: 'manage_staff_subjects',
  summary: "A class's teaching load as a grid: its subjects (A-Level per paper) by stream, with each cell's teacher",
  input: z.object({ class_id: z.coerce.number({ error: 'Choose the class' }).int().positive('Choose the class') }),
  output: teachingLoadGrid,
});

export const setTeachingLoad = defineCall({
  method: 'POST',
  path: 'set_teaching_load',
  access: 'manage_staff_subjects',
  summary:
    'Sets the teacher of one cell of the grid (a subject or paper in a class or stream); no teacher empties it. A subject the class does not take is refused, saying why',
  input: z.object({
    class_id: id,
    stream_id: id.nullable().default(null),
    subject_id: id,
    paper_id: id.nullable().default(null),
    staff_id: id.nullable(),
  }),
  output: z.object({ cell, changed: z.boolean() }),
});

export const copyTeachingLoad = defineCall({
  method: 'POST',
  path: 'copy_teaching_load',
  access: 'manage_staff_subjects',
  summary:
    "Copies last term's teaching load into this term's empty cells (one class, or every class); a cell that has a teacher is never changed",
  input: z.object({ class_id: id.optional() }),
  output: z.object({
    year: z.number(),
    term: z.number(),
    copied: z.number(),
    /** Cells left as they were because they already have a teacher. */
    kept: z.number(),
    /** Rows not copied: the teacher has left, or the subject is no longer one the class takes. */
    left_out: z.number(),
  }),
});

import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import type { CallAccess } from '../permissions.js';
import { type GradingKind, gradingKinds } from '../resources/exams/marks.js';
import { id, money } from './fields.js';
import { upload } from './settings.js';

/**
 * Exams set-up (issue 10 §4): the school's grading tables, the sets that count and their weights, and
 * the new-curriculum competences. The grading rules themselves are @somero/grading; these shapes are
 * exactly the tables its functions take.
 */

/** A kind's stable id in `grading/{id}`: its place in `gradingKinds`, the same in every school. */
export const gradingKindId = (kind: GradingKind) => gradingKinds.findIndex((k) => k.value === kind) + 1;
export const gradingKindOf = (id: number): GradingKind | undefined => gradingKinds[id - 1]?.value;

const gradeNames = ['D1', 'D2', 'C3', 'C4', 'C5', 'C6', 'P7', 'P8', 'F9'] as const;
const mark = (label: string) =>
  z
    .number({ error: `Enter the lowest mark of ${label}` })
    .int(`The lowest mark of ${label} must be a whole number`)
    .min(0, `The lowest mark of ${label} must be 0 to 100`)
    .max(100, `The lowest mark of ${label} must be 0 to 100`);

/**
 * Bands given by their lowest mark, best first: each starts below the one above it, so together they
 * cover 0–100 with no gap or overlap once the last starts at 0.
 */
function bands<G extends string>(grades: readonly G[], key: 'value' | 'grade', gradeAt: (i: number) => unknown) {
  return z
    .array(z.object({ [key]: z.unknown(), min: z.unknown() }))
    .length(grades.length, `Give all ${grades.length} grades, ${grades[0]} to ${grades.at(-1)}`)
    .superRefine((rows, ctx) => {
      rows.forEach((row, i) => {
        const name = grades[i];
        if (row[key] !== gradeAt(i))
          ctx.addIssue({ code: 'custom', path: [i, key], message: `Row ${i + 1} must be ${name}: grades go in order` });
        const min = mark(name).safeParse(row.min);
        if (!min.success) {
          ctx.addIssue({ code: 'custom', path: [i, 'min'], message: min.error.issues[0].message });
          return;
        }
        const above = rows[i - 1]?.min;
        if (i > 0 && typeof above === 'number' && min.data >= above)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'min'],
            message: `${name} must start below ${grades[i - 1]} (${above})`,
          });
        if (i === rows.length - 1 && min.data !== 0)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'min'],
            message: `${name} must start at 0, so every mark has a grade`,
          });
      });
    });
}

export const olevelTableInput = bands(gradeNames, 'value', (i) => i + 1);
export const nlscGrades = ['A', 'B', 'C', 'D', 'E'] as const;
export const nlscTableInput = bands(nlscGrades, 'grade', (i) => nlscGrades[i]);

export const principalGrades = ['A', 'B', 'C', 'D', 'E', 'O', 'F'] as const;
/** "1-2-3": one to four paper grades 1–9, best first. */
export const paperTuplePattern = /^[1-9](-[1-9]){0,3}$/;
const sortedTuple = (key: string) =>
  paperTuplePattern.test(key) &&
  key
    .split('-')
    .map(Number)
    .every((v, i, all) => i === 0 || all[i - 1] <= v);
export const principalTableInput = z.record(z.string(), z.unknown()).superRefine((table, ctx) => {
  for (const [tuple, grade] of Object.entries(table)) {
    if (!sortedTuple(tuple))
      ctx.addIssue({
        code: 'custom',
        path: [tuple],
        message: `${tuple} is not a paper combination: one to four grades 1–9, best first (e.g. 1-2-3)`,
      });
    else if (!principalGrades.includes(grade as never))
      ctx.addIssue({
        code: 'custom',
        path: [tuple],
        message: `${tuple} must be a principal grade: A, B, C, D, E, O or F`,
      });
  }
});

const points = (what: string) =>
  z
    .number({ error: `Enter the points for ${what}` })
    .min(0, `The points for ${what} must be 0 or more`)
    .max(100, `The points for ${what} must be at most 100`);
export const pointsSchemeInput = z
  .object({
    principal: z
      .object(
        Object.fromEntries(principalGrades.map((g) => [g, points(g).optional()])) as Record<
          (typeof principalGrades)[number],
          z.ZodOptional<z.ZodNumber>
        >,
      )
      .strict(),
    subsidiaryPassMax: z
      .number({ error: 'Choose the lowest subsidiary grade that scores' })
      .int()
      .min(1, 'Choose a grade from D1 to F9')
      .max(9, 'Choose a grade from D1 to F9'),
    subsidiaryPoint: points('a subsidiary pass'),
    max: points('the most a candidate can score'),
  })
  .strict();

export const marksPolicyInput = z
  .object({
    missingMarks: z.enum(['exclude', 'zero'], { error: 'Choose: left out, or counted as zero' }),
    positions: z.boolean({ error: 'Choose whether positions show' }),
  })
  .strict();

/** The rows each kind takes: exactly the data of the @somero/grading function it feeds. */
export const gradingRowsInput: Record<GradingKind, z.ZodType> = {
  olevel: olevelTableInput,
  alevel_paper: olevelTableInput,
  alevel_principal: principalTableInput,
  uace_points: pointsSchemeInput,
  nlsc: nlscTableInput,
  policy: marksPolicyInput,
};

/** Marks entry and marksheets grade with the school's tables, so those who enter or read marks read them. */
const gradingReaders: CallAccess = ['view_grading', 'manage_exam_marks', 'record_staff_marks', 'view_exam_marksheet'];

const gradingKind = z.object({
  id: z.number(),
  kind: z.enum(gradingKinds.map((k) => k.value) as [GradingKind, ...GradingKind[]]),
  label: z.string(),
  rows: z.unknown(),
  /** No table of the school's own: the package default is in force. */
  is_default: z.boolean(),
  /** The reading in force, in words (e.g. "DOMAIN §1.2 Variant A"). */
  reading: z.string(),
  /** A-Level principal only: the cells where the published sources disagree, and how each is set. */
  disputed: z
    .array(z.object({ tuple: z.string(), grade: z.string(), usual: z.string(), other: z.string() }))
    .optional(),
});
export type GradingKindRow = z.infer<typeof gradingKind>;

export const getGrading = defineCall({
  method: 'GET',
  path: 'grading',
  access: gradingReaders,
  summary: "The school's grading tables of every kind (its own, or the default), with the reading in force",
  input: noInput,
  output: z.array(gradingKind),
});

export const putGrading = defineCall({
  method: 'PUT',
  path: 'grading/{id}',
  access: 'view_grading',
  summary:
    "Replace one kind's table (id: 1 O-Level, 2 A-Level papers, 3 principal, 4 points, 5 new curriculum, 6 policy)",
  input: z.object({ rows: z.unknown() }),
  output: gradingKind,
});

export const resetGrading = defineCall({
  method: 'DELETE',
  path: 'grading/{id}',
  access: 'view_grading',
  summary: "Put one kind back to the default table (the school's own is forgotten; the audit trail keeps it)",
  input: noInput,
  output: gradingKind,
});

export const gradeMark = defineCall({
  method: 'GET',
  path: 'grade',
  access: gradingReaders,
  summary: "The grade of a mark out of 100 under the school's table (72 → C3)",
  input: z.object({
    mark: z.coerce.number().min(0, 'A mark is 0 to 100').max(100, 'A mark is 0 to 100'),
    kind: z.enum(['olevel', 'alevel_paper', 'nlsc']).default('olevel'),
  }),
  output: z.object({ mark: z.number(), kind: z.string(), grade: z.string(), value: z.number().nullable() }),
});

// ── Considered sets and their contributions ──

const term = {
  year: z.number().int().min(2000).max(2100),
  term: z.number().int().min(1).max(3),
  /** None: every class (each takes the sets of its curriculum). */
  class_id: id.nullable().default(null),
};
const weighted = z.object({
  exam_set_id: id,
  weight: z.number().int('A weight is a whole percent').min(1, 'A weight is 1 to 100').max(100, 'A weight is 1 to 100'),
});

const consideredSetRow = z.object({
  exam_set_id: z.number(),
  name: z.string(),
  curriculum: z.string(),
  max_mark: z.number(),
  /** Counted this term; weight in percent (0 when not counted). */
  considered: z.boolean(),
  weight: z.number(),
});
const consideredReply = z.object({
  year: z.number(),
  term: z.number(),
  class_id: z.number().nullable(),
  /** The class's curriculum (null for all classes). */
  curriculum: z.string().nullable(),
  /** 'class': the class's own choice; 'school': the choice for all classes; 'none': nothing chosen yet. */
  source: z.enum(['class', 'school', 'none']),
  sets: z.array(consideredSetRow),
  total: z.number(),
  missing_marks: z.enum(['exclude', 'zero']),
});
export type ConsideredReply = z.infer<typeof consideredReply>;

export const viewConsideredSets = defineCall({
  method: 'POST',
  path: 'view_considered_sets',
  access: 'manage_considered_sets',
  summary:
    "A term's exam sets for a class (or all classes), which count and their weights, and the missing-mark policy",
  input: z.object(term),
  output: consideredReply,
});

export const saveConsideredSets = defineCall({
  method: 'POST',
  path: 'considered_sets',
  access: 'manage_considered_sets',
  summary: 'Choose the sets that count for a class (or all classes) in a term, with weights totalling 100',
  input: z.object({ ...term, sets: z.array(weighted).max(20) }),
  output: consideredReply,
});

export const setContribution = defineCall({
  method: 'POST',
  path: 'set_contribution',
  access: 'manage_considered_sets',
  summary: 'Change the weights of the sets already chosen; they must total 100',
  input: z.object({ ...term, sets: z.array(weighted).min(1).max(20) }),
  output: consideredReply,
});

export const viewSetContribution = defineCall({
  method: 'POST',
  path: 'view_set_contribution',
  access: 'manage_considered_sets',
  summary: 'The sets that count for a class in a term and their weights, as marksheets will use them',
  input: z.object(term),
  output: consideredReply,
});

// ── Competences ──

export const competenceRow = z.object({
  id: z.number(),
  subject_id: z.number(),
  subject_name: z.string(),
  class_id: z.number(),
  class_name: z.string(),
  year: z.number(),
  term: z.number(),
  name: z.string(),
  rank: z.number(),
  /** AOI scores entered against it: while there are any it cannot be deleted. */
  scores: z.number(),
});
export type CompetenceRow = z.infer<typeof competenceRow>;

export const competenceInput = z.object({
  subject_id: id,
  class_id: id,
  year: z.number().int().min(2000).max(2100),
  term: z.number().int().min(1).max(3),
  name: z.string().trim().min(1, 'Enter the learning outcome').max(300),
  rank: z.number().int().min(0).max(99).default(0),
});

const competenceAccess: CallAccess = 'manage_competences';

export const fetchCompetences = defineCall({
  method: 'POST',
  path: 'fetch_competences',
  // Teachers score activities of integration against them.
  access: ['manage_competences', 'manage_exam_marks', 'record_staff_marks'],
  summary: 'The competences of a term, by subject and class',
  input: z.object({
    year: z.number().int().min(2000).max(2100),
    term: z.number().int().min(1).max(3),
    subject_id: id.nullable().optional(),
    class_id: id.nullable().optional(),
  }),
  output: z.array(competenceRow),
});

export const addCompetence = defineCall({
  method: 'POST',
  path: 'competences',
  access: competenceAccess,
  summary: 'Add a learning outcome of a new-curriculum subject for a class and term',
  input: competenceInput,
  output: competenceRow,
});

export const updateCompetence = defineCall({
  method: 'PUT',
  path: 'competences/{id}',
  access: competenceAccess,
  summary: 'Change a competence',
  input: competenceInput,
  output: competenceRow,
});

export const deleteCompetence = defineCall({
  method: 'DELETE',
  path: 'competences/{id}',
  access: competenceAccess,
  summary: 'Delete a competence that has no AOI scores',
  input: noInput,
  output: z.object({ id: z.number() }),
});

// ── The current term's sets by curriculum ──

const curriculumSet = z.object({
  id: z.number(),
  name: z.string(),
  year: z.number(),
  term: z.number(),
  max_mark: z.number(),
  curriculum: z.string(),
});
const setReaders: CallAccess = [
  'view_exam_sets',
  'manage_exam_marks',
  'record_staff_marks',
  'view_exam_marksheet',
  'manage_considered_sets',
];

export const newCurriculumSets = defineCall({
  method: 'GET',
  path: 'new_curriculum_sets',
  access: setReaders,
  summary: "The current term's exam sets for new-curriculum classes (sets for all classes included)",
  input: noInput,
  output: z.array(curriculumSet),
});

export const oldCurriculumSets = defineCall({
  method: 'GET',
  path: 'old_curriculum_sets',
  access: setReaders,
  summary: "The current term's exam sets for old-curriculum O-Level classes (sets for all classes included)",
  input: noInput,
  output: z.array(curriculumSet),
});

export const examsSetupCalls: Call[] = [
  getGrading,
  putGrading,
  resetGrading,
  gradeMark,
  viewConsideredSets,
  saveConsideredSets,
  setContribution,
  viewSetContribution,
  fetchCompetences,
  addCompetence,
  updateCompetence,
  deleteCompetence,
  newCurriculumSets,
  oldCurriculumSets,
];

/** How report cards print (`/report/setting`); every school starts from the defaults. */
export const reportSettingsShape = z.object({
  positions_olevel: z.boolean(),
  positions_alevel: z.boolean(),
  positions_new: z.boolean(),
  show_next_term_fees: z.boolean(),
  show_balance: z.boolean(),
  show_grading_key: z.boolean(),
  withhold_when_owing: z.boolean(),
  withhold_above: money.min(0, 'Enter an amount of zero or more'),
  mark_decimals: z.number().int().min(0, 'Enter 0, 1 or 2').max(2, 'Enter 0, 1 or 2'),
  subject_places: z.boolean(),
  show_promotion: z.boolean(),
  promote_division: z.number().int().min(1, 'Enter a division from 1 to 9').max(9, 'Enter a division from 1 to 9'),
  promote_average: z.number().int().min(0, 'Enter a mark from 0 to 100').max(100, 'Enter a mark from 0 to 100'),
  promote_points: z.number().int().min(0, 'Enter points from 0 to 20').max(20, 'Enter points from 0 to 20'),
  head_teacher_signature_file_id: z.number().nullable(),
  stamp_file_id: z.number().nullable(),
});
export type ReportSettingsView = z.infer<typeof reportSettingsShape>;

export const getReportSettings = defineCall({
  method: 'GET',
  path: 'report_settings',
  access: 'manage_report_cards',
  summary:
    'How report cards print: positions, marks, promotion, fees, the grading key, signature and stamp, withholding',
  input: noInput,
  output: reportSettingsShape,
});

export const saveReportSettings = defineCall({
  method: 'POST',
  path: 'report_settings',
  access: 'manage_report_cards',
  summary: 'Change how report cards print; an image sent replaces the signature or stamp, null removes it',
  input: reportSettingsShape
    .omit({ head_teacher_signature_file_id: true, stamp_file_id: true })
    .partial()
    .extend({ signature: upload.nullable().optional(), stamp: upload.nullable().optional() })
    .strict(),
  output: reportSettingsShape,
});

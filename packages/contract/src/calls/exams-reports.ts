import { z } from 'zod';
import { defineCall } from '../call.js';
import { projectRow } from './exams-comments.js';
import { classTermFields } from './exams-marksheets.js';
import { id } from './fields.js';

/**
 * The nine report cards (issue 11 §2). Each fetch answers a class's (stream's, or chosen students')
 * cards as data for its screen; `reports_updated` answers the same cards as one PDF to print.
 * Which screen prints which card is in docs/GUIDE.md (Report cards).
 */
export const reportKinds = [
  { value: 'old_reports', label: 'O Level report card', curriculum: 'old', route: '/exams/reports' },
  { value: 'olan_vd_report', label: 'O Level report card (detailed)', curriculum: 'old', route: '/exams/vd/reports' },
  { value: 'new_report', label: 'New curriculum report card', curriculum: 'new', route: '/exams/new/reports' },
  {
    value: 'new_report_12',
    label: 'New curriculum report card (S1–S2, competences)',
    curriculum: 'new',
    route: '/exams/new/reports',
  },
  {
    value: 'new_report100',
    label: 'New curriculum report card (out of 100)',
    curriculum: 'new',
    route: '/exams/new/reports100',
  },
  {
    value: 'olan_report',
    label: 'New curriculum term report (UCE summary)',
    curriculum: 'new',
    route: '/exams/newc/reports',
  },
  { value: 'cbc_report', label: 'Competence-based report card', curriculum: 'new', route: '/exams/cbc/reports' },
  { value: 'alevel_reports', label: 'A Level report card', curriculum: 'alevel', route: '/exams/alevel/reports' },
  {
    value: 'ncalevel_reports',
    label: 'A Level report card (new curriculum)',
    curriculum: 'alevel',
    route: '/nc/alevel/reports',
  },
] as const;
export type ReportKind = (typeof reportKinds)[number]['value'];
const kindValues = reportKinds.map((k) => k.value) as [ReportKind, ...ReportKind[]];

export const reportCardsInput = z.object({
  ...classTermFields,
  /** Only these students of the class (a reprint); none: the whole class or stream. */
  student_ids: z.array(id).max(2000).optional(),
  /** Print each subject's competences with their AOI scores (`/exams/new/reports100kc`). */
  competences: z.boolean().optional(),
});

const mark = z.number().nullable();
const cardRow = z.object({
  subject_id: z.number(),
  code: z.string(),
  name: z.string(),
  /** 'subject' (O Level, new curriculum), 'principal' or 'subsidiary' (A Level). */
  kind: z.enum(['subject', 'principal', 'subsidiary']),
  /** Each considered set's mark as entered, in `sets` order. */
  marks: z.array(mark),
  /** The weighted mark out of 100 (A Level principals: none; their papers carry marks). */
  mark,
  grade: z.string().nullable(),
  /** The subject teacher's remark for the term. */
  remark: z.string().nullable(),
  initials: z.string().nullable(),
  /** Detailed O Level card: the class's average in the subject and the student's place in it. */
  class_average: mark.optional(),
  subject_position: z.number().nullable().optional(),
  /** A Level principal: each paper's marks, mark and grade. */
  papers: z
    .array(z.object({ number: z.number(), marks: z.array(mark), mark, grade: z.string().nullable() }))
    .optional(),
  points: z.number().nullable().optional(),
  /** New curriculum: the competences with their AOI scores, the identifier and descriptor, CA, exam, total. */
  competences: z.array(z.object({ name: z.string(), score: mark })).optional(),
  aoi_average: mark.optional(),
  identifier: z.number().nullable().optional(),
  descriptor: z.string().nullable().optional(),
  ca20: mark.optional(),
  exam80: mark.optional(),
});
export type ReportCardRow = z.infer<typeof cardRow>;

export const reportCard = z.object({
  student: z.object({
    id: z.number(),
    name: z.string(),
    admission_no: z.string(),
    lin: z.string().nullable(),
    gender: z.string(),
    class_name: z.string(),
    stream_name: z.string().nullable(),
    combination: z.string().nullable(),
    photo_file_id: z.number().nullable(),
  }),
  rows: z.array(cardRow),
  summary: z.object({
    average: mark,
    /** O Level: the best-8 aggregate and the division (7 and 9 as UNEB numbers them). */
    aggregate: z.number().nullable(),
    division: z.number().nullable(),
    /** A Level: total points (of `points_max`) and the number of principal passes. */
    points: z.number().nullable(),
    principal_passes: z.number().nullable(),
    /** New curriculum, S4: the UCE-style result 1, 2 or 3. */
    result: z.number().nullable(),
    /** O Level Division 7: why, in words for a parent. */
    result_reason: z.string().nullable().optional(),
    position: z.number().nullable(),
    out_of: z.number(),
  }),
  /**
   * The year's last card: the promotion decision ("Promoted to S3", "Advised to repeat S2", "Completed
   * S4"), the director of studies' or proposed by the report settings' rule (`proposed`).
   */
  promotion: z
    .object({ decision: z.enum(['promoted', 'repeat']), text: z.string(), proposed: z.boolean() })
    .nullable()
    .optional(),
  project: projectRow.omit({ id: true }).nullable(),
  comments: z.object({
    class_teacher: z.string().nullable(),
    head_teacher: z.string().nullable(),
    conduct: z.string().nullable(),
    generic_skills: z.string().nullable(),
    values: z.string().nullable(),
    /** The class or head teacher's comment is the bank's suggestion (none was written). */
    from_bank: z.boolean(),
  }),
  /** From the fees ledger; null when balances are not printed (a withheld card always has it). */
  balance: z.number().nullable(),
  next_term_fees: z.number().nullable(),
  /** Days present of the term's school days so far (attendance area); null when the school records none. */
  attendance: z.object({ present: z.number(), of: z.number() }).nullable().optional(),
  /** The card says it is withheld until fees are cleared (the school's setting and threshold). */
  withheld: z.boolean(),
});
export type ReportCard = z.infer<typeof reportCard>;

export const reportCardsOutput = z.object({
  kind: z.enum(kindValues),
  title: z.string(),
  class_name: z.string(),
  stream_name: z.string().nullable(),
  year: z.number(),
  term: z.number(),
  sets: z.array(z.object({ name: z.string(), weight: z.number(), max_mark: z.number() })),
  positions: z.boolean(),
  points_max: z.number().nullable(),
  /** Decimal places of the marks printed (the report settings; 0: whole numbers). */
  mark_decimals: z.number().optional(),
  /** Each subject's class average and the student's place in it are printed (new curriculum). */
  subject_places: z.boolean().optional(),
  /** The grading key printed under the results, one line each. */
  grading_key: z.array(z.string()),
  next_term_begins: z.string().nullable(),
  cards: z.array(reportCard),
});
export type ReportCards = z.infer<typeof reportCardsOutput>;

const access = {
  old: 'manage_report_cards2',
  alevel: 'manage_report_cards2',
  new: 'manage_report_cards20',
} as const;
const summaries: Record<ReportKind, string> = {
  old_reports: "O Level cards: each set's mark, the weighted mark, grade, remark and initials; aggregate, division",
  olan_vd_report: 'Detailed O Level cards: as the O Level card, with the class average and place in each subject',
  new_report: 'New curriculum cards: identifier, CA/20, exam/80, total, grade and descriptor per subject; no ranking',
  new_report_12: 'New curriculum cards for S1–S2: the competences, AOI average, identifier and descriptor per subject',
  new_report100: 'New curriculum cards out of 100 (CA/20 + exam/80); with competences for /exams/new/reports100kc',
  olan_report: 'New curriculum term reports with the UCE-style summary: grades A–E, the project, Result 1, 2 or 3',
  cbc_report: 'Competence-based cards: competences, AOI scores, identifiers, descriptors, generic skills and values',
  alevel_reports: "A Level cards: each paper's marks and grade, the principal grades, subsidiaries and points",
  ncalevel_reports:
    'A Level cards of the abridged curriculum: as the A Level card, with the project and generic skills',
};

const fetchCall = <K extends ReportKind>(kind: K, curriculum: keyof typeof access) =>
  defineCall({
    method: 'POST',
    path: kind,
    access: access[curriculum],
    summary: summaries[kind],
    input: reportCardsInput,
    output: reportCardsOutput,
  });

export const oldReports = fetchCall('old_reports', 'old');
export const olanVdReport = fetchCall('olan_vd_report', 'old');
export const newReport = fetchCall('new_report', 'new');
export const newReport12 = fetchCall('new_report_12', 'new');
export const newReport100 = fetchCall('new_report100', 'new');
export const olanReport = fetchCall('olan_report', 'new');
export const cbcReport = fetchCall('cbc_report', 'new');
export const alevelReports = fetchCall('alevel_reports', 'alevel');
export const ncalevelReports = fetchCall('ncalevel_reports', 'alevel');
export const reportCardCalls = {
  old_reports: oldReports,
  olan_vd_report: olanVdReport,
  new_report: newReport,
  new_report_12: newReport12,
  new_report100: newReport100,
  olan_report: olanReport,
  cbc_report: cbcReport,
  alevel_reports: alevelReports,
  ncalevel_reports: ncalevelReports,
} as const;

/**
 * The cards as one PDF, one A4 page per student (withheld cards say so; the bursar's list of them comes
 * first). Without a class: the whole school, printed as a job the screen follows (202 with the job's id).
 */
export const printReportCards = defineCall({
  method: 'POST',
  path: 'reports_updated',
  // And the flag of the layout's own screen (the fetch call of `kind`), checked with the kind.
  access: ['manage_report_cards2', 'manage_report_cards20'],
  summary:
    'Print report cards as one PDF: a class, a stream or chosen students at once; the whole school as a job to follow',
  input: reportCardsInput.extend({
    kind: z.enum(kindValues),
    class_id: id.optional(),
  }),
  output: z.object({ job_id: z.number() }),
  file: 'pdf-or-json',
});

/**
 * The director of studies' promotion decision for a student's year (printed on the year's last card);
 * `decision: null` goes back to the rule of the report settings. Not in the specification.
 */
export const savePromotion = defineCall({
  method: 'POST',
  path: 'promotion',
  access: 'manage_report_cards',
  summary: "Decide a student's promotion at the end of the year (null: the report settings' rule proposes it)",
  input: z
    .object({
      student_id: id,
      year: z.number().int().min(2000).max(2100),
      decision: z.enum(['promoted', 'repeat']).nullable(),
    })
    .strict(),
  output: z.object({ student_id: z.number(), decision: z.enum(['promoted', 'repeat']).nullable() }),
});

/**
 * `/exams/ncdc/report` (the specification names no call: `ncdc_report` here): a new-curriculum class's
 * continuous assessment for the term as UNEB collects it each term for S3 and S4 (DOMAIN §3.3): a sheet
 * per subject with each learner's LIN, AOI scores and CA out of 20, and a sheet of the projects.
 */
export const ncdcReport = defineCall({
  method: 'POST',
  path: 'ncdc_report',
  access: 'manage_report_cards20',
  summary: "A new-curriculum class's term CA per subject (LIN, AOI scores, CA/20) and projects, as a spreadsheet",
  input: z.object(classTermFields),
  output: z.unknown(),
  file: 'xlsx',
});

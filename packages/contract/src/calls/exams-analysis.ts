import { z } from 'zod';
import { defineCall } from '../call.js';
import type { PermissionFlag } from '../permissions.js';
import { classTermFields } from './exams-marksheets.js';
import { format, id } from './fields.js';

/**
 * The exam analyses (issue 11 §4). Every analysis answers the same shape: tables of counts (per
 * division, grade, points or identifier) by subject, stream and teacher, with the mean and its change
 * against the previous set or term, and the chart a head teacher would rather look at. With
 * `format: 'xlsx'` the same tables come as a spreadsheet, a sheet each.
 */
const cell = z.union([z.string(), z.number(), z.null()]);
export const analysisTable = z.object({
  key: z.string(),
  title: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), numeric: z.boolean() })),
  rows: z.array(z.record(z.string(), cell)),
  /** Bars per row (the `label` column): one series per column named, stacked when they share a total. */
  chart: z
    .object({
      label: z.string(),
      stacked: z.boolean(),
      series: z.array(z.object({ key: z.string(), label: z.string() })),
    })
    .nullable(),
});
export type AnalysisTable = z.infer<typeof analysisTable>;
export const analysisOutput = z.object({
  title: z.string(),
  /** What was compared with what, and the rules in force, one sentence each. */
  readings: z.array(z.string()),
  tables: z.array(analysisTable),
});
export type Analysis = z.infer<typeof analysisOutput>;

const setInput = z.object({ exam_set_id: id, class_id: id, stream_id: id.nullable().optional(), format });
const termInput = z.object({ ...classTermFields, format });

const analysis = <I extends z.ZodType>(path: string, access: PermissionFlag, summary: string, input: I) =>
  defineCall({ method: 'POST', path, access, summary, input, output: analysisOutput, file: 'xlsx-or-json' as const });

export const olevelSetAnalysis = analysis(
  'olevel_set_analysis',
  'set_analysis',
  'One exam set of an O Level class: grades per subject, stream and teacher, divisions (old curriculum), the means and their change since the set before',
  setInput,
);
export const olevelClassPerformance = analysis(
  'olevel_class_performance',
  'class_performance',
  "An O Level class's term results: divisions or grades by stream, each subject's grades and mean with its teacher, and the change since last term",
  termInput,
);
export const alevelSetAnalysis = analysis(
  'alevel_set_analysis',
  'set_analysis',
  'One exam set of an A Level class: principal grades and mean points per subject and stream, subsidiaries, the change since the set before',
  setInput,
);
export const alevelSubjectAnalysis = analysis(
  'alevel_subject_analysis',
  'set_analysis',
  "An A Level class's term results per subject: principal grades A–F, mean points, by stream and teacher",
  termInput,
);
export const alevelPaperAnalysis = analysis(
  'alevel_paper_analysis',
  'set_analysis',
  "An A Level class's term results per paper: grades D1–F9 and the mean mark",
  termInput,
);
/** `/alevel/points/analysis` (the specification names no call: `alevel_points_analysis` here). */
export const alevelPointsAnalysis = analysis(
  'alevel_points_analysis',
  'set_analysis',
  "An A Level class's students by total points and by number of principal passes, by stream",
  termInput,
);
export const nlscSubjectPerformance = analysis(
  'new_curriculum_subject_performance',
  'view_exam_marksheet',
  "A new-curriculum class's term results per subject by grade A–E, with the mean total and its change since last term",
  termInput,
);
export const nlscSubjectPerformanceByIdentifier = analysis(
  'new_curriculum_subject_performance_byIdf',
  'view_exam_marksheet',
  "A new-curriculum class's learners per subject by competence identifier 1, 2, 3, counts and shares",
  termInput,
);

/** The analyses by name (a screen names its call; the call's schemas load with the screen). */
export const analysisCalls = {
  olevelSetAnalysis,
  olevelClassPerformance,
  alevelSetAnalysis,
  alevelSubjectAnalysis,
  alevelPaperAnalysis,
  alevelPointsAnalysis,
  nlscSubjectPerformance,
  nlscSubjectPerformanceByIdentifier,
};
export type AnalysisName = keyof typeof analysisCalls;

import { type GradingKind, gradingTables } from '@somero/contract';
import {
  defaultNlscTable,
  defaultOlevelTable,
  defaultPrincipalTable,
  type MissingMarkPolicy,
  type NlscGradeTable,
  type OlevelGradeTable,
  type PrincipalTable,
  type UacePointsScheme,
  uace2015,
} from '@somero/grading';
import type { SchoolScope } from '../../core/scope.js';

/** How marks are counted, beside the tables (one `policy` row). */
export interface MarksPolicy {
  /** A missing mark in a weighted total: left out (the weights of the sets sat) or counted as zero. */
  missingMarks: MissingMarkPolicy;
  /** Positions in class on O-Level and A-Level marksheets (never for the new curriculum). */
  positions: boolean;
}

export const defaultMarksPolicy: MarksPolicy = { missingMarks: 'exclude', positions: true };

/** Everything grading reads for a school: its own tables where it saved one, else the package's defaults. */
export interface SchoolGrading {
  olevel: OlevelGradeTable;
  alevelPaper: OlevelGradeTable;
  alevelPrincipal: PrincipalTable;
  uacePoints: UacePointsScheme;
  nlsc: NlscGradeTable;
  policy: MarksPolicy;
  /** The reading in force per kind, where the school or the default names one. */
  readings: Partial<Record<GradingKind, string>>;
}

export const defaultGrading: Record<GradingKind, unknown> = {
  olevel: defaultOlevelTable,
  alevel_paper: defaultOlevelTable,
  alevel_principal: defaultPrincipalTable,
  uace_points: uace2015,
  nlsc: defaultNlscTable,
  policy: defaultMarksPolicy,
};

/** The school's grading, read once per marksheet or save. */
export async function schoolGrading(scope: SchoolScope): Promise<SchoolGrading> {
  const saved = await scope.db.select().from(gradingTables).where(scope.mine(gradingTables));
  const byKind = new Map(saved.map((r) => [r.kind as GradingKind, r]));
  const rows = <T>(kind: GradingKind) => (byKind.get(kind)?.rows ?? defaultGrading[kind]) as T;
  const readings: SchoolGrading['readings'] = {};
  for (const r of saved) if (r.reading) readings[r.kind as GradingKind] = r.reading;
  return {
    olevel: rows('olevel'),
    alevelPaper: rows('alevel_paper'),
    alevelPrincipal: rows('alevel_principal'),
    uacePoints: rows('uace_points'),
    nlsc: rows('nlsc'),
    policy: { ...defaultMarksPolicy, ...rows<Partial<MarksPolicy>>('policy') },
    readings,
  };
}

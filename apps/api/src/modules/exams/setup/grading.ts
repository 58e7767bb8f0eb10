import { type GradingKind, gradingTables } from '@somero/contract';
import {
  defaultNlscTable,
  defaultOlevelTable,
  defaultPrincipalTable,
  disputedPrincipalTuples,
  type GradeValue,
  type MissingMarkPolicy,
  type NlscGradeTable,
  type OlevelGradeTable,
  type Principal,
  type PrincipalTable,
  principals,
  type UacePointsScheme,
  uace2015,
  uace2026Proposed,
  uacePrincipal,
} from '@somero/grading';
import type { SchoolScope } from '../../../core/scope.js';

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

/**
 * A kind's table in force from what the school saved (nothing: the default). A principal table is
 * stored as the cells the school changed, over the default; a policy over the default policy.
 */
export function effectiveRows(kind: GradingKind, saved: unknown): unknown {
  if (saved == null) return defaultGrading[kind];
  if (kind === 'alevel_principal') return { ...defaultPrincipalTable, ...(saved as PrincipalTable) };
  if (kind === 'policy') return { ...defaultMarksPolicy, ...(saved as Partial<MarksPolicy>) };
  return saved;
}

/** The school's grading, read once per marksheet or save. */
export async function schoolGrading(scope: SchoolScope): Promise<SchoolGrading> {
  const saved = await scope.db.select().from(gradingTables).where(scope.mine(gradingTables));
  const byKind = new Map(saved.map((r) => [r.kind as GradingKind, r]));
  const rows = <T>(kind: GradingKind) => effectiveRows(kind, byKind.get(kind)?.rows) as T;
  const readings: SchoolGrading['readings'] = {};
  // Worded from the table in force each time (a reading stored by an older version may use other words).
  for (const kind of Object.keys(defaultGrading) as GradingKind[]) readings[kind] = readingOf(kind, rows(kind));
  return {
    olevel: rows('olevel'),
    alevelPaper: rows('alevel_paper'),
    alevelPrincipal: rows('alevel_principal'),
    uacePoints: rows('uace_points'),
    nlsc: rows('nlsc'),
    policy: rows('policy'),
    readings,
  };
}

// ── Readings: the table in force, in the school's words (no source or variant is named to a user) ──

/** The disputed principal cells (DOMAIN §2.3): the usual grade (the default, shulekeeper's) and the other reading. */
export const disputedReadings: Record<
  (typeof disputedPrincipalTuples)[number],
  { usual: Principal; other: Principal }
> = {
  '1-7': { usual: 'E', other: 'O' },
  '6-6-8': { usual: 'E', other: 'O' },
  '1-8-9': { usual: 'F', other: 'O' },
  '7-9-9': { usual: 'F', other: 'O' },
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const samePoints = (a: UacePointsScheme, b: UacePointsScheme) =>
  principals.every((g) => (a.principal[g] ?? 0) === (b.principal[g] ?? 0)) &&
  a.subsidiaryPassMax === b.subsidiaryPassMax &&
  a.subsidiaryPoint === b.subsidiaryPoint &&
  a.max === b.max;

/** The cells of a principal table that differ from the default (what a school stores). */
export function principalChanges(table: PrincipalTable): Record<string, Principal> {
  return Object.fromEntries(Object.entries(table).filter(([tuple, grade]) => defaultPrincipalTable[tuple] !== grade));
}

/** Whether `rows` of a kind are exactly the package default (saving them is the same as a reset). */
export function isDefault(kind: GradingKind, rows: unknown): boolean {
  if (kind === 'alevel_principal') return Object.keys(principalChanges(rows as PrincipalTable)).length === 0;
  if (kind === 'uace_points') return samePoints(rows as UacePointsScheme, uace2015);
  return same(rows, defaultGrading[kind]);
}

/** The reading in force for a kind's effective rows, as the grading screen and marksheets state it. */
export function readingOf(kind: GradingKind, rows: unknown): string {
  switch (kind) {
    case 'olevel':
    case 'alevel_paper':
      return same(rows, defaultOlevelTable)
        ? 'Grading as set by the school: D1 from 80, F9 below 40'
        : 'Grading as set by the school';
    case 'alevel_principal': {
      const table = rows as PrincipalTable;
      const cells = disputedPrincipalTuples.map(
        (t) => `${t} gives ${uacePrincipal(t.split('-').map(Number) as GradeValue[], table)}`,
      );
      const own = Object.keys(principalChanges(table)).filter((t) => !(t in disputedReadings)).length;
      return `The school's grading table: ${cells.join(', ')}${own ? `; ${own} other combinations set by the school` : ''}`;
    }
    case 'uace_points': {
      const scheme = rows as UacePointsScheme;
      if (samePoints(scheme, uace2015))
        return 'UACE since 2015: A 6 … F 0, a subsidiary pass (D1–C6) 1 point, 20 at most';
      if (samePoints(scheme, uace2026Proposed)) return 'UACE 2026 scheme as proposed: A 5 … E 1, 17 at most';
      return 'Points as set by the school';
    }
    case 'nlsc':
      return same(rows, defaultNlscTable)
        ? 'Grading as set by the school: A from 80, B 70, C 60, D 50'
        : 'Grading as set by the school';
    case 'policy': {
      const policy = rows as MarksPolicy;
      return `Missing marks ${policy.missingMarks === 'zero' ? 'counted as zero' : 'left out'}; positions ${policy.positions ? 'shown' : 'not shown'}`;
    }
  }
}

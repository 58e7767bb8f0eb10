/**
 * The new lower secondary curriculum (NLSC, from 2020): activities of integration scored 0–3 per
 * competence, identifiers, the 20 % continuous assessment, A–E and the UCE result (DOMAIN §3.3–3.4).
 * Averages are compared in exact tenths: in binary floats 1.9, 2.8, 2.8 average 2.4999… and a learner
 * would be graded Moderate instead of Outstanding.
 */
import { checkMark } from './olevel.js';

export type Identifier = 1 | 2 | 3;
export type NlscGrade = 'A' | 'B' | 'C' | 'D' | 'E';

export const identifierNames: Record<Identifier, string> = { 1: 'Basic', 2: 'Moderate', 3: 'Outstanding' };

export const identifierDescriptors: Record<Identifier, string> = {
  1: 'Few learning outcomes achieved, not sufficient for overall achievement',
  2: 'Many learning outcomes achieved, enough for overall achievement',
  3: 'Most or all learning outcomes achieved',
};

/** An AOI score in tenths (1.9 → 19); scores are 0.0–3.0 with at most one decimal. */
export function scoreTenths(score: number): number {
  const tenths = Math.round(score * 10);
  if (!Number.isFinite(score) || score < 0 || score > 3 || Math.abs(score * 10 - tenths) > 1e-6) {
    throw new RangeError(`An AOI score is 0.0 to 3.0 with at most one decimal; got ${score}`);
  }
  return tenths;
}

/** n / d rounded half up to two decimals, from integers (no float drift). */
const hundredths = (numerator: number, denominator: number) =>
  Math.floor((200 * numerator + denominator) / (2 * denominator)) / 100;

export interface Competence {
  /** The mean AOI score, to two decimals. */
  average: number;
  /** 3 at an average of 2.5 or more, 2 from 1.5, 1 from 0.9; null below 0.9 or with no scores. */
  identifier: Identifier | null;
  descriptor: string | null;
  /** The continuous-assessment score out of 20: 20 × Σ AOI / (3 × n), to two decimals. */
  ca20: number;
}

/**
 * A learner's competence from the AOI scores given (a blank AOI is left out by the caller, the
 * default policy; pass 0 for it when the school counts blanks as zero).
 */
export function ncdcCompetence(aoiScores: readonly number[]): Competence {
  const n = aoiScores.length;
  if (n === 0) return { average: 0, identifier: null, descriptor: null, ca20: 0 };
  const sum = aoiScores.reduce((s, score) => s + scoreTenths(score), 0);
  // average ≥ 2.5 ⇔ sum (tenths) ≥ 25 n, and so on: integer comparisons only.
  const identifier: Identifier | null = sum >= 25 * n ? 3 : sum >= 15 * n ? 2 : sum >= 9 * n ? 1 : null;
  return {
    average: hundredths(sum, 10 * n),
    identifier,
    descriptor: identifier === null ? null : identifierDescriptors[identifier],
    ca20: hundredths(20 * sum, 30 * n),
  };
}

/** A school's A–E table for report cards: each grade and the lowest total (out of 100) that earns it. */
export type NlscGradeTable = readonly { grade: NlscGrade; min: number }[];

/** DOMAIN §3.3's common default, 80/70/60/50; not official, so schools edit it. */
export const defaultNlscTable: NlscGradeTable = [
  { grade: 'A', min: 80 },
  { grade: 'B', min: 70 },
  { grade: 'C', min: 60 },
  { grade: 'D', min: 50 },
  { grade: 'E', min: 0 },
];

export function nlscGrade(totalOutOf100: number, table: NlscGradeTable = defaultNlscTable): NlscGrade {
  checkMark(totalOutOf100);
  let best: { grade: NlscGrade; min: number } | undefined;
  for (const row of table) {
    if (totalOutOf100 >= row.min && (!best || row.min > best.min)) best = row;
  }
  return best ? best.grade : 'E';
}

export interface NlscResultInput {
  /** Each subject's grade by subject code; null for a subject not sat. */
  grades: Readonly<Record<string, NlscGrade | null>>;
  /** The codes of the compulsory subjects. */
  compulsory: readonly string[];
  projectPresent: boolean;
}

/** The least number of subjects a UCE candidate sits for a result 1. */
export const NLSC_MIN_SUBJECTS = 8;

/**
 * The UCE result (DOMAIN §3.4): 2 when a compulsory subject was not sat, fewer than eight subjects were
 * sat or there is no project score; else 3 when every subject is E; else 1 (at least one D or better),
 * which alone earns the certificate.
 */
export function nlscResult(input: NlscResultInput): { result: 1 | 2 | 3; certificate: boolean } {
  const sat = Object.values(input.grades).filter((g): g is NlscGrade => g !== null && g !== undefined);
  const compulsoryMissing = input.compulsory.some((code) => input.grades[code] == null);
  if (compulsoryMissing || sat.length < NLSC_MIN_SUBJECTS || !input.projectPresent) {
    return { result: 2, certificate: false };
  }
  if (sat.every((g) => g === 'E')) return { result: 3, certificate: false };
  return { result: 1, certificate: true };
}

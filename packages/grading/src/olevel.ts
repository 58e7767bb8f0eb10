/**
 * The old O-level curriculum (UCE before 2020): marks to grades D1…F9, the best-8 aggregate and the
 * UNEB division rule (DOMAIN §1.2–1.4).
 */

/** D1 = 1 … F9 = 9: the grade's value is its aggregate points (lower is better). */
export type GradeValue = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** UNEB's subject groups (DOMAIN §1.4): a division needs English, Mathematics, a humanity and a science. */
export type SubjectGroup = 'english' | 'mathematics' | 'science' | 'humanity' | 'language' | 'practical' | 'other';

/** A mark-to-grade table: each row is a grade and the lowest mark (out of 100) that earns it. */
export type OlevelGradeTable = readonly { value: GradeValue; min: number }[];

/** DOMAIN §1.2 Variant A, the most common school table. UNEB publishes none: schools edit it. */
export const defaultOlevelTable: OlevelGradeTable = [
  { value: 1, min: 80 },
  { value: 2, min: 75 },
  { value: 3, min: 70 },
  { value: 4, min: 65 },
  { value: 5, min: 60 },
  { value: 6, min: 55 },
  { value: 7, min: 50 },
  { value: 8, min: 40 },
  { value: 9, min: 0 },
];

const gradeNames = ['', 'D1', 'D2', 'C3', 'C4', 'C5', 'C6', 'P7', 'P8', 'F9'] as const;

/** "D1" … "F9". */
export const gradeName = (value: GradeValue) => gradeNames[value];

/** Pass = P8 or better; credit = C6 or better. */
export const isPass = (value: GradeValue) => value <= 8;
export const isCredit = (value: GradeValue) => value <= 6;

export function checkMark(mark: number, max = 100) {
  if (!Number.isFinite(mark) || mark < 0 || mark > max) {
    throw new RangeError(`A mark must be between 0 and ${max}; got ${mark}`);
  }
}

/** The grade of a mark out of 100 by the school's table (highest row whose minimum the mark reaches). */
export function olevelGrade(mark: number, table: OlevelGradeTable = defaultOlevelTable): GradeValue {
  checkMark(mark);
  let best: { value: GradeValue; min: number } | undefined;
  for (const row of table) {
    if (mark >= row.min && (!best || row.min > best.min)) best = row;
  }
  return best ? best.value : 9;
}

export interface UceSubject {
  code: string;
  group: SubjectGroup;
  value: GradeValue;
}

export interface UceOptions {
  /** The science condition of Division 1 is waived for a visually impaired candidate. */
  visuallyImpaired?: boolean;
  /** Passes needed for Division 4; UNEB does not publish it (DOMAIN §1.4 step 5): one by default. */
  division4MinPasses?: number;
}

export interface UceResult {
  /** Sum of the best eight grade values (8–72); missing subjects below eight count as F9. */
  aggregate: number;
  passes: number;
  credits: number;
  division: 1 | 2 | 3 | 4 | 7 | 9;
  /** Division 7 only: why the subject requirements were not met (see `uceShortfallText`). */
  shortfall?: UceShortfall;
}

/** Why a candidate is Division 7: the subjects sat of those needed, and the required subjects not sat. */
export interface UceShortfall {
  sat: number;
  needed: number;
  missing: ('english' | 'mathematics')[];
}

/** How many subjects the aggregate takes, and the least a candidate must sit for a certificate. */
export const UCE_BEST = 8;

/**
 * The UNEB division of a UCE candidate (DOMAIN §1.4), evaluating the subject and credit conditions,
 * never aggregate bands alone. Division 7: fewer than eight subjects, or English or Mathematics not sat
 * (no certificate). Division 9: not one pass.
 */
export function uceDivision(subjects: readonly UceSubject[], options: UceOptions = {}): UceResult {
  const values = subjects.map((s) => s.value).sort((a, b) => a - b);
  const best = values.slice(0, UCE_BEST);
  const aggregate = best.reduce<number>((sum, v) => sum + v, 0) + 9 * (UCE_BEST - best.length);
  const passes = values.filter(isPass).length;
  const credits = values.filter(isCredit).length;
  const result = (division: UceResult['division']): UceResult => ({ aggregate, passes, credits, division });

  // The best grade a candidate has in a group (a school may list two English or science subjects).
  const bestIn = (group: SubjectGroup) =>
    subjects
      .filter((s) => s.group === group)
      .reduce<number | null>((m, s) => (m === null ? s.value : Math.min(m, s.value)), null);
  const english = bestIn('english');
  const mathematics = bestIn('mathematics');
  const humanity = bestIn('humanity');
  const science = bestIn('science');
  const passed = (v: number | null) => v !== null && v <= 8;

  if (subjects.length < UCE_BEST || english === null || mathematics === null) {
    const missing = (['english', 'mathematics'] as const).filter((g) => bestIn(g) === null);
    return { ...result(7), shortfall: { sat: subjects.length, needed: UCE_BEST, missing } };
  }
  if (
    passes >= 8 &&
    english <= 6 &&
    passed(mathematics) &&
    passed(humanity) &&
    (options.visuallyImpaired || passed(science)) &&
    credits >= 7 &&
    aggregate <= 32
  ) {
    return result(1);
  }
  if (passes >= 8 && passed(english) && credits >= 6 && aggregate <= 45) return result(2);
  // DOMAIN's bound of 58 for Division 3 always holds under these conditions (5 credits and 3 F9 make 57).
  if ((passes >= 8 && credits >= 3) || (passes >= 7 && credits >= 4) || credits >= 5) return result(3);
  if (passes >= (options.division4MinPasses ?? 1)) return result(4);
  return result(9);
}

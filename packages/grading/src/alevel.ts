/**
 * A level (UACE): paper grades to a principal grade A–F, and points (DOMAIN §2.3–2.5).
 */
import type { GradeValue } from './olevel.js';

export type Principal = 'A' | 'B' | 'C' | 'D' | 'E' | 'O' | 'F';

export const principals: readonly Principal[] = ['A', 'B', 'C', 'D', 'E', 'O', 'F'];

/** A–E are principal passes; O is a subsidiary pass obtained in a principal subject. */
export const isPrincipalPass = (grade: Principal) => grade !== 'O' && grade !== 'F';

/**
 * The paper grades as the sorted tuple that keys the lookup table and that a marksheet shows
 * ("2-2-3" → A), best paper first.
 */
export const paperTuple = (paperValues: readonly GradeValue[]) => [...paperValues].sort((a, b) => a - b).join('-');

/** The school's table: sorted tuple → principal grade, for one to four papers. */
export type PrincipalTable = Readonly<Record<string, Principal>>;

const byWorst: Principal[] = ['A', 'A', 'A', 'B', 'C', 'D', 'E', 'O', 'O', 'F']; // index: worst paper value

/**
 * The rule the default table is made from (DOMAIN §2.3, the shulekeeper reading where sources
 * disagree: 1-7 → E, 6-6-8 → E, 1-8-9 → F, 7-9-9 → F). A tuple no published row names takes the grade
 * just below the lowest row it fails (two C6s and nothing worse → E).
 */
function principalRule(values: readonly GradeValue[]): Principal {
  const sorted = [...values].sort((a, b) => a - b);
  const worst = sorted[sorted.length - 1];
  const sum = sorted.reduce<number>((s, v) => s + v, 0);
  if (sorted.length === 1) return byWorst[worst];

  const fails = sorted.filter((v) => v === 9).length;
  const rest = sorted.filter((v) => v !== 9);
  if (fails > 0) {
    // One F9 with every other paper a credit or better is O; any other F9 is F.
    return fails === 1 && rest.every((v) => v <= 6) ? 'O' : 'F';
  }

  if (sorted.length === 2) {
    if (worst <= 6) return byWorst[worst];
    return sum <= 12 ? 'E' : 'O'; // a P7 or P8 with the other paper good enough is E
  }

  // Three or four papers: the worst paper once sets the grade; more than once, one grade lower.
  const timesWorst = sorted.filter((v) => v === worst).length;
  if (worst <= 2) return 'A';
  if (worst <= 6) {
    const grade: Principal[] = ['A', 'A', 'A', 'A', 'B', 'C', 'D']; // worst 3 once → A, 4 once → B, …
    const once = grade[worst];
    return timesWorst === 1 ? once : principals[principals.indexOf(once) + 1];
  }
  const passes = sorted.filter((v) => v >= 7).length; // P7 or P8
  return passes === 1 ? 'E' : 'O';
}

function tuples(length: number, from = 1): GradeValue[][] {
  if (length === 0) return [[]];
  const out: GradeValue[][] = [];
  for (let v = from; v <= 9; v++) {
    for (const tail of tuples(length - 1, v)) out.push([v as GradeValue, ...tail]);
  }
  return out;
}

/** Every sorted tuple of one to four papers with its default grade; the Director of Studies edits cells. */
export const defaultPrincipalTable: PrincipalTable = Object.freeze(
  Object.fromEntries([1, 2, 3, 4].flatMap((n) => tuples(n).map((t) => [t.join('-'), principalRule(t)]))),
);

/** The tuples where the published sources disagree; the screen names them beside the table. */
export const disputedPrincipalTuples = ['1-7', '6-6-8', '1-8-9', '7-9-9'] as const;

/** The principal grade of a subject from its papers' grades (one to four papers). */
export function uacePrincipal(paperValues: readonly GradeValue[], table: PrincipalTable = defaultPrincipalTable) {
  if (paperValues.length < 1 || paperValues.length > 4) {
    throw new RangeError(`A principal subject has one to four papers; got ${paperValues.length}`);
  }
  for (const v of paperValues) {
    if (!Number.isInteger(v) || v < 1 || v > 9) throw new RangeError(`A paper grade is 1 (D1) to 9 (F9); got ${v}`);
  }
  const key = paperTuple(paperValues);
  return table[key] ?? defaultPrincipalTable[key];
}

/** A points scheme: data per curriculum version, never a hard-coded 20 (DOMAIN §2.4–2.7). */
export interface UacePointsScheme {
  /** Points per principal grade; a grade a scheme does not give (e.g. O in a five-level scheme) scores 0. */
  principal: Readonly<Partial<Record<Principal, number>>>;
  /** A subsidiary (General Paper, Sub-Math, Sub-ICT) earns `subsidiaryPoint` at this grade value or better. */
  subsidiaryPassMax: GradeValue;
  subsidiaryPoint: number;
  /** The most a candidate can score (three principals and two subsidiaries). */
  max: number;
}

/** UACE since 2015: A6 B5 C4 D3 E2 O1 F0; a subsidiary scores 1 at D1–C6 (PUJAB); 20 at most. */
export const uace2015: UacePointsScheme = {
  principal: { A: 6, B: 5, C: 4, D: 3, E: 2, O: 1, F: 0 },
  subsidiaryPassMax: 6,
  subsidiaryPoint: 1,
  max: 20,
};

/**
 * The scheme reported as proposed for the first abridged-curriculum cohort (UACE 2026): A–E weighted
 * 5-4-3-2-1, no O or F. Not final [uncertain]: a school chooses it knowingly.
 */
export const uace2026Proposed: UacePointsScheme = {
  principal: { A: 5, B: 4, C: 3, D: 2, E: 1 },
  subsidiaryPassMax: 6,
  subsidiaryPoint: 1,
  max: 17,
};

export interface UacePointsInput {
  principals: readonly Principal[];
  generalPaper: GradeValue | null;
  subsidiary: GradeValue | null;
}

/** Total points: each principal's points, plus a point for General Paper and one for the subsidiary when passed. */
export function uacePoints(input: UacePointsInput, scheme: UacePointsScheme = uace2015): number {
  const subsidiary = (v: GradeValue | null) =>
    v !== null && v <= scheme.subsidiaryPassMax ? scheme.subsidiaryPoint : 0;
  const principal = input.principals.reduce((sum, g) => sum + (scheme.principal[g] ?? 0), 0);
  return principal + subsidiary(input.generalPaper) + subsidiary(input.subsidiary);
}

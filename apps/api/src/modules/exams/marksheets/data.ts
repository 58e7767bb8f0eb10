import { classes, combinations, streams } from '@somero/contract';
import {
  gradeName,
  type MissingMarkPolicy,
  type NlscGradeTable,
  type OlevelGradeTable,
  type UacePointsScheme,
  weightedMark,
} from '@somero/grading';
import { eq, sql } from 'drizzle-orm';
import { NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { type SchoolGrading, schoolGrading } from '../setup/grading.js';
import { type ConsideredSet, consideredSetsFor } from '../setup/sets.js';
import { type ClassOfTerm, classRoster, type RosterStudent, subjectTakers } from '../takers.js';

export type Curriculum = 'old' | 'new' | 'alevel';

export interface MarksheetSubject {
  id: number;
  code: string;
  name: string;
  shortName: string;
  level: string;
  group: string;
  compulsory: boolean;
  /** S1–S2 ('lower') or S3–S4 ('upper') only; null: every class. */
  compulsoryIn: string | null;
}

export interface MarksheetStudent extends RosterStudent {
  streamName: string | null;
  combinationName: string | null;
}

/**
 * Everything a marksheet (and later a report card) of a class in a term reads, in a fixed handful of
 * queries whatever the class size: the class, its sets and weights, the school's grading, the students
 * and who takes what, the subjects and every mark of the considered sets.
 */
export interface ClassMarks {
  of: ClassOfTerm;
  className: string;
  streamName: string | null;
  curriculum: Curriculum;
  sets: ConsideredSet[];
  grading: SchoolGrading;
  students: MarksheetStudent[];
  /** Subject ids each student takes. */
  takes: Map<number, Set<number>>;
  /** The subjects of the class's curriculum that at least one student takes, in UNEB code order. */
  subjects: MarksheetSubject[];
  /** Marks out of 100 per set (null: absent or not entered), by `markKey`. */
  marks: Map<string, Map<number, number | null>>;
}

export const markKey = (studentId: number, subjectId: number, paperId: number | null) =>
  `${studentId}:${subjectId}:${paperId ?? 0}`;

const curriculumNames: Record<Curriculum, string> = {
  old: 'the old O-Level curriculum',
  new: 'the new lower secondary curriculum',
  alevel: 'A-Level',
};
const marksheetOf: Record<Curriculum, string> = {
  old: 'the O-Level marksheet',
  new: 'the new-curriculum marksheet',
  alevel: 'the A-Level marksheet',
};

/**
 * Reads a class's marks for a marksheet of `curriculum`; refuses (202) a class of another curriculum.
 * `only`: one exam set alone, weighed 100 (a set's analysis), instead of the term's considered sets.
 */
export async function readClassMarks(
  scope: SchoolScope,
  of: ClassOfTerm,
  curriculum: Curriculum,
  only?: ConsideredSet,
): Promise<ClassMarks> {
  const [cls] = await scope.db
    .select({ name: classes.name, curriculum: classes.curriculum })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, of.classId)));
  if (!cls) throw new NotFound('class');
  const streamRows = await scope.db
    .select({ id: streams.id, name: streams.name })
    .from(streams)
    .where(scope.mine(streams, eq(streams.classId, of.classId)));
  const streamNames = new Map(streamRows.map((s) => [s.id, s.name]));
  if (of.streamId && !streamNames.has(of.streamId)) throw new NotFound('stream');
  if (cls.curriculum !== curriculum) {
    const own = cls.curriculum as Curriculum;
    throw new Refusal(`${cls.name} follows ${curriculumNames[own]}: open ${marksheetOf[own]} instead.`);
  }
  const sets = only ? [only] : await consideredSetsFor(scope, of);
  if (sets.length === 0) {
    throw new Refusal(
      `No exam sets are considered for ${cls.name} in Term ${of.term} ${of.year} yet: choose the considered sets and their weights first.`,
    );
  }
  // The roster enrols the term's students first (ensureEnrolled); the rest then read side by side.
  const roster = await classRoster(scope, of);
  const maxOf = new Map(sets.map((s) => [s.examSetId, s.maxMark]));
  const stream = of.streamId ? sql`and st.stream_id = ${of.streamId}` : sql``;
  const levels = curriculum === 'old' ? '{olevel}' : curriculum === 'new' ? '{nlsc}' : '{alevel,subsidiary}';
  const [grading, takers, subjectRows, combinationRows, rows] = await Promise.all([
    schoolGrading(scope),
    subjectTakers(scope, of),
    sqlRows<{
      id: number;
      code: string;
      name: string;
      short_name: string | null;
      level: string;
      subject_group: string;
      compulsory: boolean;
      compulsory_in: string | null;
    }>(
      scope.db,
      sql`select id, code, name, short_name, level, subject_group, compulsory, compulsory_in from subjects
          where school_id = ${scope.schoolId} and level = any(${levels}::text[])`,
    ),
    curriculum === 'alevel'
      ? scope.db
          .select({ id: combinations.id, name: combinations.name })
          .from(combinations)
          .where(scope.mine(combinations))
      : Promise.resolve([]),
    // Every mark of the considered sets for the class's students in the term: one statement.
    sqlRows<{
      student_id: number;
      subject_id: number;
      paper_id: number | null;
      exam_set_id: number;
      mark: number | null;
    }>(
      scope.db,
      sql`select em.student_id, em.subject_id, em.paper_id, em.exam_set_id, em.mark
          from exam_marks em
          join student_terms st on st.school_id = em.school_id and st.student_id = em.student_id
            and st.year = ${of.year} and st.term = ${of.term} and st.class_id = ${of.classId} ${stream}
          where em.school_id = ${scope.schoolId}
            and em.exam_set_id = any(${`{${sets.map((s) => s.examSetId).join(',')}}`}::int[])`,
    ),
  ]);
  const takes = new Map<number, Set<number>>();
  for (const t of takers) {
    const set = takes.get(t.studentId) ?? new Set<number>();
    set.add(t.subjectId);
    takes.set(t.studentId, set);
  }
  const taken = new Set(takers.map((t) => t.subjectId));
  const subjects = subjectRows
    .map((s) => ({
      id: Number(s.id),
      code: s.code,
      name: s.name,
      shortName: s.short_name || s.name,
      level: s.level,
      group: s.subject_group,
      compulsory: s.compulsory,
      compulsoryIn: s.compulsory_in,
    }))
    .filter((s) => taken.has(s.id))
    .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }) || a.id - b.id);
  const combinationNames = new Map(combinationRows.map((r) => [r.id, r.name]));

  const marks = new Map<string, Map<number, number | null>>();
  for (const r of rows) {
    const key = markKey(Number(r.student_id), Number(r.subject_id), r.paper_id == null ? null : Number(r.paper_id));
    const bySet = marks.get(key) ?? new Map<number, number | null>();
    const max = maxOf.get(Number(r.exam_set_id)) ?? 100;
    // Out of 100, whatever the set's maximum; an absent or blank mark stays missing, never 0.
    bySet.set(Number(r.exam_set_id), r.mark == null ? null : Math.min(100, (100 * r.mark) / max));
    marks.set(key, bySet);
  }

  return {
    of,
    className: cls.name,
    streamName: of.streamId ? (streamNames.get(of.streamId) ?? null) : null,
    curriculum,
    sets,
    grading,
    students: roster.map((s) => ({
      ...s,
      streamName: s.streamId == null ? null : (streamNames.get(s.streamId) ?? null),
      combinationName: s.combinationId == null ? null : (combinationNames.get(s.combinationId) ?? null),
    })),
    takes,
    subjects,
    marks,
  };
}

/** A subject's (or paper's) term mark over the considered sets, by the school's missing-mark policy. */
export function termMark(data: ClassMarks, studentId: number, subjectId: number, paperId: number | null = null) {
  const bySet = data.marks.get(markKey(studentId, subjectId, paperId));
  if (!bySet) return null;
  const weights: Record<string, number> = {};
  const marks: Record<string, number | null> = {};
  for (const s of data.sets) {
    weights[s.examSetId] = s.weight;
    marks[s.examSetId] = bySet.get(s.examSetId) ?? null;
  }
  return weightedMark(weights, marks, data.grading.policy.missingMarks);
}

/** The marks as entered per considered set (out of the set's maximum), in the sets' order. */
export function setMarks(data: ClassMarks, studentId: number, subjectId: number, paperId: number | null) {
  const bySet = data.marks.get(markKey(studentId, subjectId, paperId));
  return data.sets.map((s) => {
    const m = bySet?.get(s.examSetId);
    return m == null ? null : Math.round((m * s.maxMark) / 100);
  });
}

/** Places in order of `better` (negative: a before b); equal results share a place (1, 2, 2, 4). */
export function positions<T>(items: T[], better: (a: T, b: T) => number): Map<T, number> {
  const sorted = [...items].sort(better);
  const places = new Map<T, number>();
  sorted.forEach((item, i) => {
    const previous = sorted[i - 1];
    places.set(item, previous !== undefined && better(previous, item) === 0 ? (places.get(previous) as number) : i + 1);
  });
  return places;
}

export const mean = (values: (number | null)[]) => {
  const given = values.filter((v): v is number => v !== null);
  return given.length ? Math.round((100 * given.reduce((a, b) => a + b, 0)) / given.length) / 100 : null;
};

export const sheetTitle = (data: ClassMarks) =>
  `${data.className}${data.streamName ? ` ${data.streamName}` : ''} Term ${data.of.term} ${data.of.year}`;

const missingReading: Record<MissingMarkPolicy, string> = {
  exclude: "Missing marks are left out: a subject's mark is weighted over the sets the student sat.",
  zero: 'Missing marks count as zero in the weighted mark (a subject with no mark at all stays blank).',
};

/** "D1 80–100, D2 75–79, …" from a table of lowest marks. */
function bands(rows: { label: string; min: number }[]) {
  const sorted = [...rows].sort((a, b) => b.min - a.min);
  return sorted.map((r, i) => `${r.label} ${r.min}–${i === 0 ? 100 : (sorted[i - 1]?.min ?? 101) - 1}`).join(', ');
}
export const olevelBands = (table: OlevelGradeTable) =>
  bands(table.map((r) => ({ label: gradeName(r.value), min: r.min })));
export const nlscBands = (table: NlscGradeTable) => bands(table.map((r) => ({ label: r.grade, min: r.min })));
export const pointsReading = (scheme: UacePointsScheme) =>
  `Points: ${Object.entries(scheme.principal)
    .map(([g, p]) => `${g} ${p}`)
    .join(
      ', ',
    )}; General Paper and the subsidiary ${scheme.subsidiaryPoint} each at ${gradeName(scheme.subsidiaryPassMax)} or better; at most ${scheme.max}.`;

/** The sentences every marksheet prints above its table. */
export function commonReadings(data: ClassMarks): string[] {
  return [
    `Considered sets: ${data.sets.map((s) => `${s.name} ${s.weight} %`).join(', ')}.`,
    missingReading[data.grading.policy.missingMarks],
  ];
}

/** The head of every marksheet's reply. */
export function sheetHead(data: ClassMarks, positionsShown: boolean, readings: string[]) {
  return {
    title: sheetTitle(data),
    class_name: data.className,
    stream_name: data.streamName,
    year: data.of.year,
    term: data.of.term,
    sets: data.sets.map((s) => ({ id: s.examSetId, name: s.name, weight: s.weight, max_mark: s.maxMark })),
    missing_marks: data.grading.policy.missingMarks,
    positions: positionsShown,
    readings: [...commonReadings(data), ...readings],
  };
}

export const subjectHead = (s: MarksheetSubject) => ({ id: s.id, code: s.code, name: s.name, short_name: s.shortName });

/** A subject of the class's curriculum, or 404 (another school's, or unknown). */
export async function findSubject(scope: SchoolScope, subjectId: number) {
  const [row] = await sqlRows<{ id: number; level: string; name: string }>(
    scope.db,
    sql`select id, level, name from subjects where school_id = ${scope.schoolId} and id = ${subjectId}`,
  );
  if (!row) throw new NotFound('subject');
  return row;
}

/** The class's curriculum ('old', 'new' or 'alevel'), or 404. */
export async function classCurriculum(scope: SchoolScope, classId: number): Promise<Curriculum> {
  const [cls] = await scope.db
    .select({ curriculum: classes.curriculum })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, classId)));
  if (!cls) throw new NotFound('class');
  return cls.curriculum as Curriculum;
}

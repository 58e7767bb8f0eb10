import { consideredPapers, papers } from '@somero/contract';
import { type GradeValue, gradeName, olevelGrade, paperTuple, uacePoints, uacePrincipal } from '@somero/grading';
import { eq } from 'drizzle-orm';
import type { SchoolScope } from '../../../core/scope.js';
import type { ConsideredSet } from '../setup/sets.js';
import type { ClassOfTerm } from '../takers.js';
import {
  type ClassMarks,
  type MarksheetSubject,
  mean,
  olevelBands,
  pointsReading,
  positions,
  readClassMarks,
  setMarks,
  sheetHead,
  termMark,
} from './data.js';

interface Paper {
  id: number;
  number: number;
  name: string;
  considered: boolean;
}

/** The A-Level class's marks with each subject's papers and which of them count. */
export interface AlevelMarks extends ClassMarks {
  papersOf: Map<number, Paper[]>;
}

export async function readAlevelMarks(scope: SchoolScope, of: ClassOfTerm, only?: ConsideredSet): Promise<AlevelMarks> {
  const data = await readClassMarks(scope, of, 'alevel', only);
  const all = await scope.db
    .select({ id: papers.id, subjectId: papers.subjectId, number: papers.number, name: papers.name })
    .from(papers)
    .where(scope.mine(papers));
  const chosen = await scope.db
    .select({ subjectId: consideredPapers.subjectId, paperId: consideredPapers.paperId })
    .from(consideredPapers)
    .where(scope.mine(consideredPapers, eq(consideredPapers.classId, of.classId)));
  // A subject with no considered papers chosen for the class counts all its papers.
  const chosenBySubject = new Map<number, Set<number>>();
  for (const c of chosen)
    chosenBySubject.set(c.subjectId, (chosenBySubject.get(c.subjectId) ?? new Set()).add(c.paperId));
  const papersOf = new Map<number, Paper[]>();
  for (const p of all.sort((a, b) => a.number - b.number)) {
    const list = papersOf.get(p.subjectId) ?? [];
    list.push({
      id: p.id,
      number: p.number,
      name: p.name,
      considered: chosenBySubject.get(p.subjectId)?.has(p.id) ?? true,
    });
    papersOf.set(p.subjectId, list);
  }
  return { ...data, papersOf };
}

/**
 * A principal subject for one student: each paper's set marks, weighted mark and grade, then the
 * principal grade from the considered papers' tuple ("2-2-3 → A") and its points. Under "left out" a
 * paper with no mark is left out of the tuple; under "zero" it counts as 0 (F9) once any paper of the
 * subject has a mark. No mark in any considered paper: no grade.
 */
export function principalResult(data: AlevelMarks, studentId: number, subject: MarksheetSubject) {
  const { alevelPaper, alevelPrincipal, uacePoints: scheme, policy } = data.grading;
  // A principal entered without papers is graded as one paper.
  const list: (Paper | null)[] = data.papersOf.get(subject.id) ?? [null];
  const results = list.map((p) => {
    const mark = termMark(data, studentId, subject.id, p?.id ?? null);
    return {
      paper_id: p?.id ?? 0,
      number: p?.number ?? 1,
      marks: setMarks(data, studentId, subject.id, p?.id ?? null),
      mark,
      grade: mark === null ? null : gradeName(olevelGrade(mark, alevelPaper)),
      considered: p?.considered ?? true,
    };
  });
  const counted = results.filter((r) => r.considered);
  const values = counted.some((r) => r.mark !== null)
    ? counted
        .filter((r) => r.mark !== null || policy.missingMarks === 'zero')
        .map((r) => olevelGrade(r.mark ?? 0, alevelPaper))
    : [];
  const grade = values.length ? uacePrincipal(values, alevelPrincipal) : null;
  return {
    subject_id: subject.id,
    short_name: subject.shortName,
    papers: results,
    tuple: values.length ? paperTuple(values) : null,
    grade,
    points: grade === null ? null : (scheme.principal[grade] ?? 0),
  };
}

/** General Paper is S101 (else the compulsory subsidiary); the other subsidiary is the combination's. */
const isGeneralPaper = (s: MarksheetSubject) => s.code.toUpperCase() === 'S101';

function subsidiaryResult(data: AlevelMarks, studentId: number, subject: MarksheetSubject | undefined) {
  if (!subject) return null;
  const { alevelPaper, uacePoints: scheme } = data.grading;
  // A subsidiary with papers (Sub-Maths 1 and 2): the papers' marks averaged, then graded (DOMAIN §2.5).
  const list = data.papersOf.get(subject.id);
  const mark = list?.length
    ? mean(list.map((p) => termMark(data, studentId, subject.id, p.id)))
    : termMark(data, studentId, subject.id);
  const value: GradeValue | null = mark === null ? null : olevelGrade(mark, alevelPaper);
  return {
    subject_id: subject.id,
    short_name: subject.shortName,
    mark,
    grade: value === null ? null : gradeName(value),
    points: value === null ? null : value <= scheme.subsidiaryPassMax ? scheme.subsidiaryPoint : 0,
  };
}

export function alevelReadings(data: AlevelMarks): string[] {
  const { alevelPaper, uacePoints: scheme, readings } = data.grading;
  return [
    `Paper grades: ${olevelBands(alevelPaper)}.`,
    "Principal grades from the considered papers' grades by the school's grading table (for example 2-2-3 gives A).",
    pointsReading(scheme) + (readings.uace_points ? ` (${readings.uace_points})` : ''),
  ];
}

/** Each student's A-Level results from a class's marks: principals with their papers, GP, subsidiary, points. */
export function alevelRows(data: AlevelMarks) {
  const { uacePoints: scheme } = data.grading;
  return data.students.map((student) => {
    const takes = data.takes.get(student.id) ?? new Set<number>();
    const mine = data.subjects.filter((s) => takes.has(s.id));
    const principals = mine.filter((s) => s.level === 'alevel').map((s) => principalResult(data, student.id, s));
    const subsidiaries = mine.filter((s) => s.level === 'subsidiary');
    const gp = subsidiaries.find(isGeneralPaper) ?? subsidiaries.find((s) => s.compulsory);
    const general_paper = subsidiaryResult(data, student.id, gp);
    const subsidiary = subsidiaryResult(
      data,
      student.id,
      subsidiaries.find((s) => s !== gp),
    );
    const anything =
      principals.some((p) => p.grade !== null) || general_paper?.grade != null || subsidiary?.grade != null;
    const points = anything
      ? uacePoints(
          {
            principals: principals.flatMap((p) => (p.grade ? [p.grade] : [])),
            generalPaper: (general_paper && gradeValue(general_paper.grade)) ?? null,
            subsidiary: (subsidiary && gradeValue(subsidiary.grade)) ?? null,
          },
          scheme,
        )
      : null;
    return {
      id: student.id,
      admission_no: student.admissionNo,
      name: student.name,
      stream_name: student.streamName,
      combination: student.combinationName,
      principals,
      general_paper,
      subsidiary,
      points,
      position: null as number | null,
    };
  });
}

/** Places by points (more is better); a student with no marks is not ranked. */
export function rankAlevel(rows: ReturnType<typeof alevelRows>) {
  const places = positions(
    rows.filter((r) => r.points !== null),
    (a, b) => (b.points as number) - (a.points as number),
  );
  for (const [row, place] of places) row.position = place;
}

/** The A-Level marksheet of a class: principals with their papers, General Paper, the subsidiary, points. */
export async function alevelMarksheet(scope: SchoolScope, of: ClassOfTerm) {
  const data = await readAlevelMarks(scope, of);
  const { policy, uacePoints: scheme } = data.grading;
  const rows = alevelRows(data);
  if (policy.positions) rankAlevel(rows);
  return {
    ...sheetHead(data, policy.positions, [
      ...alevelReadings(data),
      policy.positions ? 'Positions by points; equal points share a place.' : 'Positions are turned off.',
    ]),
    points_max: scheme.max,
    students: rows,
  };
}

const gradeValue = (name: string | null): GradeValue | null =>
  name === null ? null : (Number(name.slice(1)) as GradeValue);

import { competences } from '@somero/contract';
import { ncdcCompetence, nlscGrade, round2 } from '@somero/grading';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import type { ConsideredSet } from '../setup/sets.js';
import type { ClassOfTerm } from '../takers.js';
import { type ClassMarks, mean, nlscBands, readClassMarks, sheetHead, termMark } from './data.js';

/** The new-curriculum class's marks with the competences of the term and every AOI score on them. */
export interface NlscMarks extends ClassMarks {
  competencesOf: Map<number, { id: number; name: string }[]>;
  /** Score in tenths by `${studentId}:${competenceId}`. */
  scores: Map<string, number>;
}

export async function readNlscMarks(scope: SchoolScope, of: ClassOfTerm, only?: ConsideredSet): Promise<NlscMarks> {
  const data = await readClassMarks(scope, of, 'new', only);
  const list = await scope.db
    .select({ id: competences.id, subjectId: competences.subjectId, name: competences.name })
    .from(competences)
    .where(
      scope.mine(
        competences,
        and(eq(competences.classId, of.classId), eq(competences.year, of.year), eq(competences.term, of.term)),
      ),
    )
    .orderBy(asc(competences.rank), asc(competences.id));
  const competencesOf = new Map<number, { id: number; name: string }[]>();
  for (const c of list) competencesOf.set(c.subjectId, [...(competencesOf.get(c.subjectId) ?? []), c]);
  const rows = await sqlRows<{ student_id: number; competence_id: number; score_tenths: number }>(
    scope.db,
    sql`select a.student_id, a.competence_id, a.score_tenths from aoi_scores a
        join competences c on c.school_id = a.school_id and c.id = a.competence_id
        where a.school_id = ${scope.schoolId} and c.class_id = ${of.classId}
          and c.year = ${of.year} and c.term = ${of.term}`,
  );
  const scores = new Map(rows.map((r) => [`${r.student_id}:${r.competence_id}`, Number(r.score_tenths)]));
  return { ...data, competencesOf, scores };
}

/**
 * A learner's result in one subject (DOMAIN §3.3): the AOI score of each competence, their average,
 * identifier and descriptor, CA out of 20, the weighted exam mark scaled to 80, the total and the
 * grade A–E. A blank AOI is left out (or counts 0 when the school counts missing marks as zero, once
 * any is given); the total needs both parts unless missing marks count as zero.
 */
export function nlscResult(data: NlscMarks, studentId: number, subjectId: number) {
  const { policy, nlsc } = data.grading;
  const zero = policy.missingMarks === 'zero';
  const tenths = (data.competencesOf.get(subjectId) ?? []).map((c) => data.scores.get(`${studentId}:${c.id}`) ?? null);
  const given = tenths.filter((t): t is number => t !== null);
  const counted = given.length && zero ? tenths.map((t) => t ?? 0) : given;
  const competence = counted.length ? ncdcCompetence(counted.map((t) => t / 10)) : null;
  const exam = termMark(data, studentId, subjectId);
  const exam80 = exam === null ? null : round2(exam * 0.8);
  const ca20 = competence?.ca20 ?? null;
  const total =
    ca20 !== null && exam80 !== null
      ? round2(ca20 + exam80)
      : zero && (ca20 !== null || exam80 !== null)
        ? round2((ca20 ?? 0) + (exam80 ?? 0))
        : null;
  return {
    scores: tenths.map((t) => (t === null ? null : t / 10)),
    average: competence?.average ?? null,
    identifier: competence?.identifier ?? null,
    descriptor: competence?.descriptor ?? null,
    ca20,
    exam80,
    total,
    grade: total === null ? null : nlscGrade(total, nlsc),
  };
}

export function nlscReadings(data: NlscMarks): string[] {
  const { nlsc } = data.grading;
  return [
    'Identifiers from the average AOI score: 3 Outstanding from 2.5, 2 Moderate from 1.5, 1 Basic from 0.9.',
    'CA /20 = 20 × the AOI scores ÷ (3 × their number); exam /80 = the weighted exam mark × 0.8; total /100 = CA + exam.',
    `Grades: ${nlscBands(nlsc)}.`,
    'The new curriculum does not rank: no positions.',
  ];
}

/** The new-curriculum marksheet of a class: each subject's identifier, CA, exam, total and grade; never ranked. */
export async function nlscMarksheet(scope: SchoolScope, of: ClassOfTerm) {
  const data = await readNlscMarks(scope, of);
  const rows = data.students.map((student) => {
    const takes = data.takes.get(student.id) ?? new Set<number>();
    return {
      id: student.id,
      admission_no: student.admissionNo,
      name: student.name,
      stream_name: student.streamName,
      results: data.subjects.map((s) => (takes.has(s.id) ? nlscResult(data, student.id, s.id) : null)),
    };
  });
  return {
    ...sheetHead(data, false, nlscReadings(data)),
    subjects: data.subjects.map((s) => ({ id: s.id, code: s.code, name: s.name, short_name: s.shortName })),
    students: rows,
    subject_averages: data.subjects.map((_, i) => mean(rows.map((r) => r.results[i]?.total ?? null))),
  };
}

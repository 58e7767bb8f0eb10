import {
  aoiScores,
  classes,
  competences,
  examMarks,
  examSets,
  isAdministratorType,
  type MarksCell,
  type MarksColumn,
  papers,
  staff,
  staffSubjects,
  streams,
  subjectInitials,
  subjects,
} from '@somero/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Caller } from '../../../core/auth.js';
import { Invalid, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { users } from '../../../db/schema.js';
import { staffOfUser } from '../../staff/index.js';
import { refuseSetNotSat } from '../setup/sets.js';
import { classRoster, curriculumLevels, type RosterStudent, subjectTakers } from '../takers.js';

export type Curriculum = 'old' | 'new' | 'alevel';

const curriculumNames: Record<Curriculum, string> = {
  old: 'the old O-Level curriculum',
  new: 'the new lower secondary curriculum',
  alevel: 'A-Level',
};

/** What a caller may do with marks: every class, or only a teaching load. */
type Reach = { all: true } | { all: false; load: { streamId: number | null; paperId: number | null }[] };

/**
 * A teacher's teaching load in one subject and class: the rows of `staff_subjects` of the active staff
 * member whose sign-in is the caller; none for a user who is not (or no longer) on the staff.
 */
export async function teachingLoad(scope: SchoolScope, userId: number, subjectId?: number, classId?: number) {
  // The user's staff record, if they are on the staff and still active (the one rule: staffOfUser).
  const member = await staffOfUser(scope, userId);
  if (!member) return [];
  return scope.db
    .select({
      classId: staffSubjects.classId,
      subjectId: staffSubjects.subjectId,
      streamId: staffSubjects.streamId,
      paperId: staffSubjects.paperId,
    })
    .from(staffSubjects)
    .where(
      scope.mine(
        staffSubjects,
        eq(staffSubjects.staffId, member.id),
        subjectId ? eq(staffSubjects.subjectId, subjectId) : undefined,
        classId ? eq(staffSubjects.classId, classId) : undefined,
      ),
    );
}

type Place = { cls: Grid['cls']; stream: Grid['stream']; subject: Grid['subject'] };

/** The class, stream (of that class) and subject of a request, this school's (else 404). */
export async function placeOf(
  scope: SchoolScope,
  input: { class_id: number; stream_id?: number | null; subject_id: number },
): Promise<Place> {
  const cls = await scope.table(classes, 'exams').find(input.class_id, 'class');
  const subject = await scope.table(subjects, 'exams').find(input.subject_id, 'subject');
  const stream = input.stream_id ? await scope.table(streams, 'exams').find(input.stream_id, 'stream') : null;
  if (stream && stream.classId !== cls.id)
    throw new Invalid('stream_id', `${stream.name} is not a stream of ${cls.name}`);
  return { cls, stream, subject };
}

/**
 * What the caller may do with a subject's marks in a class: the Director of Studies (manage_exam_marks)
 * every class; a teacher (record_staff_marks) their teaching load only, refused (202) elsewhere when
 * `writing`. Reading marksheets (view_exam_marksheet) shows every class without changing any.
 */
async function reachOf(
  scope: SchoolScope,
  caller: Caller,
  subject: Place['subject'],
  cls: Place['cls'],
  stream: Place['stream'],
  writing: boolean,
): Promise<{ reach: Reach; editable: boolean }> {
  const flag = (f: string) => isAdministratorType(caller.type) || caller.flags[f] === true;
  if (flag('manage_exam_marks')) return { reach: { all: true }, editable: true };
  const load = flag('record_staff_marks') ? await teachingLoad(scope, caller.userId, subject.id, cls.id) : [];
  const inStream = load.filter((l) => !stream || l.streamId === null || l.streamId === stream.id);
  const editable = inStream.length > 0;
  if (!writing && flag('view_exam_marksheet')) return { reach: { all: true }, editable };
  if (!editable)
    throw new Refusal(`You do not teach ${subject.name} in ${cls.name}${stream ? ` ${stream.name}` : ''}.`);
  return { reach: { all: false, load: inStream }, editable };
}

/** Refuses (202) a caller who may not enter this subject's marks in the class (or stream). */
export async function mayEnter(scope: SchoolScope, caller: Caller, place: Place) {
  await reachOf(scope, caller, place.subject, place.cls, place.stream, true);
}

/** One grid: a set, a class (or stream), a subject; its takers and columns. */
export interface Grid {
  set: typeof examSets.$inferSelect;
  cls: typeof classes.$inferSelect;
  stream: typeof streams.$inferSelect | null;
  subject: typeof subjects.$inferSelect;
  /** The takers of the subject the caller may see, surname first. */
  students: RosterStudent[];
  columns: MarksColumn[];
  reach: Reach;
  /** Whether the caller may change marks of this grid at all. */
  editable: boolean;
  streamNames: Map<number, string>;
}

/**
 * Opens a grid, checking that the set, class, stream and subject belong together and that the class
 * follows `curriculum`. `writing`: the caller saves, so a teacher outside their load is refused (202).
 */
export async function openGrid(
  scope: SchoolScope,
  caller: Caller,
  input: { exam_set_id: number; class_id: number; stream_id?: number | null; subject_id: number },
  curriculum: Curriculum | null,
  writing: boolean,
): Promise<Grid> {
  const set = await scope.table(examSets, 'exams').find(input.exam_set_id, 'exam set');
  const { cls, stream, subject } = await placeOf(scope, input);
  const classCurriculum = cls.curriculum as Curriculum;
  if (curriculum && classCurriculum !== curriculum)
    throw new Refusal(
      `${cls.name} follows ${curriculumNames[classCurriculum] ?? cls.curriculum}: open its own marks sheet.`,
    );
  if (set.curriculum !== 'all' && set.curriculum !== classCurriculum)
    throw new Invalid('exam_set_id', `${set.name} is not an exam set of ${curriculumNames[classCurriculum]}`);
  await refuseSetNotSat(scope, set, cls);
  if (!(curriculumLevels[classCurriculum] ?? []).includes(subject.level))
    throw new Invalid('subject_id', `${subject.name} is not a subject of ${cls.name}`);

  const { reach, editable } = await reachOf(scope, caller, subject, cls, stream, writing);

  const of = { year: set.year, term: set.term, classId: cls.id, streamId: stream?.id ?? null };
  const [roster, takers, streamRows] = await Promise.all([
    classRoster(scope, of),
    subjectTakers(scope, { ...of, subjectId: subject.id }),
    scope.db
      .select()
      .from(streams)
      .where(scope.mine(streams, eq(streams.classId, cls.id))),
  ]);
  const taking = new Set(takers.map((t) => t.studentId));
  const streamNames = new Map(streamRows.map((s) => [s.id, s.name]));
  const inLoad = (s: RosterStudent) =>
    reach.all || reach.load.some((l) => l.streamId === null || l.streamId === s.streamId);
  // A teacher writing sees the whole class so that a student of another stream is refused by name.
  const students = roster.filter((s) => taking.has(s.id) && (writing || inLoad(s)));

  return {
    set,
    cls,
    stream,
    subject,
    students,
    columns: await columnsOf(scope, classCurriculum, set, cls.id, subject),
    reach,
    editable,
    streamNames,
  };
}

/** The grid's columns by curriculum: the mark; AOI scores and the exam mark; or one per paper. */
async function columnsOf(
  scope: SchoolScope,
  curriculum: Curriculum,
  set: Grid['set'],
  classId: number,
  subject: Grid['subject'],
): Promise<MarksColumn[]> {
  const mark = (label: string, paperId: number | null = null): MarksColumn => ({
    key: paperId ? `p${paperId}` : 'mark',
    label,
    kind: 'mark',
    paper_id: paperId,
    competence_id: null,
  });
  if (curriculum === 'old') return [mark(`${set.name} (out of ${set.maxMark})`)];
  if (curriculum === 'new') {
    const rows = await scope.db
      .select({ id: competences.id, name: competences.name })
      .from(competences)
      .where(
        scope.mine(
          competences,
          eq(competences.subjectId, subject.id),
          eq(competences.classId, classId),
          eq(competences.year, set.year),
          eq(competences.term, set.term),
        ),
      )
      .orderBy(asc(competences.rank), asc(competences.id));
    return [
      ...rows.map(
        (c): MarksColumn => ({ key: `c${c.id}`, label: c.name, kind: 'aoi', paper_id: null, competence_id: c.id }),
      ),
      mark(`Exam (out of ${set.maxMark})`),
    ];
  }
  const paperRows = await scope.db
    .select({ id: papers.id, number: papers.number, name: papers.name })
    .from(papers)
    .where(scope.mine(papers, eq(papers.subjectId, subject.id)))
    .orderBy(asc(papers.number));
  if (!paperRows.length) return [mark(`${set.name} (out of ${set.maxMark})`)];
  // "Paper 1 Pure Mathematics"; a paper named just "Paper 1" is not said twice.
  const said = (p: { number: number; name: string | null }) =>
    p.name && p.name.trim().toLowerCase() !== `paper ${p.number}` ? ` ${p.name.trim()}` : '';
  return paperRows.map((p) => mark(`Paper ${p.number}${said(p)}`, p.id));
}

/** The key of an exam-mark cell. */
export const markKey = (paperId: number | null) => (paperId ? `p${paperId}` : 'mark');
export const versionOf = (updatedAt: Date) => updatedAt.toISOString();

/** The saved cells of a grid's students, by student then column key. */
export async function savedCells(scope: SchoolScope, grid: Grid, studentIds = grid.students.map((s) => s.id)) {
  const cells = new Map<number, Record<string, MarksCell>>(studentIds.map((id) => [id, {}]));
  if (!studentIds.length) return cells;
  const marks = await scope.db
    .select({
      studentId: examMarks.studentId,
      paperId: examMarks.paperId,
      mark: examMarks.mark,
      absent: examMarks.absent,
      updatedAt: examMarks.updatedAt,
      by: users.name,
    })
    .from(examMarks)
    .leftJoin(users, and(eq(users.schoolId, examMarks.schoolId), eq(users.id, examMarks.enteredBy)))
    .where(
      scope.mine(
        examMarks,
        eq(examMarks.examSetId, grid.set.id),
        eq(examMarks.subjectId, grid.subject.id),
        inArray(examMarks.studentId, studentIds),
      ),
    );
  for (const m of marks) {
    const own = cells.get(m.studentId);
    if (own)
      own[markKey(m.paperId)] = { mark: m.mark, absent: m.absent, version: versionOf(m.updatedAt), by: m.by ?? null };
  }
  const competenceIds = grid.columns.flatMap((c) => (c.competence_id ? [c.competence_id] : []));
  if (competenceIds.length) {
    const scores = await scope.db
      .select({
        studentId: aoiScores.studentId,
        competenceId: aoiScores.competenceId,
        tenths: aoiScores.scoreTenths,
        updatedAt: aoiScores.updatedAt,
        by: users.name,
      })
      .from(aoiScores)
      .leftJoin(users, and(eq(users.schoolId, aoiScores.schoolId), eq(users.id, aoiScores.enteredBy)))
      .where(
        scope.mine(aoiScores, inArray(aoiScores.competenceId, competenceIds), inArray(aoiScores.studentId, studentIds)),
      );
    for (const s of scores) {
      const own = cells.get(s.studentId);
      if (own)
        own[`c${s.competenceId}`] = {
          mark: s.tenths / 10,
          absent: false,
          version: versionOf(s.updatedAt),
          by: s.by ?? null,
        };
    }
  }
  return cells;
}

/**
 * The initials printed beside the subject on the class's marksheets: the stream's row, else the
 * class's row, else the initials of the teacher whose load holds it (the stream's, else the class's).
 */
export async function initialsFor(scope: SchoolScope, classId: number, streamId: number | null, subjectId: number) {
  const own = await scope.db
    .select({ streamId: subjectInitials.streamId, initials: subjectInitials.initials })
    .from(subjectInitials)
    .where(scope.mine(subjectInitials, eq(subjectInitials.classId, classId), eq(subjectInitials.subjectId, subjectId)));
  const pick = <T extends { streamId: number | null }>(rows: T[]) =>
    rows.find((r) => streamId && r.streamId === streamId) ?? rows.find((r) => r.streamId === null);
  const chosen = pick(own);
  if (chosen) return chosen.initials;
  const teachers = await scope.db
    .select({ streamId: staffSubjects.streamId, initials: staff.initials })
    .from(staffSubjects)
    .innerJoin(staff, and(eq(staff.schoolId, staffSubjects.schoolId), eq(staff.id, staffSubjects.staffId)))
    .where(scope.mine(staffSubjects, eq(staffSubjects.classId, classId), eq(staffSubjects.subjectId, subjectId)));
  return pick(teachers)?.initials ?? (streamId ? null : (teachers[0]?.initials ?? null));
}

/** A stream condition that matches the class-wide row when there is no stream. */
export const sameStream = (streamId: number | null) =>
  streamId ? eq(subjectInitials.streamId, streamId) : isNull(subjectInitials.streamId);

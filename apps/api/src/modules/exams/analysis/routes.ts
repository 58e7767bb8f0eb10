import {
  type Analysis,
  type AnalysisTable,
  alevelPaperAnalysis,
  alevelPointsAnalysis,
  alevelSetAnalysis,
  alevelSubjectAnalysis,
  classes,
  examSets,
  nlscSubjectPerformance,
  nlscSubjectPerformanceByIdentifier,
  olevelClassPerformance,
  olevelSetAnalysis,
} from '@somero/contract';
import { gradeName, isPrincipalPass, nlscGrade, olevelGrade, type Principal, principals } from '@somero/grading';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { SheetSpec } from '../../../documents/workbook.js';
import type { ModuleContext } from '../../module.js';
import { alevelRows, readAlevelMarks } from '../marksheets/alevel.js';
import {
  type ClassMarks,
  type Curriculum,
  classCurriculum,
  mean,
  readClassMarks,
  sheetTitle,
  termMark,
} from '../marksheets/data.js';
import { sendMarksheet } from '../marksheets/export.js';
import { nlscResult, readNlscMarks } from '../marksheets/nlsc.js';
import { olevelRows } from '../marksheets/olevel.js';
import { type ConsideredSet, refuseSetNotSat } from '../setup/sets.js';
import type { ClassOfTerm } from '../takers.js';
import { teachersOfClass } from '../teachers.js';
import { type Counted, change, share, tally } from './rules.js';

const oldGrades = ['D1', 'D2', 'C3', 'C4', 'C5', 'C6', 'P7', 'P8', 'F9'];
const divisions = ['Division 1', 'Division 2', 'Division 3', 'Division 4', 'Division 7', 'U'];
const divisionLabel = (d: number | null) => (d === null ? null : d === 9 ? 'U' : `Division ${d}`);
const column = (key: string, label: string, numeric = false) => ({ key, label, numeric });
const everyone = 'Whole class';

/** The A–E (or the school's own) grades of the new curriculum, best first. */
const nlscGrades = (data: ClassMarks) =>
  [...data.grading.nlsc].sort((a, b) => b.min - a.min).map((r) => r.grade as string);

/** One result of a student in a subject: its grade and the mark or points the mean is of. */
interface Result {
  label: string | null;
  value: number | null;
}
/** What a class's analysis is read from: the marks, each subject result and each student's overall one. */
interface Sheet {
  data: ClassMarks;
  /** null: the student does not take the subject. */
  subject: (studentId: number, subjectId: number) => Result | null;
  /** Division (O Level) or the grade of the average (new curriculum), and the aggregate or average. */
  overall: (studentId: number) => Result;
}

const subjectsTaken = (data: ClassMarks, subjectId: number) =>
  data.students.filter((s) => data.takes.get(s.id)?.has(subjectId));

/** An O Level sheet (old curriculum or new), from a set alone or the term's considered sets. */
async function olevelSheet(
  scope: SchoolScope,
  of: ClassOfTerm,
  curriculum: Curriculum,
  only?: ConsideredSet,
): Promise<Sheet> {
  if (curriculum === 'old') {
    const data = await readClassMarks(scope, of, 'old', only);
    const rows = new Map(olevelRows(data).map((r) => [r.id, r]));
    const index = new Map(data.subjects.map((s, i) => [s.id, i]));
    return {
      data,
      subject: (studentId, subjectId) => {
        const r = rows.get(studentId)?.results[index.get(subjectId) ?? -1];
        return r ? { label: r.grade, value: r.mark } : null;
      },
      overall: (studentId) => {
        const r = rows.get(studentId);
        return { label: divisionLabel(r?.division ?? null), value: r?.aggregate ?? null };
      },
    };
  }
  const data = await readNlscMarks(scope, of, only);
  const table = data.grading.nlsc;
  // A set alone is graded by its mark; the term by the total of CA and exam.
  const result = (studentId: number, subjectId: number): Result => {
    if (only) {
      const mark = termMark(data, studentId, subjectId);
      return { label: mark === null ? null : nlscGrade(mark, table), value: mark };
    }
    const r = nlscResult(data, studentId, subjectId);
    return { label: r.grade, value: r.total };
  };
  return {
    data,
    subject: (studentId, subjectId) =>
      data.takes.get(studentId)?.has(subjectId) ? result(studentId, subjectId) : null,
    overall: (studentId) => {
      const average = mean(
        data.subjects.filter((s) => data.takes.get(studentId)?.has(s.id)).map((s) => result(studentId, s.id).value),
      );
      return { label: average === null ? null : nlscGrade(average, table), value: average };
    },
  };
}

/**
 * The set before a set that the class sat: the one ranked before it in its term, else the last of the
 * term before (a set naming other classes is passed over).
 */
async function previousSet(
  scope: SchoolScope,
  set: typeof examSets.$inferSelect,
  classId: number,
): Promise<ConsideredSet | null> {
  const rows = await scope.db
    .select()
    .from(examSets)
    .where(
      scope.mine(
        examSets,
        or(
          and(
            eq(examSets.year, set.year),
            eq(examSets.term, set.term),
            or(lt(examSets.rank, set.rank), and(eq(examSets.rank, set.rank), lt(examSets.id, set.id))),
          ),
          and(eq(examSets.year, set.year), lt(examSets.term, set.term)),
          lt(examSets.year, set.year),
        ),
        or(eq(examSets.curriculum, 'all'), eq(examSets.curriculum, set.curriculum)),
      ),
    )
    .orderBy(desc(examSets.year), desc(examSets.term), desc(examSets.rank), desc(examSets.id))
    .limit(20);
  const row = rows.find((r) => r.classIds.length === 0 || r.classIds.includes(classId));
  return row ? { examSetId: row.id, name: row.name, maxMark: row.maxMark, weight: 100 } : null;
}

const termBefore = (year: number, term: number) =>
  term === 1 ? { year: year - 1, term: 3 } : { year, term: term - 1 };

/** The sheet of before, or none when it cannot be read (no marks or sets then). */
async function maybe<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof Refusal || error instanceof NotFound) return null;
    throw error;
  }
}

interface Asked {
  classId: number;
  streamId?: number | null;
}

/** The tables of an O Level analysis: subjects, streams (divisions or grades of the average), teachers. */
async function olevelTables(
  scope: SchoolScope,
  asked: Asked,
  now: Sheet,
  before: Sheet | null,
  beforeName: string,
): Promise<AnalysisTable[]> {
  const { data } = now;
  const old = data.curriculum === 'old';
  const grades = old ? oldGrades : nlscGrades(data);
  const teachers = await teachersOfClass(scope, asked.classId);
  const subjectItems = (sheet: Sheet, group: (s: { streamId: number | null }, subjectId: number) => string) =>
    sheet.data.subjects.flatMap((subject) =>
      subjectsTaken(sheet.data, subject.id).map((st) => ({
        ...(sheet.subject(st.id, subject.id) as Result),
        group: group(st, subject.id),
      })),
    );
  const bySubject = tally(
    subjectItems(now, (_, id) => String(id)),
    data.subjects.map((s) => String(s.id)),
    grades,
  );
  const beforeMean = new Map(
    before
      ? tally(
          subjectItems(before, (_, id) => String(id)),
          data.subjects.map((s) => String(s.id)),
          [],
        ).map((t) => [t.group, t.mean])
      : [],
  );
  const subjects: AnalysisTable = {
    key: 'subjects',
    title: 'Subjects',
    columns: [
      column('subject', 'Subject'),
      column('teacher', 'Teacher'),
      column('sat', 'Sat', true),
      ...grades.map((g) => column(g, g, true)),
      column('mean', 'Mean mark', true),
      column('before', beforeName, true),
      column('change', 'Change', true),
    ],
    rows: bySubject.map((t, i) => {
      const subject = data.subjects[i] as ClassMarks['subjects'][number];
      return {
        subject: subject.name,
        teacher: teachers.teacher(asked.streamId ?? null, subject.id),
        sat: t.sat,
        ...t.counts,
        mean: t.mean,
        before: beforeMean.get(t.group) ?? null,
        change: change(t.mean, beforeMean.get(t.group) ?? null),
      };
    }),
    chart: { label: 'subject', stacked: true, series: grades.map((g) => ({ key: g, label: g })) },
  };

  const streamsOf = (sheet: Sheet) => [...new Set(sheet.data.students.map((s) => s.streamName ?? everyone))];
  const overall = (sheet: Sheet): Counted[] =>
    sheet.data.students.map((s) => ({ group: s.streamName ?? everyone, ...sheet.overall(s.id) }));
  const labels = old ? divisions : grades;
  const streamNames = streamsOf(now);
  const byStream = tally(overall(now), streamNames, labels);
  const wholeNow = tally(
    overall(now).map((x) => ({ ...x, group: everyone })),
    [everyone],
    labels,
  );
  const streamBefore = new Map(
    before
      ? [
          ...tally(overall(before), streamsOf(before), []),
          ...tally(
            overall(before).map((x) => ({ ...x, group: everyone })),
            [everyone],
            [],
          ),
        ].map((t) => [t.group, t.mean])
      : [],
  );
  const streamRows = [...(streamNames.length > 1 || streamNames[0] !== everyone ? byStream : []), ...wholeNow];
  const streams: AnalysisTable = {
    key: 'streams',
    title: old ? 'Divisions by stream' : 'Learners by the grade of their average',
    columns: [
      column('stream', 'Stream'),
      column('students', 'Students', true),
      ...labels.map((l) => column(l, l, true)),
      column('mean', old ? 'Mean aggregate' : 'Mean average', true),
      column('before', beforeName, true),
      column('change', 'Change', true),
    ],
    rows: streamRows.map((t) => ({
      stream: t.group,
      students:
        t.group === everyone ? data.students.length : data.students.filter((s) => s.streamName === t.group).length,
      ...t.counts,
      mean: t.mean,
      before: streamBefore.get(t.group) ?? null,
      change: change(t.mean, streamBefore.get(t.group) ?? null),
    })),
    chart: { label: 'stream', stacked: true, series: labels.map((l) => ({ key: l, label: l })) },
  };

  // A teacher's subject in a stream (the class's teacher when the stream has none of its own).
  const keyOf = (streamName: string, subjectId: number, teacher: string | null) =>
    `${teacher ?? '—'}|${subjectId}|${streamName}`;
  const teacherItems: Counted[] = data.subjects.flatMap((subject) =>
    subjectsTaken(data, subject.id).map((st) => ({
      ...(now.subject(st.id, subject.id) as Result),
      group: keyOf(st.streamName ?? everyone, subject.id, teachers.teacher(st.streamId, subject.id)),
    })),
  );
  const teacherKeys = [...new Set(teacherItems.map((x) => x.group))].sort();
  const subjectName = new Map(data.subjects.map((s) => [String(s.id), s.name]));
  const teacherRows = tally(teacherItems, teacherKeys, grades).map((t) => {
    const [teacher, subjectId, stream] = t.group.split('|') as [string, string, string];
    return { teacher, subject: subjectName.get(subjectId) ?? '', stream, sat: t.sat, ...t.counts, mean: t.mean };
  });
  const byTeacher: AnalysisTable = {
    key: 'teachers',
    title: 'Teachers',
    columns: [
      column('teacher', 'Teacher'),
      column('subject', 'Subject'),
      column('stream', 'Stream'),
      column('sat', 'Sat', true),
      ...grades.map((g) => column(g, g, true)),
      column('mean', 'Mean mark', true),
    ],
    rows: teacherRows,
    chart: null,
  };
  return [subjects, streams, byTeacher];
}

const classNameOf = async (scope: SchoolScope, id: number) =>
  (await scope.table(classes, 'exams').find(id, 'class')).name;

async function examSetOf(scope: SchoolScope, id: number) {
  const [set] = await scope.db
    .select()
    .from(examSets)
    .where(scope.mine(examSets, eq(examSets.id, id)));
  if (!set) throw new NotFound('exam set');
  return set;
}

const notThis = (curriculum: Curriculum, want: 'olevel' | 'alevel') =>
  (want === 'alevel') !== (curriculum === 'alevel')
    ? new Refusal(
        want === 'alevel'
          ? 'This is an O Level class: open the O Level analyses for it.'
          : 'This is an A Level class: open the A Level analyses for it.',
      )
    : null;

const ofInput = (input: { year: number; term: number; class_id: number; stream_id?: number | null }): ClassOfTerm => ({
  year: input.year,
  term: input.term,
  classId: input.class_id,
  streamId: input.stream_id ?? null,
});

async function olevelSetAnalysisOf(
  scope: SchoolScope,
  input: { exam_set_id: number; class_id: number; stream_id?: number | null },
): Promise<Analysis> {
  const set = await examSetOf(scope, input.exam_set_id);
  const of = ofInput({ ...input, year: set.year, term: set.term });
  const curriculum = await classCurriculum(scope, of.classId);
  const refused = notThis(curriculum, 'olevel');
  if (refused) throw refused;
  await refuseSetNotSat(scope, set, { id: of.classId, name: await classNameOf(scope, of.classId), curriculum });
  const only = { examSetId: set.id, name: set.name, maxMark: set.maxMark, weight: 100 };
  const now = await olevelSheet(scope, of, curriculum, only);
  const prevSet = await previousSet(scope, set, of.classId);
  const before = prevSet
    ? await maybe(async () => {
        const prev = await examSetOf(scope, prevSet.examSetId);
        return olevelSheet(scope, { ...of, year: prev.year, term: prev.term }, curriculum, prevSet);
      })
    : null;
  return {
    title: `${set.name} analysis: ${sheetTitle(now.data)}`,
    readings: [
      `Marks of ${set.name} alone, out of 100 (the set's maximum is ${set.maxMark}).`,
      prevSet ? `Change: against ${prevSet.name}, the set before it.` : 'No set before this one: no change to show.',
      curriculum === 'old'
        ? 'Divisions from this set alone, by the UNEB rule.'
        : 'New curriculum: grades of the set mark by the school’s A–E table; no divisions.',
    ],
    tables: await olevelTables(scope, of, now, before, prevSet ? `${prevSet.name} mean` : 'Before'),
  };
}

async function olevelClassPerformanceOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  const curriculum = await classCurriculum(scope, of.classId);
  const refused = notThis(curriculum, 'olevel');
  if (refused) throw refused;
  const now = await olevelSheet(scope, of, curriculum);
  const last = termBefore(of.year, of.term);
  const before = await maybe(() => olevelSheet(scope, { ...of, ...last }, curriculum));
  return {
    title: `Class performance: ${sheetTitle(now.data)}`,
    readings: [
      `The term's results over the considered sets: ${now.data.sets.map((s) => `${s.name} ${s.weight} %`).join(', ')}.`,
      before
        ? `Change: against Term ${last.term} ${last.year}, the same class.`
        : `No results for Term ${last.term} ${last.year}: no change to show.`,
    ],
    tables: await olevelTables(scope, of, now, before, `T${last.term} ${last.year} mean`),
  };
}

/** The tables of an A Level analysis: principal subjects, subsidiaries, streams by points. */
async function alevelTables(
  scope: SchoolScope,
  asked: Asked,
  data: Awaited<ReturnType<typeof readAlevelMarks>>,
  before: Awaited<ReturnType<typeof readAlevelMarks>> | null,
  beforeName: string,
): Promise<AnalysisTable[]> {
  const teachers = await teachersOfClass(scope, asked.classId);
  const rows = alevelRows(data);
  const principalSubjects = data.subjects.filter((s) => s.level === 'alevel');
  const subsidiarySubjects = data.subjects.filter((s) => s.level === 'subsidiary');
  const items = (list: ReturnType<typeof alevelRows>): Counted[] =>
    list.flatMap((r) => r.principals.map((p) => ({ group: String(p.subject_id), label: p.grade, value: p.points })));
  const keys = principalSubjects.map((s) => String(s.id));
  const beforeMean = new Map(before ? tally(items(alevelRows(before)), keys, []).map((t) => [t.group, t.mean]) : []);
  const grades = principals as readonly Principal[] as string[];
  const subjects: AnalysisTable = {
    key: 'subjects',
    title: 'Principal subjects',
    columns: [
      column('subject', 'Subject'),
      column('teacher', 'Teacher'),
      column('sat', 'Sat', true),
      ...grades.map((g) => column(g, g, true)),
      column('passes', 'Principal passes', true),
      column('mean', 'Mean points', true),
      column('before', beforeName, true),
      column('change', 'Change', true),
    ],
    rows: tally(items(rows), keys, grades).map((t, i) => {
      const subject = principalSubjects[i] as (typeof principalSubjects)[number];
      return {
        subject: subject.name,
        teacher: teachers.teacher(asked.streamId ?? null, subject.id),
        sat: t.sat,
        ...t.counts,
        passes: grades.filter((g) => isPrincipalPass(g as Principal)).reduce((n, g) => n + (t.counts[g] ?? 0), 0),
        mean: t.mean,
        before: beforeMean.get(t.group) ?? null,
        change: change(t.mean, beforeMean.get(t.group) ?? null),
      };
    }),
    chart: { label: 'subject', stacked: true, series: grades.map((g) => ({ key: g, label: g })) },
  };
  const subsidiaryItems: Counted[] = rows.flatMap((r) =>
    [r.general_paper, r.subsidiary]
      .filter((x) => x !== null)
      .map((x) => ({ group: String(x.subject_id), label: x.grade, value: x.mark })),
  );
  const subsidiaries: AnalysisTable = {
    key: 'subsidiaries',
    title: 'Subsidiaries',
    columns: [
      column('subject', 'Subject'),
      column('sat', 'Sat', true),
      ...oldGrades.map((g) => column(g, g, true)),
      column('mean', 'Mean mark', true),
    ],
    rows: tally(
      subsidiaryItems,
      subsidiarySubjects.map((s) => String(s.id)),
      oldGrades,
    ).map((t, i) => ({
      subject: subsidiarySubjects[i]?.name ?? '',
      sat: t.sat,
      ...t.counts,
      mean: t.mean,
    })),
    chart: null,
  };
  const streamNames = [...new Set(data.students.map((s) => s.streamName ?? everyone))];
  const points = (list: ReturnType<typeof alevelRows>): Counted[] =>
    list.map((r) => ({ group: r.stream_name ?? everyone, label: null, value: r.points }));
  const pointsBefore = new Map(
    before
      ? tally(points(alevelRows(before)), [...new Set(before.students.map((s) => s.streamName ?? everyone))], []).map(
          (t) => [t.group, t.mean],
        )
      : [],
  );
  const streams: AnalysisTable = {
    key: 'streams',
    title: 'Points by stream',
    columns: [
      column('stream', 'Stream'),
      column('students', 'Students', true),
      column('sat', 'With results', true),
      column('mean', 'Mean points', true),
      column('before', beforeName, true),
      column('change', 'Change', true),
    ],
    rows: tally(points(rows), streamNames, []).map((t) => ({
      stream: t.group,
      students: rows.filter((r) => (r.stream_name ?? everyone) === t.group).length,
      sat: t.sat,
      mean: t.mean,
      before: pointsBefore.get(t.group) ?? null,
      change: change(t.mean, pointsBefore.get(t.group) ?? null),
    })),
    chart: { label: 'stream', stacked: false, series: [{ key: 'mean', label: 'Mean points' }] },
  };
  return [subjects, subsidiaries, streams];
}

async function alevelSetAnalysisOf(
  scope: SchoolScope,
  input: { exam_set_id: number; class_id: number; stream_id?: number | null },
): Promise<Analysis> {
  const set = await examSetOf(scope, input.exam_set_id);
  const of = ofInput({ ...input, year: set.year, term: set.term });
  const alevel = await classCurriculum(scope, of.classId);
  const refused = notThis(alevel, 'alevel');
  if (refused) throw refused;
  await refuseSetNotSat(scope, set, {
    id: of.classId,
    name: await classNameOf(scope, of.classId),
    curriculum: alevel,
  });
  const data = await readAlevelMarks(scope, of, {
    examSetId: set.id,
    name: set.name,
    maxMark: set.maxMark,
    weight: 100,
  });
  const prevSet = await previousSet(scope, set, of.classId);
  const before = prevSet
    ? await maybe(async () => {
        const prev = await examSetOf(scope, prevSet.examSetId);
        return readAlevelMarks(scope, { ...of, year: prev.year, term: prev.term }, prevSet);
      })
    : null;
  return {
    title: `${set.name} analysis: ${sheetTitle(data)}`,
    readings: [
      `Marks of ${set.name} alone; principal grades from the considered papers, points by the school's scheme.`,
      prevSet ? `Change: against ${prevSet.name}, the set before it.` : 'No set before this one: no change to show.',
    ],
    tables: await alevelTables(scope, of, data, before, prevSet ? `${prevSet.name} mean` : 'Before'),
  };
}

async function alevelTermOf(scope: SchoolScope, of: ClassOfTerm) {
  const refused = notThis(await classCurriculum(scope, of.classId), 'alevel');
  if (refused) throw refused;
  return readAlevelMarks(scope, of);
}

async function alevelSubjectAnalysisOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  const data = await alevelTermOf(scope, of);
  const last = termBefore(of.year, of.term);
  const before = await maybe(() => readAlevelMarks(scope, { ...of, ...last }));
  return {
    title: `Subject analysis: ${sheetTitle(data)}`,
    readings: [
      `The term's results over the considered sets: ${data.sets.map((s) => `${s.name} ${s.weight} %`).join(', ')}.`,
      before
        ? `Change: against Term ${last.term} ${last.year}.`
        : `No results for Term ${last.term} ${last.year}: no change to show.`,
    ],
    tables: await alevelTables(scope, of, data, before, `T${last.term} ${last.year} mean`),
  };
}

async function alevelPaperAnalysisOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  const data = await alevelTermOf(scope, of);
  const papers = data.subjects
    .filter((s) => s.level === 'alevel')
    .flatMap((s) => (data.papersOf.get(s.id) ?? []).map((p) => ({ subject: s, paper: p })));
  const items: Counted[] = papers.flatMap(({ subject, paper }, i) =>
    subjectsTaken(data, subject.id).map((st) => {
      const mark = termMark(data, st.id, subject.id, paper.id);
      return {
        group: String(i),
        label: mark === null ? null : gradeName(olevelGrade(mark, data.grading.alevelPaper)),
        value: mark,
      };
    }),
  );
  return {
    title: `Paper analysis: ${sheetTitle(data)}`,
    readings: ["Each paper's term mark over the considered sets, graded by the school's paper table."],
    tables: [
      {
        key: 'papers',
        title: 'Papers',
        columns: [
          column('paper', 'Paper'),
          column('counted', 'Counted'),
          column('sat', 'Sat', true),
          ...oldGrades.map((g) => column(g, g, true)),
          column('mean', 'Mean mark', true),
        ],
        rows: tally(
          items,
          papers.map((_, i) => String(i)),
          oldGrades,
        ).map((t, i) => {
          const p = papers[i] as (typeof papers)[number];
          return {
            paper: `${p.subject.name} P${p.paper.number}`,
            counted: p.paper.considered ? 'Yes' : 'No',
            sat: t.sat,
            ...t.counts,
            mean: t.mean,
          };
        }),
        chart: { label: 'paper', stacked: true, series: oldGrades.map((g) => ({ key: g, label: g })) },
      },
    ],
  };
}

async function alevelPointsAnalysisOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  const data = await alevelTermOf(scope, of);
  const rows = alevelRows(data).filter((r) => r.points !== null);
  const streams = [...new Set(data.students.map((s) => s.streamName ?? everyone))];
  const max = data.grading.uacePoints.max;
  const count = (filter: (r: (typeof rows)[number]) => boolean) => {
    const picked = rows.filter(filter);
    return {
      ...Object.fromEntries(streams.map((s) => [s, picked.filter((r) => (r.stream_name ?? everyone) === s).length])),
      total: picked.length,
      share: share(picked.length, rows.length),
    };
  };
  const streamColumns = streams.length > 1 ? streams.map((s) => column(s, s, true)) : [];
  const passes = (r: (typeof rows)[number]) => r.principals.filter((p) => p.grade && isPrincipalPass(p.grade)).length;
  const most = Math.max(3, ...rows.map((r) => r.principals.length));
  return {
    title: `Points analysis: ${sheetTitle(data)}`,
    readings: [
      `Students with results: ${rows.length} of ${data.students.length}. Points of ${max}: the principals' points, General Paper and the subsidiary.`,
      `Mean points: ${mean(rows.map((r) => r.points)) ?? '—'}.`,
    ],
    tables: [
      {
        key: 'points',
        title: 'Students by total points',
        columns: [
          column('points', 'Points'),
          ...streamColumns,
          column('total', 'Students', true),
          column('share', '% of class', true),
        ],
        rows: Array.from({ length: max + 1 }, (_, i) => max - i).map((p) => ({
          points: String(p),
          ...count((r) => r.points === p),
        })),
        chart: { label: 'points', stacked: false, series: [{ key: 'total', label: 'Students' }] },
      },
      {
        key: 'passes',
        title: 'Students by principal passes',
        columns: [
          column('passes', 'Principal passes'),
          ...streamColumns,
          column('total', 'Students', true),
          column('share', '% of class', true),
        ],
        rows: Array.from({ length: most + 1 }, (_, i) => most - i).map((n) => ({
          passes: String(n),
          ...count((r) => passes(r) === n),
        })),
        chart: { label: 'passes', stacked: false, series: [{ key: 'total', label: 'Students' }] },
      },
    ],
  };
}

async function nlscTermOf(scope: SchoolScope, of: ClassOfTerm) {
  if ((await classCurriculum(scope, of.classId)) !== 'new')
    throw new Refusal('This class does not follow the new curriculum: open the O Level or A Level analyses for it.');
  return olevelSheet(scope, of, 'new');
}

async function nlscByGradeOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  const now = await nlscTermOf(scope, of);
  const last = termBefore(of.year, of.term);
  const before = await maybe(() => olevelSheet(scope, { ...of, ...last }, 'new'));
  return {
    title: `Subject performance by grade: ${sheetTitle(now.data)}`,
    readings: [
      'Grades of the term total (CA out of 20 + exam out of 80) by the school’s table.',
      before
        ? `Change: against Term ${last.term} ${last.year}.`
        : `No results for Term ${last.term} ${last.year}: no change to show.`,
    ],
    tables: await olevelTables(scope, of, now, before, `T${last.term} ${last.year} mean`),
  };
}

async function nlscByIdentifierOf(scope: SchoolScope, of: ClassOfTerm): Promise<Analysis> {
  if ((await classCurriculum(scope, of.classId)) !== 'new')
    throw new Refusal('This class does not follow the new curriculum: identifiers are the new curriculum’s.');
  const data = await readNlscMarks(scope, of);
  const ids = ['3', '2', '1'];
  const names: Record<string, string> = { '3': '3 Outstanding', '2': '2 Moderate', '1': '1 Basic' };
  const items: Counted[] = data.subjects.flatMap((subject) =>
    subjectsTaken(data, subject.id).map((st) => {
      const r = nlscResult(data, st.id, subject.id);
      return {
        group: String(subject.id),
        label: r.identifier === null ? null : String(r.identifier),
        value: r.average,
      };
    }),
  );
  return {
    title: `Subject performance by identifier: ${sheetTitle(data)}`,
    readings: [
      'Identifiers from the average AOI score: 3 Outstanding from 2.5, 2 Moderate from 1.5, 1 Basic from 0.9.',
    ],
    tables: [
      {
        key: 'identifiers',
        title: 'Identifiers per subject',
        columns: [
          column('subject', 'Subject'),
          column('assessed', 'Assessed', true),
          ...ids.flatMap((i) => [column(names[i] as string, names[i] as string, true), column(`${i}%`, '%', true)]),
          column('mean', 'Mean AOI score', true),
        ],
        rows: tally(
          items,
          data.subjects.map((s) => String(s.id)),
          ids,
        ).map((t, i) => ({
          subject: data.subjects[i]?.name ?? '',
          assessed: t.sat,
          ...Object.fromEntries(
            ids.flatMap((id) => [
              [names[id] as string, t.counts[id] ?? 0],
              [`${id}%`, share(t.counts[id] ?? 0, t.sat)],
            ]),
          ),
          mean: t.mean,
        })),
        chart: {
          label: 'subject',
          stacked: true,
          series: ids.map((i) => ({ key: names[i] as string, label: names[i] as string })),
        },
      },
    ],
  };
}

/** An analysis as a workbook (plain data, written in the document workers): a sheet per table, its title, a bold header and the rows. */
function analysisBook(analysis: Analysis): SheetSpec[] {
  const taken = new Set<string>();
  return analysis.tables.map((table) => {
    let name = table.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28);
    while (taken.has(name)) name = `${name.slice(0, 26)} 2`;
    taken.add(name);
    return {
      name,
      options: { views: [{ state: 'frozen', ySplit: 3 + analysis.readings.length }] },
      widths: table.columns.map((c) => (c.numeric ? 10 : 24)),
      rows: [
        { cells: [`${analysis.title}: ${table.title}`], font: { bold: true, size: 13 } },
        ...analysis.readings.map((line) => ({ cells: [line], font: { italic: true, size: 9 } })),
        { cells: [] },
        {
          cells: table.columns.map((c) => c.label),
          font: { bold: true },
          alignment: { wrapText: true, vertical: 'middle' as const },
        },
        ...table.rows.map((row) => ({ cells: table.columns.map((c) => row[c.key] ?? null) })),
      ],
    };
  });
}

async function reply(analysis: Analysis, format: 'json' | 'xlsx', out: FastifyReply) {
  if (format === 'xlsx')
    return sendMarksheet(out, `${analysis.title.replace(/:/g, ' -')}.xlsx`, analysisBook(analysis));
  return { data: analysis };
}

/** The analyses (issue 11 §4): the same tables on screen and as a spreadsheet. */
export function analysisRoutes({ serve }: ModuleContext) {
  serve(olevelSetAnalysis, async ({ scope, input, reply: out }) =>
    reply(await olevelSetAnalysisOf(scope, input), input.format, out),
  );
  serve(alevelSetAnalysis, async ({ scope, input, reply: out }) =>
    reply(await alevelSetAnalysisOf(scope, input), input.format, out),
  );
  const term =
    <I extends { year: number; term: number; class_id: number; stream_id?: number | null; format: 'json' | 'xlsx' }>(
      build: (scope: SchoolScope, of: ClassOfTerm) => Promise<Analysis>,
    ) =>
    async ({ scope, input, reply: out }: { scope: SchoolScope; input: I; reply: FastifyReply }) =>
      reply(await build(scope, ofInput(input)), input.format, out);
  serve(olevelClassPerformance, term(olevelClassPerformanceOf));
  serve(alevelSubjectAnalysis, term(alevelSubjectAnalysisOf));
  serve(alevelPaperAnalysis, term(alevelPaperAnalysisOf));
  serve(alevelPointsAnalysis, term(alevelPointsAnalysisOf));
  serve(nlscSubjectPerformance, term(nlscByGradeOf));
  serve(nlscSubjectPerformanceByIdentifier, term(nlscByIdentifierOf));
}

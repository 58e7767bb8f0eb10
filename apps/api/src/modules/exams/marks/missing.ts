import {
  alevelClassMissingMarks,
  classes,
  classMissingMarks,
  consideredPapers,
  examMarks,
  examSetIsFor,
  examSets,
  type MissingMarks,
  missingMarks,
  papers,
  staff,
  staffSubjects,
  streams,
  subjects,
} from '@somero/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { Invalid } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import { currentTerm } from '../../settings/index.js';
import { refuseSetNotSat } from '../setup/sets.js';
import { classRoster, subjectTakers } from '../takers.js';

type Line = MissingMarks['teachers'][number]['lines'][number];
type Group = MissingMarks['teachers'][number];
type Which = 'school' | 'olevel' | 'alevel';

interface Filters {
  year?: number;
  term?: number;
  exam_set_id?: number;
  class_id?: number;
  stream_id?: number;
  subject_id?: number;
}

const noTeacher = 'No teacher assigned';
/** A class sits a set: its curriculum's (or all) and naming it (or no class). */
const fits = examSetIsFor;

/**
 * Who lacks which mark of an exam set. A taker (the shared `subjectTakers` rule) with no exam_marks row
 * for the subject (A-Level: for each considered paper) is missing; a row marked absent is counted as
 * absent, never missing. Lines are per class, stream, subject and paper, each under the teacher whose
 * load covers it: a stream-specific (or paper-specific) load wins over an all-streams one, so the
 * teacher who actually has the class is the one chased; teachers sharing a load form one group.
 */
export async function missingMarksOf(scope: SchoolScope, input: Filters, which: Which): Promise<MissingMarks> {
  const find = <T extends typeof classes | typeof streams | typeof subjects | typeof examSets>(
    t: T,
    id: number | undefined,
    what: string,
  ) => (id ? scope.table(t, 'exams').find(id, what) : undefined);

  const stream = await find(streams, input.stream_id, 'stream');
  const cls = await find(classes, input.class_id ?? stream?.classId, 'class');
  if (stream && cls && stream.classId !== cls.id) throw new Invalid('stream_id', `Choose a stream of ${cls.name}`);
  if (cls && which === 'olevel' && cls.level !== 'olevel') throw new Invalid('class_id', 'Choose an O-Level class');
  if (cls && which === 'alevel' && cls.level !== 'alevel') throw new Invalid('class_id', 'Choose an A-Level class');
  await find(subjects, input.subject_id, 'subject');
  let chosen = await find(examSets, input.exam_set_id, 'exam set');
  const now = chosen ?? (input.year && input.term ? { year: input.year, term: input.term } : await currentTerm(scope));
  const year = chosen?.year ?? input.year ?? now.year;
  const term = chosen?.term ?? input.term ?? now.term;

  const allClasses = await scope.db.select().from(classes).where(scope.mine(classes)).orderBy(asc(classes.rank));
  const levelOk = (c: typeof classes.$inferSelect) => which === 'school' || c.level === which;
  const termSets = (
    await scope.db
      .select()
      .from(examSets)
      .where(scope.mine(examSets, eq(examSets.year, year), eq(examSets.term, term)))
      .orderBy(asc(examSets.rank), asc(examSets.id))
  ).filter((s) => (cls ? fits(s, cls) : allClasses.some((c) => levelOk(c) && fits(s, c))));
  const sets = termSets.map((s) => ({ id: s.id, name: s.name, max_mark: s.maxMark, curriculum: s.curriculum }));
  const empty = { takers: 0, entered: 0, absent: 0, missing: 0 };
  if (chosen && cls) await refuseSetNotSat(scope, chosen, cls);
  if (!chosen && termSets.length > 0) {
    // The latest set anyone has started entering is the one being chased; before any, the first.
    const started = await scope.db
      .selectDistinct({ id: examMarks.examSetId })
      .from(examMarks)
      .where(
        scope.mine(
          examMarks,
          inArray(
            examMarks.examSetId,
            termSets.map((s) => s.id),
          ),
        ),
      );
    const ids = new Set(started.map((s) => s.id));
    chosen = [...termSets].reverse().find((s) => ids.has(s.id)) ?? termSets[0];
  }
  if (!chosen) return { year, term, sets, exam_set_id: null, subjects: [], totals: empty, teachers: [] };
  const set = chosen;

  const covered = cls ? [cls] : allClasses.filter((c) => levelOk(c) && fits(set, c));
  const classIds = covered.map((c) => c.id);
  if (classIds.length === 0)
    return { year, term, sets, exam_set_id: set.id, subjects: [], totals: empty, teachers: [] };

  const [subjectRows, streamRows, paperRows, considered, loads, marks] = await Promise.all([
    scope.db.select().from(subjects).where(scope.mine(subjects)),
    scope.db
      .select()
      .from(streams)
      .where(scope.mine(streams, inArray(streams.classId, classIds))),
    scope.db.select().from(papers).where(scope.mine(papers)).orderBy(asc(papers.number)),
    scope.db
      .select()
      .from(consideredPapers)
      .where(scope.mine(consideredPapers, inArray(consideredPapers.classId, classIds))),
    scope.db
      .select({
        staffId: staffSubjects.staffId,
        subjectId: staffSubjects.subjectId,
        classId: staffSubjects.classId,
        streamId: staffSubjects.streamId,
        paperId: staffSubjects.paperId,
        name: staff.name,
        initials: staff.initials,
        phone: staff.phone,
      })
      .from(staffSubjects)
      .innerJoin(staff, and(eq(staff.schoolId, staffSubjects.schoolId), eq(staff.id, staffSubjects.staffId)))
      .where(scope.mine(staffSubjects, inArray(staffSubjects.classId, classIds))),
    scope.db
      .select({
        studentId: examMarks.studentId,
        subjectId: examMarks.subjectId,
        paperId: examMarks.paperId,
        mark: examMarks.mark,
        absent: examMarks.absent,
      })
      .from(examMarks)
      .where(
        scope.mine(
          examMarks,
          eq(examMarks.examSetId, set.id),
          input.subject_id ? eq(examMarks.subjectId, input.subject_id) : undefined,
        ),
      ),
  ]);
  const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
  const streamName = new Map(streamRows.map((s) => [s.id, s.name]));
  const mark = new Map(marks.map((m) => [`${m.studentId}:${m.subjectId}:${m.paperId ?? 0}`, m]));

  /** The papers a line is kept for: A-Level subjects per considered paper (none stored: all papers). */
  const papersOf = (c: typeof cls & object, subjectId: number): (typeof paperRows)[number][] | [null] => {
    if (c.level !== 'alevel') return [null];
    const own = paperRows.filter((p) => p.subjectId === subjectId);
    const chosenIds = new Set(
      considered.filter((x) => x.classId === c.id && x.subjectId === subjectId).map((x) => x.paperId),
    );
    const counted = chosenIds.size > 0 ? own.filter((p) => chosenIds.has(p.id)) : own;
    return counted.length > 0 ? counted : [null];
  };

  const lines = new Map<string, Line & { rank: number; paperNo: number }>();
  const choices = new Set<number>();
  const single = Boolean(cls);
  for (const c of covered) {
    const of = { year, term, classId: c.id, streamId: stream?.id ?? null };
    const roster = await classRoster(scope, of);
    const takers = await subjectTakers(scope, of);
    const byId = new Map(roster.map((r) => [r.id, r]));
    for (const tk of takers) {
      choices.add(tk.subjectId);
      if (input.subject_id && tk.subjectId !== input.subject_id) continue;
      const who = byId.get(tk.studentId);
      const subject = subjectById.get(tk.subjectId);
      if (!who || !subject) continue;
      for (const paper of papersOf(c, tk.subjectId)) {
        const key = `${c.id}:${who.streamId ?? 0}:${tk.subjectId}:${paper?.id ?? 0}`;
        let line = lines.get(key);
        if (!line) {
          line = {
            class_id: c.id,
            class_name: c.name,
            stream_id: who.streamId,
            stream_name: who.streamId ? (streamName.get(who.streamId) ?? null) : null,
            subject_id: subject.id,
            subject_name: subject.name,
            subject_code: subject.code,
            paper_id: paper?.id ?? null,
            paper_name: paper?.name ?? null,
            ...empty,
            students: [],
            rank: c.rank,
            paperNo: paper?.number ?? 0,
          };
          lines.set(key, line);
        }
        line.takers += 1;
        const m = mark.get(`${tk.studentId}:${tk.subjectId}:${paper?.id ?? 0}`);
        if (m?.absent) line.absent += 1;
        else if (m && m.mark != null) line.entered += 1;
        else {
          line.missing += 1;
          if (single) line.students.push({ student_id: who.id, name: who.name, admission_no: who.admissionNo });
        }
      }
    }
  }

  const groups = new Map<string, Group>();
  const ordered = [...lines.values()].sort(
    (a, b) =>
      a.rank - b.rank ||
      (a.stream_name ?? '').localeCompare(b.stream_name ?? '') ||
      a.subject_code.localeCompare(b.subject_code, 'en', { numeric: true }) ||
      a.paperNo - b.paperNo,
  );
  for (const { rank: _r, paperNo: _p, ...line } of ordered) {
    const teachers = teachersOf(loads, line);
    const key = teachers.map((l) => l.staffId).join(',') || 'none';
    let group = groups.get(key);
    if (!group) {
      group = {
        staff_ids: teachers.map((l) => l.staffId),
        teacher: teachers.map((l) => l.name).join(' & ') || noTeacher,
        initials: teachers.map((l) => l.initials).join('/') || null,
        phone:
          teachers
            .map((l) => l.phone)
            .filter(Boolean)
            .join(', ') || null,
        ...empty,
        lines: [],
      };
      groups.set(key, group);
    }
    group.takers += line.takers;
    group.entered += line.entered;
    group.absent += line.absent;
    group.missing += line.missing;
    if (line.missing + line.absent > 0) group.lines.push(line);
  }
  const teachers = [...groups.values()].sort((a, b) => b.missing - a.missing || a.teacher.localeCompare(b.teacher));
  const totals = teachers.reduce(
    (t, g) => ({
      takers: t.takers + g.takers,
      entered: t.entered + g.entered,
      absent: t.absent + g.absent,
      missing: t.missing + g.missing,
    }),
    empty,
  );
  const subjectChoices = [...choices]
    .map((id) => subjectById.get(id))
    .filter((s) => s !== undefined)
    .sort((a, b) => a.level.localeCompare(b.level) || a.name.localeCompare(b.name))
    .map((s) => ({ id: s.id, name: s.name, code: s.code, level: s.level }));
  return { year, term, sets, exam_set_id: set.id, subjects: subjectChoices, totals, teachers };
}

type Load = { staffId: number; subjectId: number; classId: number; streamId: number | null; paperId: number | null } & {
  name: string;
  initials: string;
  phone: string | null;
};

/** The most specific loads covering a line (stream over all streams, paper over all papers), one per teacher. */
function teachersOf(loads: Load[], line: Line): Load[] {
  const covering = loads.filter(
    (l) =>
      l.classId === line.class_id &&
      l.subjectId === line.subject_id &&
      (l.streamId == null || l.streamId === line.stream_id) &&
      (l.paperId == null || line.paper_id == null || l.paperId === line.paper_id),
  );
  const weight = (l: Load) => (l.streamId != null ? 2 : 0) + (l.paperId != null && line.paper_id != null ? 1 : 0);
  const best = Math.max(-1, ...covering.map(weight));
  const seen = new Set<number>();
  return covering
    .filter((l) => weight(l) === best && !seen.has(l.staffId) && seen.add(l.staffId))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Missing marks (issue 10 §6): the whole school, one O-Level class, one A-Level class. */
export function missingMarksRoutes({ serve }: ModuleContext) {
  serve(missingMarks, async ({ scope, input }) => ({ data: await missingMarksOf(scope, input, 'school') }));
  serve(classMissingMarks, async ({ scope, input }) => ({ data: await missingMarksOf(scope, input, 'olevel') }));
  serve(alevelClassMissingMarks, async ({ scope, input }) => ({
    data: await missingMarksOf(scope, input, 'alevel'),
  }));
}

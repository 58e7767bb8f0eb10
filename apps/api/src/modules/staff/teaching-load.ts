import {
  classes,
  copyTeachingLoad,
  getTeachingLoadGrid,
  papers,
  setTeachingLoad,
  staff,
  staffSubjects,
  streams,
  subjectChoiceLabel,
  subjectClassRefusal,
  subjectFitsClass,
  subjectLevelsOf,
  subjects,
  teachingLoadTerms,
} from '@somero/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { now as clockNow, thisYear } from '../../core/dates.js';
import { Refusal } from '../../core/errors.js';
import { cachedSchoolSettings } from '../../core/school-settings.js';
import type { SchoolScope } from '../../core/scope.js';
import { afterRemove, afterWrite, beforeWrite } from '../../resources/engine.js';
import type { ModuleContext } from '../module.js';

const moduleName = 'staff';
type LoadRow = typeof staffSubjects.$inferSelect;

/** The school's current year and term (read from its settings row, fresh inside a transaction). */
async function thisTerm(scope: SchoolScope) {
  const s = await cachedSchoolSettings(scope.db, scope.schoolId);
  return { year: s?.currentYear ?? thisYear(), term: s?.currentTerm ?? 1 };
}

/** The term before: Term 3 of the year before Term 1. */
export const termBefore = ({ year, term }: { year: number; term: number }) =>
  term > 1 ? { year, term: term - 1 } : { year: year - 1, term: 3 };

/**
 * Keeps the current term's record of the teaching load equal to the load now, in the caller's
 * transaction: every change to the load calls it, so when the school moves to the next term the record
 * of the term it left is the load as it stood at the end of that term ("last term's load").
 */
export async function recordTeachingLoad(scope: SchoolScope) {
  const { year, term } = await thisTerm(scope);
  await scope.db
    .delete(teachingLoadTerms)
    .where(scope.mine(teachingLoadTerms, eq(teachingLoadTerms.year, year), eq(teachingLoadTerms.term, term)));
  await scope.db.execute(sql`
    insert into teaching_load_terms (school_id, year, term, staff_id, subject_id, class_id, stream_id, paper_id,
      created_at, updated_at)
    select school_id, ${year}, ${term}, staff_id, subject_id, class_id, stream_id, paper_id,
      ${clockNow().toISOString()}::timestamptz, ${clockNow().toISOString()}::timestamptz
    from staff_subjects where school_id = ${scope.schoolId}`);
}

/** A cell of the grid: a subject (or one paper of it) in a class (or one stream of it). */
interface Cell {
  classId: number;
  streamId: number | null;
  subjectId: number;
  paperId: number | null;
}
const cellKey = (c: Cell) => `${c.classId}:${c.streamId ?? 0}:${c.subjectId}:${c.paperId ?? 0}`;
const sameCell = (c: Cell): SQL =>
  and(
    eq(staffSubjects.classId, c.classId),
    eq(staffSubjects.subjectId, c.subjectId),
    c.streamId ? eq(staffSubjects.streamId, c.streamId) : isNull(staffSubjects.streamId),
    c.paperId ? eq(staffSubjects.paperId, c.paperId) : isNull(staffSubjects.paperId),
  ) as SQL;

/**
 * The one check of a load row, for the single-row form and the grid alike: the class takes the subject
 * (its curriculum's level), the stream is the class's, the paper the subject's. Refusals in the school's
 * words. Answers the rows it read, for the caller's messages.
 */
async function checkCell(scope: SchoolScope, c: Cell) {
  const [cls, subject] = await Promise.all([
    scope.table(classes, moduleName).find(c.classId, 'class'),
    scope.table(subjects, moduleName).find(c.subjectId, 'subject'),
  ]);
  const misfit = subjectClassRefusal(subject, cls);
  if (misfit) throw new Refusal(misfit);
  const stream = c.streamId ? await scope.table(streams, moduleName).find(c.streamId, 'stream') : null;
  if (stream && stream.classId !== cls.id) throw new Refusal(`${stream.name} is not a stream of ${cls.name}.`);
  const paper = c.paperId ? await scope.table(papers, moduleName).find(c.paperId, 'paper') : null;
  if (paper && paper.subjectId !== subject.id) throw new Refusal(`${paper.name} is not a paper of ${subject.name}.`);
  return { cls, subject, stream, paper };
}

/** "Physics Paper 2 in S5 East": the cell in the school's words. */
const placeOf = (found: Awaited<ReturnType<typeof checkCell>>) =>
  `${found.subject.name}${found.paper ? ` ${found.paper.name}` : ''} in ${found.cls.name}${
    found.stream ? ` ${found.stream.name}` : ''
  }`;

/** The teacher chosen for a cell: this school's and still on the staff. */
async function activeTeacher(scope: SchoolScope, staffId: number) {
  const member = await scope.table(staff, moduleName).find(staffId, 'staff member');
  if (!member.active) throw new Refusal(`${member.name} is no longer on the staff: choose another teacher.`);
  return member;
}

/** The class's grid: its subjects (A-Level principals per paper) by stream, each cell's teachers. */
async function gridOf(scope: SchoolScope, classId: number) {
  const cls = await scope.table(classes, moduleName).find(classId, 'class');
  const levels = subjectLevelsOf(cls.curriculum);
  const now = await thisTerm(scope);
  const last = termBefore(now);
  const [streamRows, subjectRows, paperRows, load, staffRows, [kept]] = await scope.all(
    () =>
      scope.db
        .select()
        .from(streams)
        .where(scope.mine(streams, eq(streams.classId, cls.id)))
        .orderBy(asc(streams.name)),
    () =>
      scope.db
        .select()
        .from(subjects)
        .where(scope.mine(subjects, levels.length ? inArray(subjects.level, levels) : sql`false`))
        .orderBy(asc(subjects.level), asc(subjects.code), asc(subjects.name)),
    () => scope.db.select().from(papers).where(scope.mine(papers)).orderBy(asc(papers.number)),
    () =>
      scope.db
        .select()
        .from(staffSubjects)
        .where(scope.mine(staffSubjects, eq(staffSubjects.classId, cls.id)))
        .orderBy(asc(staffSubjects.id)),
    () => scope.db.select().from(staff).where(scope.mine(staff)).orderBy(asc(staff.name)),
    () =>
      scope.db
        .select({ n: count() })
        .from(teachingLoadTerms)
        .where(
          scope.mine(
            teachingLoadTerms,
            eq(teachingLoadTerms.year, last.year),
            eq(teachingLoadTerms.term, last.term),
            eq(teachingLoadTerms.classId, cls.id),
          ),
        ),
  );
  const rows: { subject_id: number; paper_id: number | null; subject: string; paper: string | null }[] = [];
  const loaded = new Set(load.map((l) => `${l.subjectId}:${l.paperId ?? 0}`));
  for (const s of subjectRows) {
    const own = paperRows.filter((p) => p.subjectId === s.id);
    const label = subjectChoiceLabel(s);
    // An A-Level principal is taught per paper; a whole-subject row shows too when the load has one.
    const perPaper = s.level === 'alevel' && own.length > 0;
    if (!perPaper || loaded.has(`${s.id}:0`))
      rows.push({ subject_id: s.id, paper_id: null, subject: label, paper: null });
    for (const p of own)
      if (perPaper || loaded.has(`${s.id}:${p.id}`))
        rows.push({ subject_id: s.id, paper_id: p.id, subject: label, paper: p.name });
  }
  const cells = new Map<
    string,
    { subject_id: number; paper_id: number | null; stream_id: number | null; staff_ids: number[] }
  >();
  for (const l of load) {
    const key = cellKey(l);
    const cell = cells.get(key) ?? {
      subject_id: l.subjectId,
      paper_id: l.paperId,
      stream_id: l.streamId,
      staff_ids: [],
    };
    cell.staff_ids.push(l.staffId);
    cells.set(key, cell);
  }
  const holding = new Set(load.map((l) => l.staffId));
  return {
    class: { id: cls.id, name: cls.name, curriculum: cls.curriculum },
    year: now.year,
    term: now.term,
    last: { ...last, rows: Number(kept?.n ?? 0) },
    streams: streamRows.map((s) => ({ id: s.id, name: s.name })),
    rows,
    cells: [...cells.values()],
    teachers: staffRows
      .filter((m) => m.active || holding.has(m.id))
      .map((m) => ({ id: m.id, name: m.name, initials: m.initials, active: m.active })),
  };
}

export function teachingLoadRoutes({ serve }: ModuleContext) {
  // The single-row form (the declared entity's POST) follows the grid's rule, and every change keeps
  // the current term's record.
  beforeWrite('staff_subjects', async (scope, values) => {
    await checkCell(scope, values as unknown as Cell);
  });
  afterWrite('staff_subjects', (scope) => recordTeachingLoad(scope));
  afterRemove('staff_subjects', (scope) => recordTeachingLoad(scope));

  serve(getTeachingLoadGrid, async ({ scope, input }) => ({ data: await gridOf(scope, input.class_id) }));

  serve(setTeachingLoad, async ({ scope, input }) => {
    const cell: Cell = {
      classId: input.class_id,
      streamId: input.stream_id,
      subjectId: input.subject_id,
      paperId: input.paper_id,
    };
    const found = await checkCell(scope, cell);
    const member = input.staff_id ? await activeTeacher(scope, input.staff_id) : null;
    const place = placeOf(found);
    return scope.transaction(async (tx) => {
      const current = await tx.db
        .select()
        .from(staffSubjects)
        .where(tx.mine(staffSubjects, sameCell(cell)))
        .for('update');
      const out = (staffIds: number[], changed: boolean, message: string) => ({
        data: {
          cell: { subject_id: cell.subjectId, paper_id: cell.paperId, stream_id: cell.streamId, staff_ids: staffIds },
          changed,
        },
        message,
      });
      if (current.length > 1) {
        const names = await tx.db
          .select({ name: staff.name })
          .from(staff)
          .where(
            tx.mine(
              staff,
              inArray(
                staff.id,
                current.map((c) => c.staffId),
              ),
            ),
          )
          .orderBy(asc(staff.name));
        throw new Refusal(
          `${place} has ${current.length} teachers (${names.map((n) => n.name).join(' and ')}): change them in the list below.`,
        );
      }
      const [held] = current as (LoadRow | undefined)[];
      if (!member) {
        if (!held) return out([], false, `${place} has no teacher.`);
        await tx.table(staffSubjects, moduleName).remove(held.id);
        await recordTeachingLoad(tx);
        return out([], true, `${place}: no teacher.`);
      }
      if (held?.staffId === member.id) return out([member.id], false, `${member.name} already teaches ${place}.`);
      if (held)
        await tx.table(staffSubjects, moduleName).update(held.id, { staffId: member.id, updatedAt: clockNow() });
      else await tx.table(staffSubjects, moduleName).insert({ ...cell, staffId: member.id });
      await recordTeachingLoad(tx);
      return out([member.id], true, `${member.name} teaches ${place}.`);
    });
  });

  serve(copyTeachingLoad, async ({ scope, input }) => {
    const cls = input.class_id ? await scope.table(classes, moduleName).find(input.class_id, 'class') : null;
    const now = await thisTerm(scope);
    const last = termBefore(now);
    const lastName = `Term ${last.term} ${last.year}`;
    return scope.transaction(async (tx) => {
      const ofClass = <T extends typeof staffSubjects | typeof teachingLoadTerms>(t: T) =>
        cls ? eq(t.classId, cls.id) : undefined;
      const [before, current, classRows, staffRows, subjectRows] = await tx.all(
        () =>
          tx.db
            .select()
            .from(teachingLoadTerms)
            .where(
              tx.mine(
                teachingLoadTerms,
                eq(teachingLoadTerms.year, last.year),
                eq(teachingLoadTerms.term, last.term),
                ofClass(teachingLoadTerms),
              ),
            )
            .orderBy(asc(teachingLoadTerms.id)),
        () =>
          tx.db
            .select()
            .from(staffSubjects)
            .where(tx.mine(staffSubjects, ofClass(staffSubjects)))
            .for('update'),
        () => tx.db.select().from(classes).where(tx.mine(classes)),
        () => tx.db.select({ id: staff.id, active: staff.active }).from(staff).where(tx.mine(staff)),
        () => tx.db.select({ id: subjects.id, level: subjects.level }).from(subjects).where(tx.mine(subjects)),
      );
      if (!before.length)
        throw new Refusal(
          cls
            ? `No teaching load of ${cls.name} was kept for ${lastName}.`
            : `No teaching load was kept for ${lastName}.`,
        );
      const taken = new Set(current.map(cellKey));
      const curriculum = new Map(classRows.map((c) => [c.id, c.curriculum]));
      const active = new Set(staffRows.filter((m) => m.active).map((m) => m.id));
      const level = new Map(subjectRows.map((s) => [s.id, s.level]));
      const keptCells = new Set<string>();
      const leftOut: number[] = [];
      const fresh: (Cell & { staffId: number })[] = [];
      for (const r of before) {
        const key = cellKey(r);
        if (taken.has(key)) {
          keptCells.add(key);
          continue;
        }
        if (
          !active.has(r.staffId) ||
          !subjectFitsClass(level.get(r.subjectId) ?? '', curriculum.get(r.classId) ?? '')
        ) {
          leftOut.push(r.id);
          continue;
        }
        fresh.push({
          classId: r.classId,
          streamId: r.streamId,
          subjectId: r.subjectId,
          paperId: r.paperId,
          staffId: r.staffId,
        });
      }
      if (fresh.length) {
        const made = await tx.db
          .insert(staffSubjects)
          .values(fresh.map((f) => ({ ...f, schoolId: tx.schoolId })))
          .returning();
        await tx.auditMany(
          made.map((row) => ({
            action: 'create',
            module: moduleName,
            entity: 'staff_subjects',
            entityId: row.id,
            after: row,
          })),
        );
        await recordTeachingLoad(tx);
      }
      const parts = [
        fresh.length === 1
          ? `Copied 1 teaching load row from ${lastName}`
          : `Copied ${fresh.length} teaching load rows from ${lastName}`,
        keptCells.size
          ? `${keptCells.size} ${keptCells.size === 1 ? 'cell' : 'cells'} already had a teacher and stayed as they were`
          : '',
        leftOut.length
          ? `${leftOut.length} left out: the teacher has left or the class no longer takes the subject`
          : '',
      ].filter(Boolean);
      return {
        data: {
          year: last.year,
          term: last.term,
          copied: fresh.length,
          kept: keptCells.size,
          left_out: leftOut.length,
        },
        message: `${parts.join('; ')}.`,
      };
    });
  });
}

import { aoiScores, examMarks, type MarksCell, students } from '@somero/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../../core/errors.js';
import type { AuditEntry, SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { users } from '../../../db/schema.js';
import { type Grid, markKey, versionOf } from './grid.js';

/** One cell as a save asks for it. */
export interface CellChange {
  /** The input path of the change, for field messages: `marks.3`, `aoi.0`, or a sheet's "Row 4". */
  field: string;
  studentId: number;
  paperId: number | null;
  competenceId: number | null;
  /** A mark (AOI: a score such as 2.4), absent, or null to clear the cell. */
  value: { mark: number | null; absent: boolean } | null;
  /** The version the grid loaded (null: it was empty); undefined: no check (an import overwrites). */
  version?: string | null;
}

export interface SavedCell {
  student_id: number;
  key: string;
  cell: MarksCell | null;
}

const keyOf = (c: { paperId: number | null; competenceId: number | null }) =>
  c.competenceId ? `c${c.competenceId}` : markKey(c.paperId);

/**
 * Refuses (422, naming the student) what can never be saved: a student who does not take the subject,
 * a mark that is not a whole number from 0 to the set's maximum, an AOI score that is not 1.0–3.0 in
 * steps of 0.1, a paper or competence not of this grid, a cell given twice.
 */
export async function checkChanges(
  scope: SchoolScope,
  grid: Grid,
  changes: CellChange[],
  fieldOf = (f: string, p: string) => `${f}.${p}`,
) {
  const byId = new Map(grid.students.map((s) => [s.id, s]));
  const strangers = [...new Set(changes.map((c) => c.studentId).filter((id) => !byId.has(id)))];
  const names = new Map<number, string>();
  if (strangers.length) {
    const rows = await scope.db
      .select({ id: students.id, surname: students.surname, otherNames: students.otherNames })
      .from(students)
      .where(scope.mine(students, inArray(students.id, strangers)));
    for (const r of rows) names.set(r.id, `${r.surname} ${r.otherNames}`);
  }
  const columns = new Map(grid.columns.map((c) => [c.key, c]));
  const seen = new Set<string>();
  for (const c of changes) {
    const student = byId.get(c.studentId);
    if (!student) {
      const name = names.get(c.studentId);
      if (!name) throw new NotFound('student');
      throw new Invalid(
        fieldOf(c.field, 'student_id'),
        `${name} does not take ${grid.subject.name} in ${grid.cls.name}${grid.stream ? ` ${grid.stream.name}` : ''}`,
      );
    }
    const key = keyOf(c);
    const column = columns.get(key);
    if (!column) {
      if (c.competenceId)
        throw new Invalid(
          fieldOf(c.field, 'competence_id'),
          `This is not a competence of ${grid.subject.name} in ${grid.cls.name} this term`,
        );
      throw new Invalid(fieldOf(c.field, 'paper_id'), `Choose a paper of ${grid.subject.name}`);
    }
    if (seen.has(`${c.studentId}:${key}`))
      throw new Invalid(fieldOf(c.field, 'student_id'), `${student.name}: this mark is given twice`);
    seen.add(`${c.studentId}:${key}`);
    const v = c.value;
    if (!v) continue;
    if (column.kind === 'aoi') {
      const tenths = v.mark === null ? Number.NaN : Math.round(v.mark * 10);
      if (v.absent || v.mark === null)
        throw new Invalid(fieldOf(c.field, 'score'), `${student.name}: enter a score from 1.0 to 3.0`);
      if (Math.abs(v.mark * 10 - tenths) > 1e-6)
        throw new Invalid(fieldOf(c.field, 'score'), `${student.name}: a score goes in steps of 0.1, e.g. 2.4`);
      if (tenths < 10 || tenths > 30)
        throw new Invalid(fieldOf(c.field, 'score'), `${student.name}: a score is from 1.0 to 3.0`);
      continue;
    }
    if (v.absent && v.mark !== null)
      throw new Invalid(fieldOf(c.field, 'mark'), `${student.name}: give a mark or absent, not both`);
    if (v.mark === null) {
      if (!v.absent) throw new Invalid(fieldOf(c.field, 'mark'), `${student.name}: enter a mark`);
      continue;
    }
    if (!Number.isInteger(v.mark))
      throw new Invalid(fieldOf(c.field, 'mark'), `${student.name}: a mark is a whole number`);
    if (v.mark < 0) throw new Invalid(fieldOf(c.field, 'mark'), `${student.name}: a mark cannot be negative`);
    if (v.mark > grid.set.maxMark)
      throw new Invalid(
        fieldOf(c.field, 'mark'),
        `${student.name}: the highest mark in ${grid.set.name} is ${grid.set.maxMark}`,
      );
  }
}

/** Refuses (202) a teacher's change outside their teaching load: another stream, another paper. */
export function checkReach(grid: Grid, changes: CellChange[]) {
  if (grid.reach.all) return;
  const load = grid.reach.load;
  for (const c of changes) {
    const student = grid.students.find((s) => s.id === c.studentId);
    const rows = load.filter((l) => l.streamId === null || l.streamId === student?.streamId);
    if (!rows.length) {
      const stream = student?.streamId ? grid.streamNames.get(student.streamId) : undefined;
      throw new Refusal(`You do not teach ${grid.subject.name} in ${grid.cls.name}${stream ? ` ${stream}` : ''}.`);
    }
    if (c.paperId && !rows.some((l) => l.paperId === null || l.paperId === c.paperId)) {
      const paper = grid.columns.find((col) => col.paper_id === c.paperId);
      throw new Refusal(`You do not teach ${grid.subject.name} ${paper?.label ?? ''} in ${grid.cls.name}.`);
    }
  }
}

interface Current {
  id: number;
  enteredBy: number | null;
  mark: number | null;
  absent: boolean;
  version: string;
  by: string | null;
}

const same = (a: Current | undefined, b: CellChange['value']) =>
  a ? b !== null && a.mark === b.mark && a.absent === b.absent : b === null;
const shown = (c: { mark: number | null; absent: boolean }, aoi: boolean) =>
  c.absent ? 'absent' : aoi ? (c.mark as number).toFixed(1) : String(c.mark);

/**
 * Saves cells of one grid in one transaction, each only when it changed, one audit row per changed
 * cell. A cell changed by someone else since the grid loaded it (its version differs) is never
 * overwritten: the whole save is refused (202) naming who changed it and to what.
 */
export async function saveCells(
  scope: SchoolScope,
  grid: Grid,
  changes: CellChange[],
): Promise<{ cells: SavedCell[]; changed: number }> {
  const nameOf = new Map(grid.students.map((s) => [s.id, s.name]));
  const columnOf = new Map(grid.columns.map((c) => [c.key, c]));
  const cellId = (c: CellChange) =>
    c.competenceId
      ? `aoi:${c.competenceId}:${c.studentId}`
      : `mark:${grid.set.id}:${c.studentId}:${grid.subject.id}:${c.paperId ?? 0}`;
  const userId = scope.actor.userId;

  return scope.transaction(async (tx) => {
    const read = async () => {
      const current = new Map<string, Current>();
      const studentIds = [...new Set(changes.map((c) => c.studentId))];
      if (!studentIds.length) return current;
      if (changes.some((c) => !c.competenceId)) {
        const rows = await tx.db
          .select({
            id: examMarks.id,
            studentId: examMarks.studentId,
            paperId: examMarks.paperId,
            mark: examMarks.mark,
            absent: examMarks.absent,
            enteredBy: examMarks.enteredBy,
            updatedAt: examMarks.updatedAt,
            by: users.name,
          })
          .from(examMarks)
          .leftJoin(users, and(eq(users.schoolId, examMarks.schoolId), eq(users.id, examMarks.enteredBy)))
          .where(
            tx.mine(
              examMarks,
              eq(examMarks.examSetId, grid.set.id),
              eq(examMarks.subjectId, grid.subject.id),
              inArray(examMarks.studentId, studentIds),
            ),
          )
          .for('update', { of: examMarks });
        for (const r of rows)
          current.set(`${r.studentId}:${markKey(r.paperId)}`, {
            ...r,
            version: versionOf(r.updatedAt),
            by: r.by ?? null,
          });
      }
      const competenceIds = [...new Set(changes.flatMap((c) => (c.competenceId ? [c.competenceId] : [])))];
      if (competenceIds.length) {
        const rows = await tx.db
          .select({
            id: aoiScores.id,
            studentId: aoiScores.studentId,
            competenceId: aoiScores.competenceId,
            tenths: aoiScores.scoreTenths,
            enteredBy: aoiScores.enteredBy,
            updatedAt: aoiScores.updatedAt,
            by: users.name,
          })
          .from(aoiScores)
          .leftJoin(users, and(eq(users.schoolId, aoiScores.schoolId), eq(users.id, aoiScores.enteredBy)))
          .where(
            tx.mine(
              aoiScores,
              inArray(aoiScores.competenceId, competenceIds),
              inArray(aoiScores.studentId, studentIds),
            ),
          )
          .for('update', { of: aoiScores });
        for (const r of rows)
          current.set(`${r.studentId}:c${r.competenceId}`, {
            id: r.id,
            enteredBy: r.enteredBy,
            mark: r.tenths / 10,
            absent: false,
            version: versionOf(r.updatedAt),
            by: r.by ?? null,
          });
      }
      return current;
    };

    /** Who cleared a cell, from the audit trail (the row is gone). */
    const clearedBy = async (c: CellChange) => {
      const [row] = await sqlRows<{ user_name: string | null }>(
        tx.db,
        sql`select user_name from audits where school_id = ${tx.schoolId} and action = 'clear mark'
            and before->>'cell' = ${cellId(c)} order by id desc limit 1`,
      );
      return row?.user_name ?? null;
    };

    const refuseConflicts = async (current: Map<string, Current>, conflicts: CellChange[]) => {
      const lines: string[] = [];
      for (const c of conflicts.slice(0, 3)) {
        const key = keyOf(c);
        const now = current.get(`${c.studentId}:${key}`);
        const column = columnOf.get(key);
        const what = `${nameOf.get(c.studentId)}'s ${column?.kind === 'aoi' ? `score for ${column.label}` : column?.key === 'mark' ? 'mark' : `${column?.label} mark`}`;
        lines.push(
          now
            ? `${now.by ?? 'Another user'} changed ${what} to ${shown(now, column?.kind === 'aoi')}`
            : `${(await clearedBy(c)) ?? 'Another user'} cleared ${what}`,
        );
      }
      const more = conflicts.length > 3 ? ` (and ${conflicts.length - 3} more)` : '';
      throw new Refusal(
        `${lines.join('; ')}${more} after you opened the sheet. Their marks are kept: check them and enter yours again.`,
      );
    };

    const current = await read();
    const changed = changes.filter((c) => !same(current.get(`${c.studentId}:${keyOf(c)}`), c.value));
    // The caller's own later save (a cell changed again before the first answer came) is no conflict.
    const conflicts = changed.filter((c) => {
      const now = current.get(`${c.studentId}:${keyOf(c)}`);
      return c.version !== undefined && (now?.version ?? null) !== c.version && !(now && now.enteredBy === userId);
    });
    if (conflicts.length) await refuseConflicts(current, conflicts);

    const now = clockNow();
    const audits: AuditEntry[] = [];
    const record = (c: CellChange, action: string, id: number, before: Current | undefined) => {
      const column = columnOf.get(keyOf(c));
      const value = (v: { mark: number | null; absent: boolean } | null | undefined) =>
        v ? { mark: v.mark, absent: v.absent } : null;
      audits.push({
        action,
        module: 'exams',
        entity: column?.kind === 'aoi' ? 'aoi_scores' : 'exam_marks',
        entityId: id,
        before: {
          cell: cellId(c),
          student: nameOf.get(c.studentId),
          subject: grid.subject.name,
          set: grid.set.name,
          column: column?.label,
          ...value(before),
        },
        after: c.value
          ? {
              cell: cellId(c),
              student: nameOf.get(c.studentId),
              subject: grid.subject.name,
              set: grid.set.name,
              column: column?.label,
              ...value(c.value),
            }
          : null,
      });
    };
    // The writes in a few statements whatever the number of cells: clears, changes, then new cells.
    const before = (c: CellChange) => current.get(`${c.studentId}:${keyOf(c)}`);
    const isAoi = (c: CellChange) => Boolean(c.competenceId);
    const cleared = changed.filter((c) => !c.value && before(c));
    const updated = changed.filter((c) => c.value && before(c));
    const added = changed.filter((c) => c.value && !before(c));
    const idsOf = (list: CellChange[]) => list.map((c) => (before(c) as Current).id);
    const intArray = (values: (number | null)[]) => `{${values.map((v) => (v === null ? 'NULL' : v)).join(',')}}`;
    const tenths = (c: CellChange) => Math.round((c.value?.mark as number) * 10);

    const clearedMarks = cleared.filter((c) => !isAoi(c));
    const clearedScores = cleared.filter(isAoi);
    if (clearedMarks.length)
      await tx.db.delete(examMarks).where(tx.mine(examMarks, inArray(examMarks.id, idsOf(clearedMarks))));
    if (clearedScores.length)
      await tx.db.delete(aoiScores).where(tx.mine(aoiScores, inArray(aoiScores.id, idsOf(clearedScores))));
    for (const c of cleared) record(c, 'clear mark', (before(c) as Current).id, before(c));

    const updatedMarks = updated.filter((c) => !isAoi(c));
    const updatedScores = updated.filter(isAoi);
    if (updatedMarks.length)
      await tx.db.execute(sql`update exam_marks e set mark = v.mark, absent = v.absent, entered_by = ${userId},
          updated_at = ${now.toISOString()}::timestamptz
        from unnest(${intArray(idsOf(updatedMarks))}::int[], ${intArray(updatedMarks.map((c) => c.value?.mark ?? null))}::int[],
          ${`{${updatedMarks.map((c) => (c.value?.absent ? 't' : 'f')).join(',')}}`}::boolean[]) as v(id, mark, absent)
        where e.school_id = ${tx.schoolId} and e.id = v.id`);
    if (updatedScores.length)
      await tx.db.execute(sql`update aoi_scores a set score_tenths = v.tenths, entered_by = ${userId},
          updated_at = ${now.toISOString()}::timestamptz
        from unnest(${intArray(idsOf(updatedScores))}::int[], ${intArray(updatedScores.map(tenths))}::int[]) as v(id, tenths)
        where a.school_id = ${tx.schoolId} and a.id = v.id`);
    for (const c of updated) record(c, 'change mark', (before(c) as Current).id, before(c));

    // Two teachers adding the same empty cell at once: the second finds the first's row and is refused.
    let raced: CellChange[] = [];
    const addedMarks = added.filter((c) => !isAoi(c));
    const addedScores = added.filter(isAoi);
    if (addedMarks.length) {
      const rows = await tx.db
        .insert(examMarks)
        .values(
          addedMarks.map((c) => ({
            schoolId: tx.schoolId,
            examSetId: grid.set.id,
            studentId: c.studentId,
            subjectId: grid.subject.id,
            paperId: c.paperId,
            mark: c.value?.mark ?? null,
            absent: c.value?.absent ?? false,
            enteredBy: userId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: examMarks.id, studentId: examMarks.studentId, paperId: examMarks.paperId });
      const made = new Map(rows.map((r) => [`${r.studentId}:${markKey(r.paperId)}`, r.id]));
      for (const c of addedMarks) {
        const id = made.get(`${c.studentId}:${keyOf(c)}`);
        if (id === undefined) raced = [...raced, c];
        else record(c, 'enter mark', id, undefined);
      }
    }
    if (addedScores.length) {
      const rows = await tx.db
        .insert(aoiScores)
        .values(
          addedScores.map((c) => ({
            schoolId: tx.schoolId,
            competenceId: c.competenceId as number,
            studentId: c.studentId,
            scoreTenths: tenths(c),
            enteredBy: userId,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: aoiScores.id, studentId: aoiScores.studentId, competenceId: aoiScores.competenceId });
      const made = new Map(rows.map((r) => [`${r.studentId}:c${r.competenceId}`, r.id]));
      for (const c of addedScores) {
        const id = made.get(`${c.studentId}:${keyOf(c)}`);
        if (id === undefined) raced = [...raced, c];
        else record(c, 'enter mark', id, undefined);
      }
    }
    if (raced.length) {
      if (raced.every((c) => c.version === undefined))
        throw new Refusal('Someone saved these marks at the same moment. Import the file again.');
      await refuseConflicts(await read(), raced);
    }
    await tx.auditMany(audits);

    const version = versionOf(now);
    const cells = changes.map((c): SavedCell => {
      const key = keyOf(c);
      const before = current.get(`${c.studentId}:${key}`);
      const wasChanged = changed.includes(c);
      const by = wasChanged ? scope.actor.name : (before?.by ?? null);
      return {
        student_id: c.studentId,
        key,
        cell: c.value
          ? {
              mark: c.value.mark,
              absent: c.value.absent,
              version: wasChanged ? version : (before as Current).version,
              by,
            }
          : null,
      };
    });
    return { cells, changed: audits.length };
  });
}

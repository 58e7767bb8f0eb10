import {
  classes,
  examMarks,
  examSets,
  fetchAlevelStudents,
  fetchStudents,
  fetchStudentsNew,
  importMarks,
  isAdministratorType,
  type MarksGrid,
  marksChoices,
  marksTemplate,
  messages,
  saveAlevelExamMark,
  saveAllExamMark,
  saveExamMark,
  saveExamMarkNew,
  streams,
  subjectInitials,
  subjects,
  updateInitials,
} from '@somero/contract';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../../core/auth.js';
import { now } from '../../../core/dates.js';
import { Invalid } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { users } from '../../../db/schema.js';
import { renderDocument } from '../../../documents/heavy.js';
import { decodeUpload, exampleRefusals, readSheet } from '../../../documents/spreadsheet.js';
import type { ModuleContext } from '../../module.js';
import {
  type Curriculum,
  type Grid,
  initialsFor,
  mayEnter,
  openGrid,
  placeOf,
  sameStream,
  savedCells,
  teachingLoad,
} from './grid.js';
import { type CellChange, checkChanges, checkReach, saveCells } from './save.js';

type GridInput = { exam_set_id: number; class_id: number; stream_id?: number | null; subject_id: number };

async function gridReply(scope: SchoolScope, caller: Caller, input: GridInput, curriculum: Curriculum) {
  const grid = await openGrid(scope, caller, input, curriculum, false);
  const cells = await savedCells(scope, grid);
  const data: MarksGrid = {
    exam_set: {
      id: grid.set.id,
      name: grid.set.name,
      max_mark: grid.set.maxMark,
      year: grid.set.year,
      term: grid.set.term,
    },
    class_name: grid.cls.name,
    stream_name: grid.stream?.name ?? null,
    curriculum: grid.cls.curriculum,
    subject: { id: grid.subject.id, name: grid.subject.name, code: grid.subject.code },
    columns: grid.columns,
    students: grid.students.map((s) => ({
      id: s.id,
      admission_no: s.admissionNo,
      name: s.name,
      cells: cells.get(s.id) ?? {},
    })),
    editable: grid.editable,
    initials: await initialsFor(scope, grid.cls.id, grid.stream?.id ?? null, grid.subject.id),
  };
  return { data };
}

/** Checks and saves a grid's changes; the notice of the specification on success. */
async function save(scope: SchoolScope, grid: Grid, changes: CellChange[]) {
  await checkChanges(scope, grid, changes);
  checkReach(grid, changes);
  const data = await saveCells(scope, grid, changes);
  return { data, message: messages.marks.save.success };
}

/** A typed cell's value: absent, a mark, or nothing (clear). */
const typed = (m: { mark: number | null; absent: boolean }) =>
  m.absent ? { mark: m.mark, absent: true } : m.mark === null ? null : { mark: m.mark, absent: false };

/** "a", "abs", "absent" (any case) in a sheet or a grid mean absent. */
export const isAbsentWord = (text: string) => /^(a|abs|absent)$/i.test(text.trim());

export function marksRoutes({ serve }: ModuleContext) {
  serve(marksChoices, async ({ scope, caller }) => {
    const [sets, classRows, streamRows, subjectRows, load] = await Promise.all([
      scope.db
        .select()
        .from(examSets)
        .where(scope.mine(examSets))
        .orderBy(desc(examSets.year), desc(examSets.term), asc(examSets.rank), asc(examSets.id)),
      scope.db.select().from(classes).where(scope.mine(classes)).orderBy(asc(classes.rank), asc(classes.name)),
      scope.db.select().from(streams).where(scope.mine(streams)).orderBy(asc(streams.name)),
      scope.db.select().from(subjects).where(scope.mine(subjects)).orderBy(asc(subjects.name)),
      teachingLoad(scope, caller.userId),
    ]);
    return {
      data: {
        exam_sets: sets.map((x) => ({
          id: x.id,
          name: x.name,
          year: x.year,
          term: x.term,
          curriculum: x.curriculum,
          max_mark: x.maxMark,
          class_ids: x.classIds,
        })),
        classes: classRows.map((c) => ({ id: c.id, name: c.name, curriculum: c.curriculum })),
        streams: streamRows.map((x) => ({ id: x.id, class_id: x.classId, name: x.name })),
        subjects: subjectRows.map((x) => ({ id: x.id, name: x.name, code: x.code, level: x.level })),
        load: load.map((l) => ({
          class_id: l.classId,
          stream_id: l.streamId,
          subject_id: l.subjectId,
          paper_id: l.paperId,
        })),
        every_class: isAdministratorType(caller.type) || caller.flags.manage_exam_marks === true,
      },
    };
  });

  serve(fetchStudents, ({ input, scope, caller }) => gridReply(scope, caller, input, 'old'));
  serve(fetchStudentsNew, ({ input, scope, caller }) => gridReply(scope, caller, input, 'new'));
  serve(fetchAlevelStudents, ({ input, scope, caller }) => gridReply(scope, caller, input, 'alevel'));

  serve(saveExamMark, async ({ input, scope, caller }) => {
    const grid = await openGrid(scope, caller, input, 'old', true);
    const changes = input.marks.map(
      (m, i): CellChange => ({
        field: `marks.${i}`,
        studentId: m.student_id,
        paperId: null,
        competenceId: null,
        value: typed(m),
        version: m.version,
      }),
    );
    return save(scope, grid, changes);
  });

  serve(saveExamMarkNew, async ({ input, scope, caller }) => {
    const grid = await openGrid(scope, caller, input, 'new', true);
    const changes = [
      ...input.marks.map(
        (m, i): CellChange => ({
          field: `marks.${i}`,
          studentId: m.student_id,
          paperId: null,
          competenceId: null,
          value: typed(m),
          version: m.version,
        }),
      ),
      ...input.aoi.map(
        (a, i): CellChange => ({
          field: `aoi.${i}`,
          studentId: a.student_id,
          paperId: null,
          competenceId: a.competence_id,
          value: a.score === null ? null : { mark: a.score, absent: false },
          version: a.version,
        }),
      ),
    ];
    return save(scope, grid, changes);
  });

  serve(saveAlevelExamMark, async ({ input, scope, caller }) => {
    const grid = await openGrid(scope, caller, input, 'alevel', true);
    const changes = input.marks.map(
      (m, i): CellChange => ({
        field: `marks.${i}`,
        studentId: m.student_id,
        paperId: m.paper_id,
        competenceId: null,
        value: typed(m),
        version: m.version,
      }),
    );
    return save(scope, grid, changes);
  });

  // The specification names GET save_all_exam_mark without detail: it answers how far a grid is saved
  // (per column: entered, absent, missing, and the last save), which the grid shows above the sheet.
  serve(saveAllExamMark, async ({ input, scope, caller }) => {
    const grid = await openGrid(scope, caller, input, null, false);
    const cells = await savedCells(scope, grid);
    const ids = grid.students.map((s) => s.id);
    const [last] = ids.length
      ? await scope.db
          .select({ at: examMarks.updatedAt, by: users.name })
          .from(examMarks)
          .leftJoin(users, and(eq(users.schoolId, examMarks.schoolId), eq(users.id, examMarks.enteredBy)))
          .where(
            scope.mine(
              examMarks,
              eq(examMarks.examSetId, grid.set.id),
              eq(examMarks.subjectId, grid.subject.id),
              inArray(examMarks.studentId, ids),
            ),
          )
          .orderBy(desc(examMarks.updatedAt))
          .limit(1)
      : [];
    return {
      data: {
        takers: ids.length,
        columns: grid.columns.map((col) => {
          const filled = ids.map((id) => cells.get(id)?.[col.key]).filter((c) => c !== undefined);
          const absent = filled.filter((c) => c.absent).length;
          return {
            key: col.key,
            label: col.label,
            entered: filled.length - absent,
            absent,
            missing: ids.length - filled.length,
          };
        }),
        last_saved_at: last?.at.toISOString() ?? null,
        last_saved_by: last?.by ?? null,
      },
    };
  });

  serve(marksTemplate, async ({ input, scope, caller, reply }) => {
    const grid = await openGrid(scope, caller, input, null, true);
    const column = columnToImport(grid, input.paper_id ?? null);
    const rows = grid.students
      .filter((s) => grid.reach.all || grid.reach.load.some((l) => l.streamId === null || l.streamId === s.streamId))
      .map((s) => ({ admission_no: s.admissionNo, student: s.name, mark: null }));
    // Written in the document workers (a class's list is light: it waits for no printing).
    const sheet = await renderDocument(
      reply,
      false,
      'sheet',
      `${grid.cls.name} ${grid.subject.name}`,
      [
        { header: 'Admission No', key: 'admission_no', width: 14 },
        { header: 'Student', key: 'student', width: 28 },
        { header: `Mark (out of ${grid.set.maxMark})`, key: 'mark', width: 16 },
      ],
      rows,
    );
    const name =
      `marks-${grid.cls.name}-${grid.subject.code}-${grid.set.name}${column.paper_id ? `-${column.label}` : ''}`
        .replace(/[^A-Za-z0-9-]+/g, '-')
        .toLowerCase();
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}.xlsx"`)
      .send(sheet);
  });

  /** All or nothing: every row is checked like a typed mark; one bad row and nothing is written. */
  serve(importMarks, async ({ input, scope, caller }) => {
    const failure = messages.marks.import.failure;
    const grid = await openGrid(scope, caller, input, null, true);
    const column = columnToImport(grid, input.paper_id ?? null);
    const sheet = await readSheet(decodeUpload(input.data));
    const refused = exampleRefusals(sheet);
    if (refused) return { data: { imported: 0, rejected: refused }, message: failure };
    const markHeader = sheet.headers.find((h) => h === 'mark' || h.startsWith('mark_'));
    const missing = [
      ...(sheet.headers.includes('admission_no') ? [] : ['The column Admission No is missing']),
      ...(markHeader ? [] : ['The column Mark is missing']),
    ];
    if (missing.length) return { data: { imported: 0, rejected: [{ row: 1, errors: missing }] }, message: failure };

    const byAdmission = new Map(grid.students.map((s) => [s.admissionNo.toLowerCase(), s]));
    const rejected: { row: number; errors: string[] }[] = [];
    const changes: CellChange[] = [];
    const firstRow = new Map<number, number>();
    for (const { row, values } of sheet.rows) {
      const text = values[markHeader as string] ?? '';
      if (!text) continue; // an empty mark leaves the saved mark as it is
      const student = byAdmission.get((values.admission_no ?? '').toLowerCase());
      const fail = (error: string) => rejected.push({ row, errors: [error] });
      if (!values.admission_no) {
        fail('Admission No: enter the admission number');
        continue;
      }
      if (!student) {
        fail(
          `Admission No: ${values.admission_no} does not take ${grid.subject.name} in ${grid.cls.name}${grid.stream ? ` ${grid.stream.name}` : ''}`,
        );
        continue;
      }
      if (firstRow.has(student.id)) {
        fail(`${student.name} is also on row ${firstRow.get(student.id)}`);
        continue;
      }
      firstRow.set(student.id, row);
      const mark = Number(text);
      const value = isAbsentWord(text)
        ? { mark: null, absent: true }
        : { mark: Number.isNaN(mark) ? Number.NaN : mark, absent: false };
      if (Number.isNaN(value.mark)) {
        fail(`Mark: ${student.name}: "${text}" is not a mark; enter a whole number or "a" for absent`);
        continue;
      }
      const change: CellChange = {
        field: `Row ${row}`,
        studentId: student.id,
        paperId: column.paper_id,
        competenceId: null,
        value: value as CellChange['value'],
      };
      try {
        await checkChanges(scope, grid, [change]);
        checkReach(grid, [change]);
        changes.push(change);
      } catch (error) {
        fail(`Mark: ${(error as Error).message}`);
      }
    }
    if (rejected.length) return { data: { imported: 0, rejected }, message: failure };
    if (!changes.length)
      return {
        data: { imported: 0, rejected: [{ row: 1, errors: ['Nothing to import: no row has a mark.'] }] },
        message: failure,
      };
    await saveCells(scope, grid, changes);
    return { data: { imported: changes.length, rejected: [] }, message: messages.marks.import.success };
  });

  // Kept per class (or stream) and subject in `subject_initials`; empty removes the row, so the
  // marksheet goes back to the initials of the teacher whose load holds the subject.
  serve(updateInitials, async ({ input, scope, caller }) => {
    const { cls, stream, subject } = await placeOf(scope, input);
    await mayEnter(scope, caller, { cls, stream, subject });
    const streamId = stream?.id ?? null;
    const where = scope.mine(
      subjectInitials,
      eq(subjectInitials.classId, cls.id),
      eq(subjectInitials.subjectId, subject.id),
      sameStream(streamId),
    );
    await scope.transaction(async (tx) => {
      const [before] = await tx.db.select().from(subjectInitials).where(where).for('update');
      const initials = input.initials.toUpperCase();
      if ((before?.initials ?? '') === initials) return;
      const table = tx.table(subjectInitials, 'exams');
      if (!initials) await table.remove(before!.id);
      else if (before) await table.update(before.id, { initials, updatedAt: now() });
      else await table.insert({ classId: cls.id, streamId, subjectId: subject.id, initials });
    });
    return {
      data: { initials: await initialsFor(scope, cls.id, streamId, subject.id) },
      message: messages.marks.initials.success,
    };
  });
}

/** The column an import fills: the exam mark, or (A-Level) the chosen paper. */
function columnToImport(grid: Grid, paperId: number | null) {
  const marks = grid.columns.filter((c) => c.kind === 'mark');
  const column = paperId ? marks.find((c) => c.paper_id === paperId) : marks.length === 1 ? marks[0] : undefined;
  if (!column) throw new Invalid('paper_id', `Choose a paper of ${grid.subject.name}`);
  return column;
}

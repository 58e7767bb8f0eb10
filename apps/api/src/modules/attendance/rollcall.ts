import {
  changeRollcallMark,
  classes,
  type RollcallReportRow,
  type RollcallView,
  rollcallCategories,
  rollcallComment,
  rollcallMarks,
  rollcallReport,
  rollcalls,
  streams,
  students,
  takeRollcall,
} from '@somero/contract';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { now, today } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { checkRange } from '../reports.js';
import { kampalaTime } from './rules.js';
import { answerReport } from './summary.js';

const studentName = sql<string>`${students.surname} || ' ' || ${students.otherNames}`;

interface Group {
  classId: number | null;
  streamId: number | null;
  house: string | null;
}

/** "S2 East", "S2" or "House: Nile". */
async function groupLabel(scope: SchoolScope, g: Group): Promise<string> {
  if (!g.classId) return `House: ${g.house ?? ''}`;
  const [c] = await scope.db
    .select({ name: classes.name })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, g.classId)));
  if (!c) throw new NotFound('class');
  if (!g.streamId) return c.name;
  const [s] = await scope.db
    .select({ name: streams.name })
    .from(streams)
    .where(scope.mine(streams, eq(streams.id, g.streamId)));
  if (!s) throw new NotFound('stream');
  return `${c.name} ${s.name}`;
}

/** The current students of a class (or stream) or a house, by name. */
function groupStudents(scope: SchoolScope, g: Group) {
  return scope.db
    .select({ id: students.id, name: studentName, admissionNo: students.admissionNo })
    .from(students)
    .where(
      scope.mine(
        students,
        eq(students.status, 'current'),
        g.classId ? eq(students.classId, g.classId) : undefined,
        g.streamId ? eq(students.streamId, g.streamId) : undefined,
        g.house ? sql`lower(${students.house}) = lower(${g.house})` : undefined,
      ),
    )
    .orderBy(asc(students.surname), asc(students.otherNames));
}

async function categoryName(scope: SchoolScope, id: number) {
  const [c] = await scope.db
    .select({ name: rollcallCategories.name })
    .from(rollcallCategories)
    .where(scope.mine(rollcallCategories, eq(rollcallCategories.id, id)));
  if (!c) throw new NotFound('roll-call category');
  return c.name;
}

/** A taken roll-call with its marks. */
async function rollcallView(scope: SchoolScope, id: number): Promise<RollcallView> {
  const roll = await scope.table(rollcalls, 'attendance').find(id, 'roll-call');
  const [category, group, marks] = await Promise.all([
    categoryName(scope, roll.categoryId),
    groupLabel(scope, roll),
    scope.db
      .select({
        markId: rollcallMarks.id,
        studentId: students.id,
        name: studentName,
        admissionNo: students.admissionNo,
        present: rollcallMarks.present,
      })
      .from(rollcallMarks)
      .innerJoin(students, and(eq(students.schoolId, rollcallMarks.schoolId), eq(students.id, rollcallMarks.studentId)))
      .where(scope.mine(rollcallMarks, eq(rollcallMarks.rollcallId, id)))
      .orderBy(asc(students.surname), asc(students.otherNames)),
  ]);
  const present = marks.filter((m) => m.present).length;
  return {
    id,
    category_id: roll.categoryId,
    category,
    group,
    date: roll.day,
    taken_at: roll.takenAt.toISOString(),
    taken_by: roll.takenBy,
    comment: roll.comment,
    present,
    absent: marks.length - present,
    students: marks.map((m) => ({
      mark_id: m.markId,
      student_id: m.studentId,
      name: m.name,
      admission_no: m.admissionNo,
      present: m.present,
    })),
  };
}

export function rollcallRoutes({ serve }: ModuleContext) {
  serve(takeRollcall, async ({ input, scope }) => {
    const day = input.date ?? today();
    if (day > today()) throw new Invalid('date', 'A roll-call cannot be taken for a day still to come');
    if (!input.class_id && !input.house) throw new Invalid('class_id', 'Choose the class or the house');
    if (input.stream_id && !input.class_id) throw new Invalid('class_id', 'Choose the class of the stream');
    const group: Group = {
      classId: input.class_id ?? null,
      streamId: input.stream_id ?? null,
      house: input.class_id ? null : (input.house ?? null),
    };
    const category = await categoryName(scope, input.category_id);
    const label = await groupLabel(scope, group);
    const [taken] = await scope.db
      .select({ id: rollcalls.id, takenAt: rollcalls.takenAt, takenBy: rollcalls.takenBy })
      .from(rollcalls)
      .where(
        scope.mine(
          rollcalls,
          eq(rollcalls.categoryId, input.category_id),
          eq(rollcalls.day, day),
          group.classId ? eq(rollcalls.classId, group.classId) : isNull(rollcalls.classId),
          group.streamId ? eq(rollcalls.streamId, group.streamId) : isNull(rollcalls.streamId),
          group.house ? eq(rollcalls.house, group.house) : isNull(rollcalls.house),
        ),
      );
    if (taken && input.absent)
      throw new Refusal(
        `${category} for ${label} was already taken at ${kampalaTime(taken.takenAt)} by ${taken.takenBy}: change its marks instead.`,
      );
    if (taken) return { data: await rollcallView(scope, taken.id) };
    const people = await groupStudents(scope, group);
    if (!input.absent) {
      return {
        data: {
          id: null,
          category_id: input.category_id,
          category,
          group: label,
          date: day,
          taken_at: null,
          taken_by: null,
          comment: null,
          present: people.length,
          absent: 0,
          students: people.map((p) => ({
            mark_id: null,
            student_id: p.id,
            name: p.name,
            admission_no: p.admissionNo,
            present: true,
          })),
        },
      };
    }
    if (!people.length) throw new Refusal(`${label} has no students.`);
    const absent = new Set(input.absent);
    const known = new Set(people.map((p) => p.id));
    if (input.absent.some((a) => !known.has(a))) throw new Refusal(`Some of the students ticked are not in ${label}.`);
    const id = await scope.transaction(async (tx) => {
      const roll = await tx.table(rollcalls, 'attendance').insert({
        categoryId: input.category_id,
        ...group,
        day,
        takenAt: now(),
        takenBy: tx.actor.name ?? 'System',
      });
      // One statement for the marks; the roll-call's audit row names it, the marks are its contents.
      await tx.db.insert(rollcallMarks).values(
        people.map((p) => ({
          schoolId: tx.schoolId,
          rollcallId: roll.id,
          studentId: p.id,
          present: !absent.has(p.id),
        })),
      );
      return roll.id;
    });
    const view = await rollcallView(scope, id);
    return { data: view, message: `Roll-call taken: ${view.present} present, ${view.absent} absent` };
  });

  serve(changeRollcallMark, async ({ id, scope }) => {
    const mark = await scope.table(rollcallMarks, 'attendance').find(id, 'roll-call mark');
    await scope
      .table(rollcallMarks, 'attendance')
      .update(id, { present: !mark.present, changedBy: scope.actor.name ?? 'System', updatedAt: now() }, 'change');
    const view = await rollcallView(scope, mark.rollcallId);
    const who = view.students.find((s) => s.mark_id === id);
    return { data: view, message: `${who?.name ?? 'Mark'} now ${mark.present ? 'absent' : 'present'}` };
  });

  serve(rollcallComment, async ({ input, scope }) => {
    await scope.table(rollcalls, 'attendance').find(input.rollcall_id, 'roll-call');
    await scope
      .table(rollcalls, 'attendance')
      .update(input.rollcall_id, { comment: input.comment ?? null, updatedAt: now() }, 'comment');
    return { data: await rollcallView(scope, input.rollcall_id), message: 'Comment saved' };
  });

  serve(rollcallReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const rolls = await scope.db
      .select({
        id: rollcalls.id,
        day: rollcalls.day,
        category: rollcallCategories.name,
        className: classes.name,
        streamName: streams.name,
        house: rollcalls.house,
        takenAt: rollcalls.takenAt,
        takenBy: rollcalls.takenBy,
        comment: rollcalls.comment,
      })
      .from(rollcalls)
      .innerJoin(
        rollcallCategories,
        and(eq(rollcallCategories.schoolId, rollcalls.schoolId), eq(rollcallCategories.id, rollcalls.categoryId)),
      )
      .leftJoin(classes, and(eq(classes.schoolId, rollcalls.schoolId), eq(classes.id, rollcalls.classId)))
      .leftJoin(streams, and(eq(streams.schoolId, rollcalls.schoolId), eq(streams.id, rollcalls.streamId)))
      .where(
        scope.mine(
          rollcalls,
          gte(rollcalls.day, input.from),
          lte(rollcalls.day, input.to),
          input.category_id ? eq(rollcalls.categoryId, input.category_id) : undefined,
          input.class_id ? eq(rollcalls.classId, input.class_id) : undefined,
        ),
      )
      .orderBy(asc(rollcalls.day), asc(rollcalls.takenAt));
    const ids = rolls.map((r) => r.id);
    const marks = ids.length
      ? await scope.db
          .select({ rollcallId: rollcallMarks.rollcallId, present: rollcallMarks.present, name: studentName })
          .from(rollcallMarks)
          .innerJoin(
            students,
            and(eq(students.schoolId, rollcallMarks.schoolId), eq(students.id, rollcallMarks.studentId)),
          )
          .where(scope.mine(rollcallMarks, inArray(rollcallMarks.rollcallId, ids)))
          .orderBy(asc(students.surname), asc(students.otherNames))
      : [];
    const rows: RollcallReportRow[] = rolls.map((r) => {
      const own = marks.filter((m) => m.rollcallId === r.id);
      const absentees = own.filter((m) => !m.present);
      return {
        id: r.id,
        date: r.day,
        category: r.category,
        group: r.className ? [r.className, r.streamName].filter(Boolean).join(' ') : `House: ${r.house ?? ''}`,
        taken_at: r.takenAt.toISOString(),
        taken_by: r.takenBy,
        present: own.length - absentees.length,
        absent: absentees.length,
        absentees: absentees.map((m) => m.name).join(', '),
        comment: r.comment,
      };
    });
    const data = {
      from: input.from,
      to: input.to,
      present: rows.reduce((n, r) => n + r.present, 0),
      absent: rows.reduce((n, r) => n + r.absent, 0),
      rows,
    };
    return answerReport(scope, reply, input.format, data, {
      file: 'rollcall_report',
      title: 'Roll-call report',
      landscape: true,
      tables: (d) => [
        {
          columns: [
            { header: 'Date', key: 'date', kind: 'date' },
            { header: 'Roll-call', key: 'category' },
            { header: 'Class or house', key: 'group' },
            { header: 'Taken by', key: 'taken_by' },
            { header: 'Present', key: 'present' },
            { header: 'Absent', key: 'absent' },
            { header: 'Absentees', key: 'absentees' },
            { header: 'Comment', key: 'comment' },
          ],
          rows: [
            ...d.rows,
            { date: '', category: 'Total', group: '', taken_by: '', present: d.present, absent: d.absent, total: true },
          ],
        },
      ],
    });
  });
}

import {
  type ClassRegister,
  classes,
  classRegister,
  gateAttendance,
  markRegister,
  streams,
  students,
  termDates,
} from '@somero/contract';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { now, today } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { isFixedHoliday, isWeekend, type RegisterStatus } from './rules.js';

/** A class's (or stream's) register of a day: each current student with the mark and the gate's check-in. */
async function registerOf(scope: SchoolScope, classId: number, streamId: number | undefined, day: string) {
  const [cls] = await scope.db
    .select({ name: classes.name })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, classId)));
  if (!cls) throw new NotFound('class');
  const rows = await scope.db
    .select({
      id: students.id,
      name: sql<string>`${students.surname} || ' ' || ${students.otherNames}`,
      admissionNo: students.admissionNo,
      streamName: streams.name,
      status: classRegister.status,
      checkedInAt: gateAttendance.checkedInAt,
    })
    .from(students)
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .leftJoin(
      classRegister,
      and(
        eq(classRegister.schoolId, students.schoolId),
        eq(classRegister.studentId, students.id),
        eq(classRegister.day, day),
      ),
    )
    .leftJoin(
      gateAttendance,
      and(
        eq(gateAttendance.schoolId, students.schoolId),
        eq(gateAttendance.studentId, students.id),
        eq(gateAttendance.day, day),
      ),
    )
    .where(
      scope.mine(
        students,
        eq(students.status, 'current'),
        eq(students.classId, classId),
        streamId ? eq(students.streamId, streamId) : undefined,
      ),
    )
    .orderBy(asc(students.surname), asc(students.otherNames));
  const [term] = await scope.db
    .select({ id: termDates.id })
    .from(termDates)
    .where(scope.mine(termDates, lte(termDates.opensOn, day), gte(termDates.closesOn, day)))
    .limit(1);
  return {
    date: day,
    class_name: cls.name,
    school_day: Boolean(term) && !isWeekend(day) && !isFixedHoliday(day),
    students: rows.map((r) => ({
      student_id: r.id,
      name: r.name,
      admission_no: r.admissionNo,
      stream_name: r.streamName,
      status: (r.status as RegisterStatus | null) ?? null,
      checked_in_at: r.checkedInAt?.toISOString() ?? null,
    })),
  } satisfies ClassRegister;
}

export function registerRoutes({ serve, notices }: ModuleContext) {
  serve(markRegister, async ({ input, scope }) => {
    const day = input.date ?? today();
    if (day > today()) throw new Invalid('date', 'The register cannot be marked for a day still to come');
    const register = await registerOf(scope, input.class_id, input.stream_id, day);
    if (!input.marks) return { data: register };
    const inClass = new Map(register.students.map((s) => [s.student_id, s]));
    const stranger = input.marks.find((m) => !inClass.has(m.student_id));
    if (stranger) throw new Refusal(`Some of the students marked are not in ${register.class_name}.`);
    const changed = input.marks.filter((m) => inClass.get(m.student_id)?.status !== m.status);
    await scope.transaction(async (tx) => {
      for (const mark of changed) {
        const [before] = await tx.db
          .select()
          .from(classRegister)
          .where(tx.mine(classRegister, eq(classRegister.studentId, mark.student_id), eq(classRegister.day, day)));
        const values = { status: mark.status, classId: input.class_id, markedBy: tx.actor.name ?? 'System' };
        if (before) await tx.table(classRegister, 'attendance').update(before.id, { ...values, updatedAt: now() });
        else await tx.table(classRegister, 'attendance').insert({ ...values, studentId: mark.student_id, day });
      }
    });
    // Today's new absences (not excused) tell the guardian when the school sends such notices.
    const absent = day === today() ? changed.filter((m) => m.status === 'absent').map((m) => m.student_id) : [];
    const note = await notices.absences(scope, day, absent);
    const saved = `Register saved: ${changed.length} mark${changed.length === 1 ? '' : 's'} changed`;
    return {
      data: await registerOf(scope, input.class_id, input.stream_id, day),
      message: note ? `${saved}. ${note}` : saved,
    };
  });
}

import {
  classes,
  deleteStaffAttendance,
  deleteStudentAttendance,
  type GateRow,
  gateAttendance,
  listStaffAttendance,
  listStudentAttendance,
  staff,
  staffCheckIn,
  staffCheckOut,
  studentCheckIn,
  studentCheckOut,
  students,
  studentsToCheckOut,
} from '@somero/contract';
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { now, today } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { kampalaTime } from './rules.js';

export type Person = 'student' | 'staff';
const studentName = sql<string>`${students.surname} || ' ' || ${students.otherNames}`;

/** Check-ins with the person's name, number and class, newest first. */
async function gateRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }): Promise<GateRow[]> {
  let q = scope.db
    .select({
      g: gateAttendance,
      studentName,
      admissionNo: students.admissionNo,
      staffName: staff.name,
      initials: staff.initials,
      className: classes.name,
    })
    .from(gateAttendance)
    .leftJoin(students, and(eq(students.schoolId, gateAttendance.schoolId), eq(students.id, gateAttendance.studentId)))
    .leftJoin(staff, and(eq(staff.schoolId, gateAttendance.schoolId), eq(staff.id, gateAttendance.staffId)))
    .leftJoin(classes, and(eq(classes.schoolId, gateAttendance.schoolId), eq(classes.id, gateAttendance.classId)))
    .where(where)
    .orderBy(desc(gateAttendance.checkedInAt), desc(gateAttendance.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ g, studentName, admissionNo, staffName, initials, className }) => ({
    id: g.id,
    person: g.person as Person,
    student_id: g.studentId,
    staff_id: g.staffId,
    name: (g.person === 'student' ? studentName : staffName) ?? '',
    number: g.person === 'student' ? admissionNo : initials,
    class_name: className,
    day: g.day,
    checked_in_at: g.checkedInAt.toISOString(),
    checked_in_by: g.checkedInBy,
    checked_out_at: g.checkedOutAt?.toISOString() ?? null,
    checked_out_by: g.checkedOutBy,
  }));
}

async function gateRow(scope: SchoolScope, id: number, person: Person) {
  const [row] = await gateRows(scope, scope.mine(gateAttendance, eq(gateAttendance.id, id)));
  if (!row || row.person !== person) throw new NotFound('check-in');
  return row;
}

interface Found {
  id: number;
  name: string;
  classId: number | null;
}

/**
 * The student the gate means: the id picked, else the admission number typed or scanned (the ID
 * card's QR holds it; any case, spaces trimmed), else a name matching one current student.
 */
async function findStudent(scope: SchoolScope, input: { code?: string | null; student_id?: number }): Promise<Found> {
  const pick = { id: students.id, name: studentName, classId: students.classId };
  if (input.student_id) {
    const [s] = await scope.db
      .select(pick)
      .from(students)
      .where(scope.mine(students, eq(students.id, input.student_id)));
    if (!s) throw new NotFound('student');
    return s;
  }
  const code = input.code?.trim();
  if (!code) throw new Invalid('code', 'Type or scan the admission number, or type a name');
  const [byNumber] = await scope.db
    .select(pick)
    .from(students)
    .where(scope.mine(students, sql`lower(${students.admissionNo}) = lower(${code})`))
    .limit(1);
  if (byNumber) return byNumber;
  const words = code.split(/\s+/).map((w) => `%${w}%`);
  const byName = await scope.db
    .select(pick)
    .from(students)
    .where(scope.mine(students, eq(students.status, 'current'), ...words.map((w) => ilike(studentName, w))))
    .limit(6);
  if (byName.length === 1) return byName[0] as Found;
  if (byName.length > 1)
    throw new Refusal(
      `${byName.length > 5 ? 'Several' : byName.length} students match "${code}": type more of the name or the admission number.`,
    );
  throw new Invalid('code', `No student has the admission number or name "${code}"`);
}

/** The staff member the gate means: the id picked, else initials, else a name matching one active member. */
async function findStaff(scope: SchoolScope, input: { code?: string | null; staff_id?: number }): Promise<Found> {
  const pick = { id: staff.id, name: staff.name, classId: sql<null>`null` };
  if (input.staff_id) {
    const [s] = await scope.db
      .select(pick)
      .from(staff)
      .where(scope.mine(staff, eq(staff.id, input.staff_id)));
    if (!s) throw new NotFound('staff member');
    return s;
  }
  const code = input.code?.trim();
  if (!code) throw new Invalid('code', 'Type the initials or the name');
  const [byInitials] = await scope.db
    .select(pick)
    .from(staff)
    .where(scope.mine(staff, sql`lower(${staff.initials}) = lower(${code})`))
    .limit(1);
  if (byInitials) return byInitials;
  const words = code.split(/\s+/).map((w) => `%${w}%`);
  const byName = await scope.db
    .select(pick)
    .from(staff)
    .where(scope.mine(staff, eq(staff.active, true), ...words.map((w) => ilike(staff.name, w))))
    .limit(6);
  if (byName.length === 1) return byName[0] as Found;
  if (byName.length > 1)
    throw new Refusal(`${byName.length > 5 ? 'Several' : byName.length} staff match "${code}": type more of the name.`);
  throw new Invalid('code', `No staff member has the initials or name "${code}"`);
}

const personColumn = (person: Person) => (person === 'student' ? gateAttendance.studentId : gateAttendance.staffId);

/** Today's check-in of a person, if any. */
async function todays(scope: SchoolScope, person: Person, personId: number) {
  const [row] = await scope.db
    .select()
    .from(gateAttendance)
    .where(scope.mine(gateAttendance, eq(personColumn(person), personId), eq(gateAttendance.day, today())))
    .limit(1);
  return row;
}

/** Check a person in now (the server's clock); a second check-in the same Kampala day is refused. */
export async function checkIn(scope: SchoolScope, person: Person, found: Found): Promise<number> {
  const before = await todays(scope, person, found.id);
  if (before) throw new Refusal(`${found.name} already checked in today at ${kampalaTime(before.checkedInAt)}.`);
  const made = await scope.table(gateAttendance, 'attendance').insert({
    person,
    studentId: person === 'student' ? found.id : null,
    staffId: person === 'staff' ? found.id : null,
    classId: found.classId,
    day: today(),
    checkedInAt: now(),
    checkedInBy: scope.actor.name ?? 'System',
  });
  return made.id;
}

function listWhere(
  scope: SchoolScope,
  person: Person,
  input: { date?: string; class_id?: number; search?: string | null; status?: 'in' | 'out' },
) {
  const search = input.search ? `%${input.search}%` : undefined;
  return scope.mine(
    gateAttendance,
    eq(gateAttendance.person, person),
    eq(gateAttendance.day, input.date ?? today()),
    input.class_id ? eq(gateAttendance.classId, input.class_id) : undefined,
    input.status === 'in' ? isNull(gateAttendance.checkedOutAt) : undefined,
    input.status === 'out' ? isNotNull(gateAttendance.checkedOutAt) : undefined,
    search
      ? person === 'student'
        ? or(ilike(studentName, search), ilike(students.admissionNo, search))
        : or(ilike(staff.name, search), ilike(staff.initials, search))
      : undefined,
  );
}

async function pagedList(
  scope: SchoolScope,
  person: Person,
  input: {
    page: number;
    per_page: number;
    date?: string;
    class_id?: number;
    search?: string | null;
    status?: 'in' | 'out';
  },
) {
  const where = listWhere(scope, person, input);
  const [rows, [counted]] = await Promise.all([
    gateRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
    scope.db
      .select({ n: count() })
      .from(gateAttendance)
      .leftJoin(
        students,
        and(eq(students.schoolId, gateAttendance.schoolId), eq(students.id, gateAttendance.studentId)),
      )
      .leftJoin(staff, and(eq(staff.schoolId, gateAttendance.schoolId), eq(staff.id, gateAttendance.staffId)))
      .where(where),
  ]);
  return { data: rows, page: input.page, per_page: input.per_page, total: Number(counted?.n ?? 0) };
}

export function gateRoutes({ serve }: ModuleContext) {
  for (const [person, inCall, list, remove, outCall] of [
    ['student', studentCheckIn, listStudentAttendance, deleteStudentAttendance, studentCheckOut],
    ['staff', staffCheckIn, listStaffAttendance, deleteStaffAttendance, staffCheckOut],
  ] as const) {
    const find = (scope: SchoolScope, input: { code?: string | null; student_id?: number; staff_id?: number }) =>
      person === 'student' ? findStudent(scope, input) : findStaff(scope, input);

    serve(inCall, async ({ input, scope }) => {
      const found = await find(scope, input);
      const id = await checkIn(scope, person, found);
      const row = await gateRow(scope, id, person);
      return { data: row, message: `${row.name} checked in at ${kampalaTime(new Date(row.checked_in_at))}` };
    });

    serve(list, async ({ input, scope }) => pagedList(scope, person, input));

    serve(remove, async ({ id, scope }) => {
      const row = await gateRow(scope, id, person);
      await scope.table(gateAttendance, 'attendance').remove(id);
      return { data: row, message: `${row.name}'s check-in removed` };
    });

    serve(outCall, async ({ input, scope }) => {
      let row: typeof gateAttendance.$inferSelect | undefined;
      let name: string;
      if (input.id) {
        const shown = await gateRow(scope, input.id, person);
        [row] = await scope.db
          .select()
          .from(gateAttendance)
          .where(scope.mine(gateAttendance, eq(gateAttendance.id, input.id)));
        name = shown.name;
        if (row && row.day !== today()) throw new Refusal(`${name} was checked in on another day.`);
      } else {
        const found = await find(scope, input);
        name = found.name;
        row = await todays(scope, person, found.id);
      }
      if (!row) throw new Refusal(`${name} has not checked in today.`);
      if (row.checkedOutAt) throw new Refusal(`${name} already checked out today at ${kampalaTime(row.checkedOutAt)}.`);
      await scope
        .table(gateAttendance, 'attendance')
        .update(row.id, { checkedOutAt: now(), checkedOutBy: scope.actor.name ?? 'System' }, 'check out');
      const out = await gateRow(scope, row.id, person);
      return { data: out, message: `${name} checked out at ${kampalaTime(new Date(out.checked_out_at ?? ''))}` };
    });
  }

  serve(studentsToCheckOut, async ({ input, scope }) => pagedList(scope, 'student', { ...input, status: 'in' }));
}

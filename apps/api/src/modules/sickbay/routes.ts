import {
  addStaffVisit,
  addStudentVisit,
  allows,
  classes,
  deleteStaffVisit,
  deleteStudentVisit,
  editStaffVisit,
  editStudentVisit,
  listStaffVisits,
  listStudentVisits,
  type SickbayVisitRow,
  sickbayPeriodic,
  sickbayProblems,
  sickbayReport,
  sickbayVisits,
  staff,
  students,
  type visitEditInput,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Caller } from '../../core/auth.js';
import { now as clockNow } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';
import { checkRange, sendSheet } from '../reports.js';
import { countBy, countByPeriod, fromTenths, kampalaDayStart, toTenths } from './rules.js';

type Patient = 'student' | 'staff';
type VisitFields = z.infer<typeof visitEditInput>;

/** Medical notes go only to the nurse's flag (administrators hold every flag). */
const seesNotes = (caller: Caller) => allows({ type: caller.type, flags: caller.flags }, 'manage_medication_center');

const nextDay = (day: string) => new Date(kampalaDayStart(day).getTime() + 86_400_000);

/** Visits with the patient's name and class, newest first; notes blanked for those who may not read them. */
async function visitRows(
  scope: SchoolScope,
  where: SQL,
  notes: boolean,
  page?: { limit: number; offset: number },
): Promise<SickbayVisitRow[]> {
  let q = scope.db
    .select({
      v: sickbayVisits,
      studentName: sql<string | null>`${students.surname} || ' ' || ${students.otherNames}`,
      admissionNo: students.admissionNo,
      staffName: staff.name,
      className: classes.name,
    })
    .from(sickbayVisits)
    .leftJoin(students, and(eq(students.schoolId, sickbayVisits.schoolId), eq(students.id, sickbayVisits.studentId)))
    .leftJoin(staff, and(eq(staff.schoolId, sickbayVisits.schoolId), eq(staff.id, sickbayVisits.staffId)))
    .leftJoin(classes, and(eq(classes.schoolId, sickbayVisits.schoolId), eq(classes.id, sickbayVisits.classId)))
    .where(where)
    .orderBy(desc(sickbayVisits.visitedAt), desc(sickbayVisits.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ v, studentName, admissionNo, staffName, className }) => ({
    id: v.id,
    patient: v.patient as Patient,
    student_id: v.studentId,
    staff_id: v.staffId,
    name: studentName ?? staffName ?? '',
    admission_no: admissionNo,
    class_id: v.classId,
    class_name: className,
    visited_at: v.visitedAt.toISOString(),
    problem_id: v.problemId,
    complaint: v.complaint,
    status: v.status as SickbayVisitRow['status'],
    closed_at: v.closedAt?.toISOString() ?? null,
    attended_by: v.attendedBy,
    notes_hidden: !notes,
    temperature: notes && v.temperature !== null ? fromTenths(v.temperature) : null,
    treatment: notes ? v.treatment : null,
    drugs: notes ? v.drugs : null,
    notes: notes ? v.notes : null,
    outcome: notes ? (v.outcome as SickbayVisitRow['outcome']) : null,
    referred_to: notes ? v.referredTo : null,
    delete_reason: v.deleteReason,
    deleted_by: v.deletedBy,
  }));
}

async function visitRow(scope: SchoolScope, id: number, patient: Patient) {
  const [row] = await visitRows(scope, scope.mine(sickbayVisits, eq(sickbayVisits.id, id)), true);
  if (!row || row.patient !== patient) throw new NotFound('visit');
  return row;
}

/** A visit's fields, checked: a complaint, a time not in the future, a referral's place, an outcome to close. */
async function checked(scope: SchoolScope, input: VisitFields, before?: { visitedAt: Date }) {
  let complaint = input.complaint ?? null;
  if (input.problem_id) {
    const [problem] = await scope.db
      .select({ name: sickbayProblems.name })
      .from(sickbayProblems)
      .where(scope.mine(sickbayProblems, eq(sickbayProblems.id, input.problem_id)));
    if (!problem) throw new NotFound('problem');
    complaint ??= problem.name;
  }
  if (!complaint) throw new Invalid('complaint', 'Choose a problem from the list or write the complaint');
  const now = clockNow();
  const visitedAt = input.visited_at ? new Date(input.visited_at) : (before?.visitedAt ?? now);
  // A minute's grace for a clock a little ahead of the server's.
  if (visitedAt.getTime() > now.getTime() + 60_000) throw new Invalid('visited_at', 'The time cannot be in the future');
  const outcome = input.outcome ?? null;
  if (outcome === 'referred' && !input.referred_to)
    throw new Invalid('referred_to', 'Say where the patient was referred (health centre or hospital)');
  if (input.close && !outcome) throw new Invalid('outcome', 'Say where the patient went before closing the visit');
  return {
    visitedAt,
    problemId: input.problem_id ?? null,
    complaint,
    temperature: input.temperature == null ? null : toTenths(input.temperature),
    treatment: input.treatment ?? null,
    drugs: input.drugs ?? null,
    notes: input.notes ?? null,
    outcome,
    referredTo: outcome === 'referred' ? (input.referred_to ?? null) : null,
    // biome-ignore lint/complexity/useMathMinMax: moments (Date), not numbers
    ...(input.close ? { status: 'closed', closedAt: now < visitedAt ? visitedAt : now } : {}),
  };
}

/** The filters of a list: Kampala days, status, class, problem, and a name or complaint search. */
function listWhere(
  scope: SchoolScope,
  patient: Patient,
  input: {
    from?: string;
    to?: string;
    status?: string;
    class_id?: number;
    problem_id?: number;
    search?: string | null;
  },
) {
  const search = input.search ? `%${input.search}%` : undefined;
  return scope.mine(
    sickbayVisits,
    eq(sickbayVisits.patient, patient),
    input.from ? gte(sickbayVisits.visitedAt, kampalaDayStart(input.from)) : undefined,
    input.to ? lt(sickbayVisits.visitedAt, nextDay(input.to)) : undefined,
    input.status ? eq(sickbayVisits.status, input.status) : undefined,
    input.class_id ? eq(sickbayVisits.classId, input.class_id) : undefined,
    input.problem_id ? eq(sickbayVisits.problemId, input.problem_id) : undefined,
    search
      ? or(
          ilike(sickbayVisits.complaint, search),
          ilike(sql`${students.surname} || ' ' || ${students.otherNames}`, search),
          ilike(students.admissionNo, search),
          ilike(staff.name, search),
        )
      : undefined,
  );
}

/** The visits counted by the reports: not deleted, within the range's Kampala days. */
async function countedVisits(scope: SchoolScope, from: string, to: string, patients: 'students' | 'staff' | 'all') {
  return (
    scope.db
      .select({
        at: sickbayVisits.visitedAt,
        patient: sickbayVisits.patient,
        complaint: sickbayVisits.complaint,
        problem: sickbayProblems.name,
        className: classes.name,
        outcome: sickbayVisits.outcome,
      })
      .from(sickbayVisits)
      .leftJoin(
        sickbayProblems,
        and(eq(sickbayProblems.schoolId, sickbayVisits.schoolId), eq(sickbayProblems.id, sickbayVisits.problemId)),
      )
      .leftJoin(classes, and(eq(classes.schoolId, sickbayVisits.schoolId), eq(classes.id, sickbayVisits.classId)))
      .where(
        scope.mine(
          sickbayVisits,
          ne(sickbayVisits.status, 'deleted'),
          gte(sickbayVisits.visitedAt, kampalaDayStart(from)),
          lt(sickbayVisits.visitedAt, nextDay(to)),
          patients === 'all' ? undefined : eq(sickbayVisits.patient, patients === 'students' ? 'student' : 'staff'),
        ),
      )
      // In the order written: a line is labelled as its name was first written (countBy).
      .orderBy(sickbayVisits.id)
  );
}

export function sickbayRoutes({ serve, notices }: ModuleContext) {
  for (const [patient, add, edit, remove, list] of [
    ['student', addStudentVisit, editStudentVisit, deleteStudentVisit, listStudentVisits],
    ['staff', addStaffVisit, editStaffVisit, deleteStaffVisit, listStaffVisits],
  ] as const) {
    serve(add, async ({ input, scope }) => {
      const made = await scope.transaction(async (tx) => {
        let who: { studentId: number; classId: number } | { staffId: number };
        if ('student_id' in input) {
          const [s] = await tx.db
            .select({ id: students.id, classId: students.classId })
            .from(students)
            .where(tx.mine(students, eq(students.id, input.student_id)));
          if (!s) throw new NotFound('student');
          who = { studentId: s.id, classId: s.classId };
        } else {
          const [m] = await tx.db
            .select({ id: staff.id })
            .from(staff)
            .where(tx.mine(staff, eq(staff.id, (input as { staff_id: number }).staff_id)));
          if (!m) throw new NotFound('staff member');
          who = { staffId: m.id };
        }
        const values = await checked(tx, input);
        return tx
          .table(sickbayVisits, 'sickbay')
          .insert({ ...values, ...who, patient, attendedBy: tx.actor.name ?? 'System' });
      });
      // The guardian's SMS when the school sends them (after the visit has committed; never fails it).
      const note = made.studentId
        ? await notices.sickbayVisit(scope, {
            studentId: made.studentId,
            visitedAt: made.visitedAt,
            complaint: made.complaint,
          })
        : null;
      return {
        data: await visitRow(scope, made.id, patient),
        message: note ? `Visit recorded. ${note}` : 'Visit recorded',
      };
    });

    serve(edit, async ({ id, input, scope }) => {
      await scope.transaction(async (tx) => {
        const before = await tx.table(sickbayVisits, 'sickbay').find(id, 'visit');
        if (before.patient !== patient) throw new NotFound('visit');
        if (before.status === 'deleted') throw new Refusal('This visit was deleted and cannot be changed.');
        if (before.status === 'closed') throw new Refusal('This visit is closed and cannot be changed.');
        const values = await checked(tx, input, before);
        await tx
          .table(sickbayVisits, 'sickbay')
          .update(id, { status: 'edited', ...values }, input.close ? 'close' : 'update');
      });
      return { data: await visitRow(scope, id, patient), message: input.close ? 'Visit closed' : 'Visit updated' };
    });

    serve(remove, async ({ id, input, scope }) => {
      await scope.transaction(async (tx) => {
        const before = await tx.table(sickbayVisits, 'sickbay').find(id, 'visit');
        if (before.patient !== patient) throw new NotFound('visit');
        if (before.status === 'deleted') throw new Refusal('This visit is already deleted.');
        await tx.table(sickbayVisits, 'sickbay').update(
          id,
          {
            status: 'deleted',
            deleteReason: input.reason,
            deletedAt: clockNow(),
            deletedBy: tx.actor.name ?? 'System',
          },
          'delete',
        );
      });
      return { data: await visitRow(scope, id, patient), message: 'Visit deleted' };
    });

    serve(list, async ({ input, scope, caller }) => {
      if (input.from && input.to) checkRange(input.from, input.to);
      const where = listWhere(scope, patient, input);
      const [rows, [counted]] = await Promise.all([
        visitRows(scope, where, seesNotes(caller), {
          limit: input.per_page,
          offset: (input.page - 1) * input.per_page,
        }),
        scope.db
          .select({ n: count() })
          .from(sickbayVisits)
          .leftJoin(
            students,
            and(eq(students.schoolId, sickbayVisits.schoolId), eq(students.id, sickbayVisits.studentId)),
          )
          .leftJoin(staff, and(eq(staff.schoolId, sickbayVisits.schoolId), eq(staff.id, sickbayVisits.staffId)))
          .where(where),
      ]);
      return { data: rows, page: input.page, per_page: input.per_page, total: counted?.n ?? 0 };
    });
  }

  serve(sickbayReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const visits = await countedVisits(scope, input.from, input.to, input.patients);
    const report = {
      from: input.from,
      to: input.to,
      total: visits.length,
      referred: visits.filter((v) => v.outcome === 'referred').length,
      sent_home: visits.filter((v) => v.outcome === 'sent_home').length,
      by_problem: countBy(visits.map((v) => v.problem ?? v.complaint)),
      by_class: countBy(visits.map((v) => (v.patient === 'staff' ? 'Staff' : (v.className ?? 'No class')))),
      by_month: countByPeriod(
        visits.map((v) => ({ at: v.at, patient: v.patient as Patient })),
        input.from,
        input.to,
        'month',
      ).map((p) => ({ key: p.key, label: p.label, count: p.students + p.staff })),
    };
    if (input.format !== 'xlsx') return { data: report };
    const rows: Record<string, unknown>[] = [
      ...report.by_problem.map((l) => ({ group: 'Problem', name: l.label, count: l.count })),
      ...report.by_class.map((l) => ({ group: 'Class', name: l.label, count: l.count })),
      ...report.by_month.map((l) => ({ group: 'Month', name: l.label, count: l.count })),
      { group: 'Total visits', name: '', count: report.total },
    ];
    return sendSheet(
      reply,
      'sick_bay_report.xlsx',
      `Sick bay ${input.from} to ${input.to}`,
      [
        { header: 'By', key: 'group', width: 14 },
        { header: 'Name', key: 'name', width: 32 },
        { header: 'Visits', key: 'count', width: 10 },
      ],
      rows,
    );
  });

  serve(sickbayPeriodic, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const visits = await countedVisits(scope, input.from, input.to, input.patients);
    const periods = countByPeriod(
      visits.map((v) => ({ at: v.at, patient: v.patient as Patient })),
      input.from,
      input.to,
      input.period,
    );
    const report = { from: input.from, to: input.to, period: input.period, total: visits.length, periods };
    if (input.format !== 'xlsx') return { data: report };
    return sendSheet(
      reply,
      'sick_bay_periodic.xlsx',
      `Sick bay per ${input.period}`,
      [
        { header: 'Period', key: 'label', width: 30 },
        { header: 'Students', key: 'students', width: 10 },
        { header: 'Staff', key: 'staff', width: 10 },
        { header: 'Total', key: 'total', width: 10 },
      ],
      [
        ...periods.map((p) => ({ label: p.label, students: p.students, staff: p.staff, total: p.students + p.staff })),
        {
          label: 'Total',
          students: periods.reduce((n, p) => n + p.students, 0),
          staff: periods.reduce((n, p) => n + p.staff, 0),
          total: report.total,
        },
      ],
    );
  });
}

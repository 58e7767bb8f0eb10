import {
  addVisit,
  classes,
  closeVisit,
  deleteVisit,
  editVisit,
  listVisitors,
  phoneDisplay,
  phoneSearchDigits,
  staff,
  students,
  studentVisits,
  type VisitInput,
  type VisitRow,
  visitorTypes,
  visitorVisits,
  visitReport,
} from '@somero/contract';
import { and, asc, count, desc, eq, gte, ilike, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { now as clockNow } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { heavyRows, renderDocument } from '../../documents/heavy.js';
import type { ModuleContext } from '../module.js';
import { checkRange, sendSheet } from '../reports.js';
import { schoolDetailsOf, schoolForDocuments } from '../settings/index.js';
import {
  averageMinutes,
  countBy,
  countByPeriod,
  durationLabel,
  inVisitingHours,
  kampalaDayEnd,
  kampalaDayStart,
  refusal,
  visitingHoursText,
  visitMinutes,
  whomLine,
} from './rules.js';

const studentName = sql<string | null>`${students.surname} || ' ' || ${students.otherNames}`;

/** Visits with the names of whom they saw: open visits first, then newest. */
async function visitRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  let q = scope.db
    .select({
      v: visitorVisits,
      studentName,
      admissionNo: students.admissionNo,
      className: classes.name,
      staffName: staff.name,
    })
    .from(visitorVisits)
    .leftJoin(students, and(eq(students.schoolId, visitorVisits.schoolId), eq(students.id, visitorVisits.studentId)))
    .leftJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(staff, and(eq(staff.schoolId, visitorVisits.schoolId), eq(staff.id, visitorVisits.staffId)))
    .where(where)
    .orderBy(
      asc(sql`case ${visitorVisits.status} when 'open' then 0 when 'closed' then 1 else 2 end`),
      desc(visitorVisits.timeIn),
      desc(visitorVisits.id),
    )
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(
    ({ v, studentName, admissionNo, className, staffName }): VisitRow => ({
      id: v.id,
      visitor_name: v.visitorName,
      phone: v.phone,
      id_type: v.idType,
      id_number: v.idNumber,
      from_where: v.fromWhere,
      visitor_type: v.visitorType,
      purpose: v.purpose,
      whom: v.whom as VisitRow['whom'],
      student_id: v.studentId,
      student_name: studentName,
      admission_no: admissionNo,
      class_name: className,
      relationship: v.relationship,
      staff_id: v.staffId,
      staff_name: staffName,
      office: v.office,
      visited: (v.whom === 'student' ? studentName : v.whom === 'staff' ? staffName : v.office) ?? '',
      items_brought: v.itemsBrought,
      vehicle_reg: v.vehicleReg,
      badge_no: v.badgeNo,
      remarks: v.remarks,
      outside_hours_reason: v.outsideHoursReason,
      time_in: v.timeIn.toISOString(),
      time_out: v.timeOut?.toISOString() ?? null,
      minutes: visitMinutes(v.timeIn, v.timeOut),
      recorded_by: v.recordedBy,
      closed_by: v.closedBy,
      status: v.status as VisitRow['status'],
      delete_reason: v.deleteReason,
      deleted_by: v.deletedBy,
    }),
  );
}

async function visitRow(scope: SchoolScope, id: number) {
  const [row] = await visitRows(scope, scope.mine(visitorVisits, eq(visitorVisits.id, id)));
  if (!row) throw new NotFound('visit');
  return row;
}

/** The form's fields, checked: whom they saw must be named (this school's student or staff member). */
async function checked(scope: SchoolScope, input: VisitInput) {
  let who: { studentId: number | null; staffId: number | null; office: string | null } = {
    studentId: null,
    staffId: null,
    office: null,
  };
  if (input.whom === 'student') {
    if (!input.student_id) throw new Invalid('student_id', 'Choose the student visited');
    const [s] = await scope.db
      .select({ id: students.id })
      .from(students)
      .where(scope.mine(students, eq(students.id, input.student_id)));
    if (!s) throw new Invalid('student_id', 'Choose the student visited');
    who = { ...who, studentId: s.id };
  } else if (input.whom === 'staff') {
    if (!input.staff_id) throw new Invalid('staff_id', 'Choose the staff member visited');
    const [m] = await scope.db
      .select({ id: staff.id })
      .from(staff)
      .where(scope.mine(staff, eq(staff.id, input.staff_id)));
    if (!m) throw new Invalid('staff_id', 'Choose the staff member visited');
    who = { ...who, staffId: m.id };
  } else {
    if (!input.office) throw new Invalid('office', 'Name the office visited (bursar, head teacher…)');
    who = { ...who, office: input.office };
  }
  if (input.id_number && !input.id_type) throw new Invalid('id_type', 'Choose the kind of ID');
  return {
    visitorName: input.visitor_name,
    phone: input.phone ?? null,
    idType: input.id_number ? (input.id_type ?? null) : null,
    idNumber: input.id_number ?? null,
    fromWhere: input.from_where ?? null,
    visitorType: input.visitor_type,
    purpose: input.purpose,
    whom: input.whom,
    ...who,
    relationship: input.whom === 'student' ? (input.relationship ?? null) : null,
    itemsBrought: input.items_brought ?? null,
    vehicleReg: input.vehicle_reg?.toUpperCase() ?? null,
    badgeNo: input.badge_no ?? null,
    remarks: input.remarks ?? null,
  };
}

/**
 * A visit to a student outside the school's visiting hours is recorded only with a reason (a school still
 * lets a parent in for an emergency): 422 on `outside_hours_reason` without one. Other visits, and any
 * visit inside the hours, keep no reason.
 */
async function outsideHours(scope: SchoolScope, input: VisitInput, at: Date): Promise<string | null> {
  if (input.whom !== 'student') return null;
  const hours = (await schoolDetailsOf(scope)).visiting_hours;
  if (!hours || inVisitingHours(hours, at)) return null;
  if (!input.outside_hours_reason)
    throw new Invalid(
      'outside_hours_reason',
      `Visiting hours are ${visitingHoursText(hours)}: give the reason for this visit now`,
    );
  return input.outside_hours_reason;
}

/** The most visits one printed register holds. */
const maxRegisterLines = 3000;
const typeLabel = (value: string) => visitorTypes.find((t) => t.value === value)?.label ?? value;

export function visitorsRoutes({ serve }: ModuleContext) {
  serve(listVisitors, async ({ input, scope }) => {
    if (input.from && input.to) checkRange(input.from, input.to);
    const search = input.search ? `%${input.search}%` : undefined;
    const digits = input.search ? phoneSearchDigits(input.search) : null;
    const where = scope.mine(
      visitorVisits,
      input.status ? eq(visitorVisits.status, input.status) : ne(visitorVisits.status, 'deleted'),
      input.whom ? eq(visitorVisits.whom, input.whom) : undefined,
      input.from ? gte(visitorVisits.timeIn, kampalaDayStart(input.from)) : undefined,
      input.to ? lt(visitorVisits.timeIn, kampalaDayEnd(input.to)) : undefined,
      search
        ? or(
            ilike(visitorVisits.visitorName, search),
            ilike(visitorVisits.purpose, search),
            digits ? ilike(visitorVisits.phone, `%${digits}%`) : undefined,
            ilike(visitorVisits.office, search),
            ilike(studentName, search),
            ilike(staff.name, search),
          )
        : undefined,
    );
    const [rows, [counted]] = await Promise.all([
      visitRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count() })
        .from(visitorVisits)
        .leftJoin(
          students,
          and(eq(students.schoolId, visitorVisits.schoolId), eq(students.id, visitorVisits.studentId)),
        )
        .leftJoin(staff, and(eq(staff.schoolId, visitorVisits.schoolId), eq(staff.id, visitorVisits.staffId)))
        .where(where),
    ]);
    return { data: rows, page: input.page, per_page: input.per_page, total: counted?.n ?? 0 };
  });

  serve(addVisit, async ({ input, scope }) => {
    const now = clockNow();
    const outsideHoursReason = await outsideHours(scope, input, now);
    const made = await scope.transaction(async (tx) =>
      tx.table(visitorVisits, 'visitors').insert({
        ...(await checked(tx, input)),
        outsideHoursReason,
        timeIn: now,
        recordedBy: tx.actor.name ?? 'System',
        status: 'open',
      }),
    );
    return { data: await visitRow(scope, made.id), message: 'Visit Recorded Successfully' };
  });

  serve(editVisit, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(visitorVisits, 'visitors').find(id, 'visit');
      const no = refusal(before.status, 'edit');
      if (no) throw new Refusal(no);
      await tx.table(visitorVisits, 'visitors').update(id, await checked(tx, input));
    });
    return { data: await visitRow(scope, id), message: 'Visit Updated Successfully' };
  });

  serve(closeVisit, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(visitorVisits, 'visitors').find(id, 'visit');
      const no = refusal(before.status, 'close');
      if (no) throw new Refusal(no);
      const now = clockNow();
      await tx.table(visitorVisits, 'visitors').update(
        id,
        {
          status: 'closed',
          // biome-ignore lint/complexity/useMathMinMax: moments (Date), not numbers
          timeOut: now < before.timeIn ? before.timeIn : now,
          closedBy: tx.actor.name ?? 'System',
          ...(input.remarks ? { remarks: input.remarks } : {}),
        },
        'close',
      );
    });
    return { data: await visitRow(scope, id), message: 'Visit Closed Successfully' };
  });

  serve(deleteVisit, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(visitorVisits, 'visitors').find(id, 'visit');
      const no = refusal(before.status, 'delete');
      if (no) throw new Refusal(no);
      await tx.table(visitorVisits, 'visitors').update(
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
    return { data: await visitRow(scope, id), message: 'Visit Deleted Successfully' };
  });

  serve(studentVisits, async ({ input, scope }) => {
    const [s] = await scope.db
      .select({ id: students.id })
      .from(students)
      .where(scope.mine(students, eq(students.id, input.student_id)));
    if (!s) throw new NotFound('student');
    const rows = await visitRows(
      scope,
      scope.mine(visitorVisits, eq(visitorVisits.studentId, s.id), ne(visitorVisits.status, 'deleted')),
      { limit: 100, offset: 0 },
    );
    return { data: rows };
  });

  serve(visitReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const inRange = scope.mine(
      visitorVisits,
      ne(visitorVisits.status, 'deleted'),
      gte(visitorVisits.timeIn, kampalaDayStart(input.from)),
      lt(visitorVisits.timeIn, kampalaDayEnd(input.to)),
    );
    const visits = await scope.db
      .select({
        timeIn: visitorVisits.timeIn,
        timeOut: visitorVisits.timeOut,
        whom: visitorVisits.whom,
        office: visitorVisits.office,
        visitorType: visitorVisits.visitorType,
        purpose: visitorVisits.purpose,
      })
      .from(visitorVisits)
      .where(inRange);
    const report = {
      from: input.from,
      to: input.to,
      total: visits.length,
      still_in: visits.filter((v) => !v.timeOut).length,
      average_minutes: averageMinutes(visits.map((v) => visitMinutes(v.timeIn, v.timeOut))),
      by_period: countByPeriod(
        visits.map((v) => v.timeIn),
        input.from,
        input.to,
        input.period,
      ),
      by_whom: countBy(visits.map(whomLine)),
      by_visitor_type: countBy(visits.map((v) => typeLabel(v.visitorType))),
      by_purpose: countBy(visits.map((v) => v.purpose)),
    };
    if (input.format === 'pdf') {
      if (visits.length > maxRegisterLines)
        throw new Refusal(`${visits.length} visits are too many to print: choose a shorter range.`);
      const register = (await visitRows(scope, inRange)).sort((a, b) => a.time_in.localeCompare(b.time_in));
      // Drawn in the document workers, a long book within the school's limit of heavy documents.
      const pdf = await renderDocument(
        reply,
        register.length > heavyRows,
        'visitorsRegister',
        await schoolForDocuments(scope),
        { from: input.from, to: input.to },
        `${report.total} visits, ${report.still_in} still in`,
        register.map((v) => ({
          timeIn: new Date(v.time_in),
          timeOut: v.time_out ? new Date(v.time_out) : null,
          stay: durationLabel(v.minutes),
          visitor: `${v.visitor_name} (${typeLabel(v.visitor_type)})`,
          phone: phoneDisplay(v.phone),
          id: v.id_number ?? '',
          visited:
            v.whom === 'student' && v.class_name
              ? `${v.visited}, ${v.class_name}${v.relationship ? ` (${v.relationship})` : ''}`
              : v.visited,
          // A visit outside the visiting hours prints its reason with the purpose.
          purpose: v.outside_hours_reason
            ? `${v.purpose} (outside visiting hours: ${v.outside_hours_reason})`
            : v.purpose,
        })),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="visitors_book.pdf"')
        .send(pdf);
    }
    if (input.format !== 'xlsx') return { data: report };
    const rows: Record<string, unknown>[] = [
      ...report.by_period.map((l) => ({ group: 'Period', name: l.label, count: l.count })),
      ...report.by_whom.map((l) => ({ group: 'Visited', name: l.label, count: l.count })),
      ...report.by_visitor_type.map((l) => ({ group: 'Visitor', name: l.label, count: l.count })),
      ...report.by_purpose.map((l) => ({ group: 'Purpose', name: l.label, count: l.count })),
      { group: 'Total visits', name: '', count: report.total },
    ];
    return sendSheet(
      reply,
      'visitors_report.xlsx',
      `Visitors ${input.from} to ${input.to}`,
      [
        { header: 'By', key: 'group', width: 14 },
        { header: 'Name', key: 'name', width: 36 },
        { header: 'Visits', key: 'count', width: 10 },
      ],
      rows,
    );
  });
}

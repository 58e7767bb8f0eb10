import {
  type AttendanceDayRow,
  type AttendanceSummary,
  classRegister,
  gateAttendance,
  type SummaryRow,
  staff,
  staffAttendanceReport,
  staffAttendanceSummary,
  studentAttendanceReport,
  studentAttendanceSummary,
  termDates,
} from '@somero/contract';
import { asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { today } from '../../core/dates.js';
import type { SchoolScope } from '../../core/scope.js';
import { sqlRows } from '../../db/open.js';
import { periodText, type ReportTable } from '../../documents/finance-reports.js';
import { heavyRows, renderDocument } from '../../documents/heavy.js';
import type { ModuleContext } from '../module.js';
import { checkRange } from '../reports.js';
import { schoolForDocuments } from '../settings/index.js';
import { dayStatus, percentOf, type RegisterStatus, schoolDays } from './rules.js';

/** The school days of a range: term weekdays up to today on which the school recorded attendance. */
export async function schoolDaysOf(scope: SchoolScope, from: string, to: string): Promise<string[]> {
  const [recorded, terms] = await Promise.all([
    sqlRows<{ day: string }>(
      scope.db,
      sql`select day::text as day from gate_attendance where school_id = ${scope.schoolId} and day between ${from} and ${to}
          union select day::text from class_register where school_id = ${scope.schoolId} and day between ${from} and ${to}`,
    ),
    scope.db
      .select({ opensOn: termDates.opensOn, closesOn: termDates.closesOn })
      .from(termDates)
      .where(scope.mine(termDates, lte(termDates.opensOn, to), gte(termDates.closesOn, from))),
  ]);
  return schoolDays(from, to, terms, today(), new Set(recorded.map((r) => String(r.day))));
}

const daysArray = (days: string[]) => `{${days.join(',')}}`;

export interface StudentFilter {
  classId?: number;
  streamId?: number;
  studentIds?: number[];
}

/**
 * Days present, late and excused of each current student (or the students asked for) over the given
 * school days, in one aggregation: a gate check-in or a register mark makes a student-day, the
 * register's mark wins (rules.ts `dayStatus`).
 */
export async function studentCounts(scope: SchoolScope, days: string[], filter: StudentFilter) {
  const s = scope.schoolId;
  const who: SQL[] = [];
  if (filter.studentIds) who.push(sql`and st.id = any(${`{${filter.studentIds.join(',')}}`}::int[])`);
  else who.push(sql`and st.status = 'current'`);
  if (filter.classId) who.push(sql`and st.class_id = ${filter.classId}`);
  if (filter.streamId) who.push(sql`and st.stream_id = ${filter.streamId}`);
  const roster = await sqlRows<{ id: number; name: string; admission_no: string; class_name: string }>(
    scope.db,
    sql`select st.id, st.surname || ' ' || st.other_names as name, st.admission_no, cl.name as class_name
        from students st join classes cl on cl.school_id = st.school_id and cl.id = st.class_id
        where st.school_id = ${s} ${sql.join(who, sql` `)}
        order by cl.rank, cl.name, name`,
  );
  // The counts apart from the roster: joined in SQL, a planner without statistics (embedded PGlite)
  // loops over the aggregate once per student. A class's counts read only its students' rows.
  const only =
    filter.studentIds || filter.classId
      ? sql`and student_id = any(${`{${roster.map((r) => r.id).join(',')}}`}::int[])`
      : sql``;
  const counted = days.length
    ? await sqlRows<{ sid: number; present: number; late: number; excused: number }>(
        scope.db,
        sql`select coalesce(r.student_id, g.student_id) as sid,
              count(*) filter (where coalesce(r.status, 'present') in ('present', 'late'))::int as present,
              count(*) filter (where r.status = 'late')::int as late,
              count(*) filter (where r.status = 'excused')::int as excused
            from (
              select student_id, day from gate_attendance
              where school_id = ${s} and person = 'student' and day = any(${daysArray(days)}::date[]) ${only}
            ) g
            full join (
              select student_id, day, status from class_register
              where school_id = ${s} and day = any(${daysArray(days)}::date[]) ${only}
            ) r on r.student_id = g.student_id and r.day = g.day
            group by 1`,
      )
    : [];
  const countOf = new Map(counted.map((c) => [Number(c.sid), c]));
  return roster.map((r) => {
    const c = countOf.get(Number(r.id));
    return {
      ...r,
      id: Number(r.id),
      present: Number(c?.present ?? 0),
      late: Number(c?.late ?? 0),
      excused: Number(c?.excused ?? 0),
    };
  });
}

/**
 * The report card's attendance line of each student for a term: days present of the term's school
 * days so far. Empty when the school recorded no attendance that term (the card prints no line).
 */
export async function termAttendance(
  scope: SchoolScope,
  studentIds: number[],
  year: number,
  term: number,
): Promise<Map<number, { present: number; of: number }>> {
  const out = new Map<number, { present: number; of: number }>();
  if (!studentIds.length) return out;
  const [dates] = await scope.db
    .select()
    .from(termDates)
    .where(scope.mine(termDates, eq(termDates.year, year), eq(termDates.term, term)));
  if (!dates) return out;
  const days = await schoolDaysOf(scope, dates.opensOn, dates.closesOn);
  if (!days.length) return out;
  for (const r of await studentCounts(scope, days, { studentIds }))
    out.set(r.id, { present: r.present, of: days.length });
  return out;
}

function summaryOf(from: string, to: string, days: number, rows: SummaryRow[]): AttendanceSummary {
  const byClass = new Map<string, { people: number; present: number }>();
  for (const r of rows) {
    const key = r.class_name ?? 'Staff';
    const c = byClass.get(key) ?? { people: 0, present: 0 };
    c.people++;
    c.present += r.present;
    byClass.set(key, c);
  }
  return {
    from,
    to,
    school_days: days,
    rows,
    classes: [...byClass].map(([class_name, c]) => ({
      class_name,
      people: c.people,
      present: c.present,
      possible: c.people * days,
      percent: percentOf(c.present, c.people * days),
    })),
  };
}

/** Answers a report as JSON, a spreadsheet or a PDF with the school's header. */
async function answer<T extends { from: string; to: string }>(
  scope: SchoolScope,
  reply: FastifyReply,
  format: 'json' | 'xlsx' | 'pdf',
  data: T,
  doc: { file: string; title: string; tables: (d: T) => ReportTable[]; landscape?: boolean },
) {
  if (format === 'json') return { data };
  const period = periodText(data.from, data.to);
  const tables = doc.tables(data);
  // Written in the document workers, a long report within the school's limit of heavy documents.
  const heavy = tables.reduce((n, t) => n + t.rows.length, 0) > heavyRows;
  if (format === 'xlsx') {
    const sheet = await renderDocument(reply, heavy, 'financeSheet', doc.title, doc.title, period, tables);
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${doc.file}.xlsx"`)
      .send(sheet);
  }
  const school = await schoolForDocuments(scope);
  const pdf = await renderDocument(reply, heavy, 'financePdf', school, doc.title, period, tables, doc.landscape);
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${doc.file}.pdf"`).send(pdf);
}

export { answer as answerReport };

const summaryTables =
  (person: 'Student' | 'Staff member') =>
  (d: AttendanceSummary): ReportTable[] => [
    {
      heading: `${d.school_days} school days`,
      columns: [
        { header: person, key: 'name' },
        { header: person === 'Student' ? 'Adm No' : 'Initials', key: 'number' },
        ...(person === 'Student' ? [{ header: 'Class', key: 'class_name' }] : []),
        { header: 'Present', key: 'present' },
        { header: 'Absent', key: 'absent' },
        ...(person === 'Student'
          ? [
              { header: 'Late', key: 'late' },
              { header: 'Excused', key: 'excused' },
            ]
          : []),
        { header: '%', key: 'percent' },
      ],
      rows: d.rows,
    },
    ...(person === 'Student'
      ? [
          {
            heading: 'By class',
            columns: [
              { header: 'Class', key: 'class_name' },
              { header: 'Students', key: 'people' },
              { header: 'Days present', key: 'present' },
              { header: 'Possible', key: 'possible' },
              { header: '%', key: 'percent' },
            ],
            rows: d.classes,
          },
        ]
      : []),
  ];

const dayTables =
  (person: 'Student' | 'Staff member') =>
  (d: { rows: AttendanceDayRow[] }): ReportTable[] => [
    {
      columns: [
        { header: 'Date', key: 'day', kind: 'date' },
        { header: person, key: 'name' },
        { header: person === 'Student' ? 'Adm No' : 'Initials', key: 'number' },
        { header: 'Mark', key: 'mark' },
        { header: 'In', key: 'in' },
        { header: 'Out', key: 'out' },
      ],
      rows: d.rows.map((r) => ({
        day: r.day,
        name: r.name,
        number: r.number,
        mark: r.status ?? 'absent',
        in: r.checked_in_at ? kampalaClock(r.checked_in_at) : '',
        out: r.checked_out_at ? kampalaClock(r.checked_out_at) : '',
      })),
    },
  ];
const kampalaClock = (iso: string) => new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(11, 16);

export function summaryRoutes({ serve }: ModuleContext) {
  serve(studentAttendanceSummary, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const days = await schoolDaysOf(scope, input.from, input.to);
    const counted = await studentCounts(scope, days, { classId: input.class_id, streamId: input.stream_id });
    const rows = counted.map((r) => ({
      person_id: r.id,
      name: r.name,
      number: r.admission_no,
      class_name: r.class_name,
      present: r.present,
      absent: days.length - r.present,
      late: r.late,
      excused: r.excused,
      percent: percentOf(r.present, days.length),
    }));
    return answer(scope, reply, input.format, summaryOf(input.from, input.to, days.length, rows), {
      file: 'student_attendance_summary',
      title: 'Student attendance summary',
      tables: summaryTables('Student'),
    });
  });

  serve(staffAttendanceSummary, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const days = await schoolDaysOf(scope, input.from, input.to);
    const counted = await sqlRows<{ id: number; name: string; initials: string; present: number }>(
      scope.db,
      sql`select st.id, st.name, st.initials, count(g.id)::int as present from staff st
          left join gate_attendance g on g.school_id = st.school_id and g.staff_id = st.id
            and g.day = any(${daysArray(days)}::date[])
          where st.school_id = ${scope.schoolId} and st.active
          group by st.id, st.name, st.initials order by st.name`,
    );
    const rows = counted.map((r) => ({
      person_id: Number(r.id),
      name: r.name,
      number: r.initials,
      class_name: null,
      present: Number(r.present),
      absent: days.length - Number(r.present),
      late: 0,
      excused: 0,
      percent: percentOf(Number(r.present), days.length),
    }));
    return answer(scope, reply, input.format, summaryOf(input.from, input.to, days.length, rows), {
      file: 'staff_attendance_summary',
      title: 'Staff attendance summary',
      tables: summaryTables('Staff member'),
    });
  });

  serve(studentAttendanceReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const days = await schoolDaysOf(scope, input.from, input.to);
    const roster = await studentCounts(scope, [], { classId: input.class_id, streamId: input.stream_id });
    const ids = roster.map((r) => r.id);
    const [gate, marks] = ids.length
      ? await Promise.all([
          scope.db
            .select()
            .from(gateAttendance)
            .where(
              scope.mine(
                gateAttendance,
                inArray(gateAttendance.studentId, ids),
                gte(gateAttendance.day, input.from),
                lte(gateAttendance.day, input.to),
              ),
            ),
          scope.db
            .select()
            .from(classRegister)
            .where(
              scope.mine(
                classRegister,
                inArray(classRegister.studentId, ids),
                gte(classRegister.day, input.from),
                lte(classRegister.day, input.to),
              ),
            ),
        ])
      : [[], []];
    const gateOf = new Map(gate.map((g) => [`${g.studentId}:${g.day}`, g]));
    const markOf = new Map(marks.map((m) => [`${m.studentId}:${m.day}`, m.status as RegisterStatus]));
    const rows: AttendanceDayRow[] = [];
    for (const day of days)
      for (const s of roster) {
        const g = gateOf.get(`${s.id}:${day}`);
        rows.push({
          day,
          person_id: s.id,
          name: s.name,
          number: s.admission_no,
          class_name: s.class_name,
          status: dayStatus(Boolean(g), markOf.get(`${s.id}:${day}`) ?? null),
          checked_in_at: g?.checkedInAt.toISOString() ?? null,
          checked_out_at: g?.checkedOutAt?.toISOString() ?? null,
        });
      }
    return answer(
      scope,
      reply,
      input.format,
      { from: input.from, to: input.to, school_days: days, rows },
      { file: 'student_attendance_report', title: 'Student attendance report', tables: dayTables('Student') },
    );
  });

  serve(staffAttendanceReport, async ({ input, scope, reply }) => {
    checkRange(input.from, input.to);
    const days = await schoolDaysOf(scope, input.from, input.to);
    const [members, gate] = await Promise.all([
      scope.db
        .select({ id: staff.id, name: staff.name, initials: staff.initials })
        .from(staff)
        .where(scope.mine(staff, eq(staff.active, true)))
        .orderBy(asc(staff.name)),
      scope.db
        .select()
        .from(gateAttendance)
        .where(
          scope.mine(
            gateAttendance,
            eq(gateAttendance.person, 'staff'),
            gte(gateAttendance.day, input.from),
            lte(gateAttendance.day, input.to),
          ),
        ),
    ]);
    const gateOf = new Map(gate.map((g) => [`${g.staffId}:${g.day}`, g]));
    const rows: AttendanceDayRow[] = [];
    for (const day of days)
      for (const m of members) {
        const g = gateOf.get(`${m.id}:${day}`);
        rows.push({
          day,
          person_id: m.id,
          name: m.name,
          number: m.initials,
          class_name: null,
          status: dayStatus(Boolean(g), null),
          checked_in_at: g?.checkedInAt.toISOString() ?? null,
          checked_out_at: g?.checkedOutAt?.toISOString() ?? null,
        });
      }
    return answer(
      scope,
      reply,
      input.format,
      { from: input.from, to: input.to, school_days: days, rows },
      { file: 'staff_attendance_report', title: 'Staff attendance report', tables: dayTables('Staff member') },
    );
  });
}

import {
  addPassOut,
  classes,
  messages,
  passOuts,
  printPassOut,
  streams,
  students,
  viewPassOuts,
} from '@somero/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { nextNumber } from '../../../core/counters.js';
import { now } from '../../../core/dates.js';
import { NotFound, Refusal } from '../../../core/errors.js';
import { readFile } from '../../../core/files.js';
import type { SchoolScope } from '../../../core/scope.js';
import { passOutPdf } from '../../../documents/pass-out.js';
import type { ModuleContext } from '../../module.js';
import { schoolForDocuments } from '../../settings/index.js';
import { findStudent, fullName, likeTerm } from '../query.js';

/** Uganda keeps East Africa Time all year: a date's day starts at 00:00 +03:00. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00+03:00`);
const dayAfter = (date: string) => new Date(startOfDay(date).getTime() + 86_400_000);

/** A pass still out after its expected return, by the clock. */
const overdue = () => sql<boolean>`(${passOuts.status} = 'out' and ${passOuts.expectedReturn} < ${now()})`;

/** Pass-outs with the student's name, number and class ("S2 East"): one query. */
async function passOutRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  let q = scope.db
    .select({
      pass: passOuts,
      surname: students.surname,
      otherNames: students.otherNames,
      admissionNo: students.admissionNo,
      photoFileId: students.photoFileId,
      className: classes.name,
      streamName: streams.name,
      overdue: overdue(),
    })
    .from(passOuts)
    .innerJoin(students, and(eq(students.schoolId, passOuts.schoolId), eq(students.id, passOuts.studentId)))
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(where)
    .orderBy(desc(passOuts.timeOut), desc(passOuts.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map((r) => {
    const p = r.pass;
    return {
      id: p.id,
      pass_no: p.passNo,
      student_id: p.studentId,
      student_name: fullName(r),
      admission_no: r.admissionNo,
      class_name: r.streamName ? `${r.className} ${r.streamName}` : r.className,
      type: p.type,
      reason: p.reason,
      destination: p.destination,
      time_out: p.timeOut.toISOString(),
      expected_return: p.expectedReturn.toISOString(),
      returned_at: p.returnedAt ? p.returnedAt.toISOString() : null,
      collector_name: p.collectorName,
      collector_relationship: p.collectorRelationship,
      collector_phone: p.collectorPhone,
      collector_id_no: p.collectorIdNo,
      authorised_by: p.authorisedBy,
      status: p.status,
      overdue: Boolean(r.overdue),
      parent_notified: p.parentNotified,
      photo_file_id: r.photoFileId,
    };
  });
}

async function passOutRow(scope: SchoolScope, id: number) {
  const [row] = await passOutRows(scope, scope.mine(passOuts, eq(passOuts.id, id)));
  if (!row) throw new NotFound('pass out');
  return row;
}

const withoutPhoto = <R extends { photo_file_id: unknown }>({ photo_file_id: _, ...r }: R) => r;

export function passOutRoutes({ serve }: ModuleContext) {
  /** A pass takes the next number of the school's `pass_out` series in the same transaction. */
  serve(addPassOut, async ({ input, scope }) => {
    const student = await findStudent(scope, input.student_id);
    if (student.status !== 'current') {
      throw new Refusal(`${fullName(student)} is not a current student, so no pass out can be issued.`);
    }
    const created = await scope.transaction(async (tx) =>
      tx.table(passOuts, 'students').insert({
        passNo: await nextNumber(tx, 'pass_out'),
        studentId: student.id,
        type: input.type,
        reason: input.reason,
        destination: input.destination ?? null,
        timeOut: new Date(input.time_out),
        expectedReturn: new Date(input.expected_return),
        collectorName: input.collector_name ?? null,
        collectorRelationship: input.collector_relationship ?? null,
        collectorPhone: input.collector_phone ?? null,
        collectorIdNo: input.collector_id_no ?? null,
        authorisedBy: input.authorised_by,
        parentNotified: input.parent_notified,
        status: 'out',
      }),
    );
    return { data: withoutPhoto(await passOutRow(scope, created.id)), message: messages.passOuts.add.success };
  });

  /** Newest first; 'overdue' is a pass still out after its expected return. */
  serve(viewPassOuts, async ({ input, scope }) => {
    const conditions: (SQL | undefined)[] = [];
    if (input.status === 'overdue') conditions.push(overdue());
    else if (input.status) conditions.push(eq(passOuts.status, input.status));
    if (input.student_id) conditions.push(eq(passOuts.studentId, input.student_id));
    if (input.from) conditions.push(gte(passOuts.timeOut, startOfDay(input.from)));
    if (input.to) conditions.push(lt(passOuts.timeOut, dayAfter(input.to)));
    if (input.search) {
      const words = input.search
        .split(/\s+/)
        .map((w) =>
          or(
            ilike(students.surname, likeTerm(w)),
            ilike(students.otherNames, likeTerm(w)),
            ilike(students.admissionNo, likeTerm(w)),
            ilike(passOuts.reason, likeTerm(w)),
            ilike(passOuts.collectorName, likeTerm(w)),
          ),
        );
      conditions.push(and(...words));
    }
    const where = scope.mine(passOuts, ...conditions);
    const [rows, [{ n }]] = await Promise.all([
      passOutRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      scope.db
        .select({ n: count() })
        .from(passOuts)
        .innerJoin(students, and(eq(students.schoolId, passOuts.schoolId), eq(students.id, passOuts.studentId)))
        .where(where),
    ]);
    return { data: rows.map(withoutPhoto), page: input.page, per_page: input.per_page, total: Number(n) };
  });

  /** The printable pass, with the school's header and the student's photo. */
  serve(printPassOut, async ({ id, scope, reply }) => {
    const p = await passOutRow(scope, id);
    const pdf = await passOutPdf(await schoolForDocuments(scope), {
      passNo: p.pass_no,
      studentName: p.student_name,
      admissionNo: p.admission_no,
      className: p.class_name,
      photo: p.photo_file_id ? await readFile(scope, p.photo_file_id) : null,
      type: p.type,
      reason: p.reason,
      destination: p.destination,
      timeOut: new Date(p.time_out),
      expectedReturn: new Date(p.expected_return),
      returnedAt: p.returned_at ? new Date(p.returned_at) : null,
      collectorName: p.collector_name,
      collectorRelationship: p.collector_relationship,
      collectorPhone: p.collector_phone,
      collectorIdNo: p.collector_id_no,
      authorisedBy: p.authorised_by,
      status: p.status,
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="pass-out-${p.pass_no}.pdf"`)
      .send(pdf);
  });
}

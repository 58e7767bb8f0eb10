import {
  classes,
  type guardianLink,
  guardians,
  streams,
  studentAccounts,
  type studentChanges,
  studentGuardians,
  students,
} from '@somero/contract';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { now } from '../../core/dates.js';
import { Invalid } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';

/** The rules every way into the register shares: admission, edits, bulk edits and imports. */

export interface ClassInfo {
  id: number;
  name: string;
  rank: number;
  promotesToId: number | null;
}
export interface StreamInfo {
  id: number;
  classId: number;
  name: string;
}

/** The school's classes and streams (a few dozen rows), to check many students against at once. */
export class Placement {
  readonly classes = new Map<number, ClassInfo>();
  readonly streams = new Map<number, StreamInfo>();

  constructor(classRows: ClassInfo[], streamRows: StreamInfo[]) {
    for (const c of classRows) this.classes.set(c.id, c);
    for (const s of streamRows) this.streams.set(s.id, s);
  }

  static async load(scope: SchoolScope): Promise<Placement> {
    const [classRows, streamRows] = await Promise.all([
      scope.db
        .select({ id: classes.id, name: classes.name, rank: classes.rank, promotesToId: classes.promotesToId })
        .from(classes)
        .where(scope.mine(classes))
        .orderBy(asc(classes.rank), asc(classes.name)),
      scope.db
        .select({ id: streams.id, classId: streams.classId, name: streams.name })
        .from(streams)
        .where(scope.mine(streams)),
    ]);
    return new Placement(classRows, streamRows);
  }

  classNamed(name: string): ClassInfo | undefined {
    const key = name.trim().toLowerCase();
    for (const c of this.classes.values()) if (c.name.toLowerCase() === key) return c;
    return undefined;
  }

  streamNamed(classId: number, name: string): StreamInfo | undefined {
    const key = name.trim().toLowerCase();
    for (const s of this.streams.values()) if (s.classId === classId && s.name.toLowerCase() === key) return s;
    return undefined;
  }

  /** What is wrong with a class and stream, or null: the stream must be one of the class's. */
  problem(classId: number, streamId: number | null | undefined): { field: string; message: string } | null {
    const cls = this.classes.get(classId);
    if (!cls) return { field: 'class_id', message: 'No such class' };
    if (streamId === null || streamId === undefined) return null;
    const stream = this.streams.get(streamId);
    if (!stream) return { field: 'stream_id', message: 'No such stream' };
    if (stream.classId !== classId) {
      return { field: 'stream_id', message: `Stream ${stream.name} is not a stream of ${cls.name}` };
    }
    return null;
  }

  check(classId: number, streamId: number | null | undefined) {
    const p = this.problem(classId, streamId);
    if (p) throw new Invalid(p.field, p.message);
  }
}

export interface Holder {
  id: number;
  name: string;
}

/**
 * Who holds these admission numbers (compared without case) and payment codes already, in one query.
 * Keys: the lower-cased admission number; the payment code as written.
 */
export async function numberHolders(scope: SchoolScope, admissionNos: string[], paymentCodes: string[]) {
  const admission = new Map<string, Holder>();
  const payment = new Map<string, Holder>();
  const lower = [...new Set(admissionNos.map((n) => n.toLowerCase()))];
  const codes = [...new Set(paymentCodes)];
  if (!lower.length && !codes.length) return { admission, payment };
  const rows = await scope.db
    .select({
      id: students.id,
      admissionNo: students.admissionNo,
      paymentCode: students.paymentCode,
      surname: students.surname,
      otherNames: students.otherNames,
    })
    .from(students)
    .where(
      scope.mine(
        students,
        or(
          lower.length ? inArray(sql`lower(${students.admissionNo})`, lower) : undefined,
          codes.length ? inArray(students.paymentCode, codes) : undefined,
        ),
      ),
    );
  for (const r of rows) {
    const holder = { id: r.id, name: `${r.surname} ${r.otherNames}` };
    admission.set(r.admissionNo.toLowerCase(), holder);
    if (r.paymentCode) payment.set(r.paymentCode, holder);
  }
  return { admission, payment };
}

export const admissionTaken = (no: string) => `Admission number ${no} already exists`;
export const paymentCodeTaken = (code: string) => `Payment code ${code} already exists`;

export type GuardianLink = z.output<typeof guardianLink>;

/** Existing guardians named by id must be this school's (422 on the entry that is not). */
export async function checkGuardianIds(scope: SchoolScope, links: GuardianLink[], field = 'guardians') {
  const ids = links.flatMap((l) => ('guardian_id' in l ? [l.guardian_id] : []));
  if (!ids.length) return;
  const found = new Set(
    (
      await scope.db
        .select({ id: guardians.id })
        .from(guardians)
        .where(scope.mine(guardians, inArray(guardians.id, ids)))
    ).map((g) => g.id),
  );
  links.forEach((l, i) => {
    if ('guardian_id' in l && !found.has(l.guardian_id)) {
      throw new Invalid(`${field}.${i}.guardian_id`, 'No such guardian');
    }
  });
}

/**
 * Links guardians to a student, creating the new ones; the first marked primary (else the first) is the
 * primary guardian. Every new row is audited. Call inside the student's transaction.
 */
export async function linkGuardians(scope: SchoolScope, studentId: number, links: GuardianLink[]) {
  const linked = new Set<number>();
  const primaryAt = Math.max(
    0,
    links.findIndex((l) => l.primary),
  );
  for (const [i, link] of links.entries()) {
    let guardianId: number;
    if ('guardian_id' in link) guardianId = link.guardian_id;
    else {
      const created = await scope.table(guardians, 'students').insert({
        name: link.name,
        relationship: link.relationship,
        phone: link.phone,
        email: link.email || null,
        occupation: link.occupation ?? null,
      });
      guardianId = created.id;
    }
    if (linked.has(guardianId)) continue;
    linked.add(guardianId);
    const [row] = await scope.db
      .insert(studentGuardians)
      .values({ schoolId: scope.schoolId, studentId, guardianId, primary: i === primaryAt })
      .returning();
    await scope.audit({
      action: 'create',
      module: 'students',
      entity: 'student_guardians',
      entityId: `${studentId}:${guardianId}`,
      after: row,
    });
  }
}

/** Removes a student's guardian links (the guardians stay: siblings may share them), audited. */
export async function unlinkGuardians(scope: SchoolScope, studentId: number) {
  const removed = await scope.db
    .delete(studentGuardians)
    .where(and(eq(studentGuardians.schoolId, scope.schoolId), eq(studentGuardians.studentId, studentId)))
    .returning();
  for (const row of removed) {
    await scope.audit({
      action: 'delete',
      module: 'students',
      entity: 'student_guardians',
      entityId: `${studentId}:${row.guardianId}`,
      before: row,
    });
  }
}

export type StudentChange = z.output<typeof studentChanges>;
type StudentColumns = Partial<typeof students.$inferInsert>;

const columnOf = {
  admission_no: 'admissionNo',
  payment_code: 'paymentCode',
  surname: 'surname',
  other_names: 'otherNames',
  gender: 'gender',
  date_of_birth: 'dateOfBirth',
  class_id: 'classId',
  stream_id: 'streamId',
  section: 'section',
  house: 'house',
  nationality: 'nationality',
  lin: 'lin',
  religion: 'religion',
  district: 'district',
  address: 'address',
  admitted_on: 'admittedOn',
  medical_notes: 'medicalNotes',
  visually_impaired: 'visuallyImpaired',
} as const satisfies Record<keyof StudentChange, keyof typeof students.$inferInsert>;

/**
 * The columns a change sets on `current`, or what is wrong with it. A new class without a stream drops
 * a stream that is not the new class's; the admission number and admission date cannot be emptied.
 */
export function planChange(
  current: typeof students.$inferSelect,
  change: StudentChange,
  placement: Placement,
): { values: StudentColumns; problem: { field: string; message: string } | null } {
  const values: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(columnOf)) {
    const v = change[field as keyof StudentChange];
    if (v !== undefined) values[column] = v;
  }
  if (change.admission_no === null) {
    return { values, problem: { field: 'admission_no', message: 'Enter the admission number' } };
  }
  if (change.admitted_on === null) delete values.admittedOn;
  const classId = change.class_id ?? current.classId;
  let streamId = change.stream_id === undefined ? current.streamId : change.stream_id;
  if (change.class_id !== undefined && change.stream_id === undefined && streamId !== null) {
    if (placement.streams.get(streamId)?.classId !== classId) streamId = null;
    values.streamId = streamId;
  }
  return { values: values as StudentColumns, problem: placement.problem(classId, streamId) };
}

/** A student's portal user name is the admission number: it follows a change of number. */
export async function renameAccount(scope: SchoolScope, studentId: number, admissionNo: string) {
  const [account] = await scope.db
    .select({ id: studentAccounts.id, username: studentAccounts.username })
    .from(studentAccounts)
    .where(scope.mine(studentAccounts, eq(studentAccounts.studentId, studentId)));
  if (account && account.username !== admissionNo) {
    await scope.table(studentAccounts, 'students').update(account.id, { username: admissionNo, updatedAt: now() });
  }
}

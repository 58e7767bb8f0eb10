import {
  classes,
  guardians,
  phoneSearchDigits,
  type StudentRow,
  streams,
  studentAccounts,
  studentGuardians,
  students,
} from '@somero/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { NotFound } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { currentTerm } from '../settings/index.js';

export const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Today in Uganda; it lives in core because every area dates things (kept here for students' files). */
export { today } from '../../core/dates.js';

export const fullName = (s: { surname: string; otherNames: string }) => `${s.surname} ${s.otherNames}`;

/** The school's current year and term (a school without settings yet is in term 1 of this year). */
export const schoolTerm = (scope: SchoolScope) => currentTerm(scope);

/** The columns of a student row (contract `studentRow`), with class and stream names joined. */
const rowColumns = {
  id: students.id,
  admission_no: students.admissionNo,
  payment_code: students.paymentCode,
  surname: students.surname,
  other_names: students.otherNames,
  gender: students.gender,
  date_of_birth: students.dateOfBirth,
  class_id: students.classId,
  class_name: classes.name,
  stream_id: students.streamId,
  stream_name: streams.name,
  section: students.section,
  house: students.house,
  nationality: students.nationality,
  lin: students.lin,
  status: students.status,
  entry_year: students.entryYear,
  entry_term: students.entryTerm,
  admitted_on: students.admittedOn,
  left_on: students.leftOn,
  photo_file_id: students.photoFileId,
};

const profileColumns = {
  ...rowColumns,
  religion: students.religion,
  district: students.district,
  address: students.address,
  medical_notes: students.medicalNotes,
  visually_impaired: students.visuallyImpaired,
  left_reason: students.leftReason,
  combination_id: students.combinationId,
};

const withName = <R extends { surname: string; other_names: string }>(r: R) => ({
  ...r,
  name: `${r.surname} ${r.other_names}`,
});

/** What a student list can be narrowed by (the contract's `studentFilters`, plus the term of entry). */
export interface StudentFilter {
  search?: string;
  class_id?: number;
  stream_id?: number;
  section?: string;
  gender?: string;
  status?: string;
  entry?: { year: number; term: number };
  ids?: number[];
}

export type StudentSort = 'admission_no' | 'name' | 'class';

/**
 * The condition of a student list, all in one statement: the words of a search each match the surname,
 * other names, admission number or payment code; a phone number also finds the children of guardians
 * with that number (a semi-join, so there is no query per student).
 */
export function studentWhere(scope: SchoolScope, f: StudentFilter): SQL {
  const conditions: (SQL | undefined)[] = [];
  const term = f.search?.trim();
  if (term) {
    const words = term
      .split(/\s+/)
      .map((w) =>
        or(
          ilike(students.surname, likeTerm(w)),
          ilike(students.otherNames, likeTerm(w)),
          ilike(students.admissionNo, likeTerm(w)),
          ilike(students.paymentCode, likeTerm(w)),
        ),
      );
    const phone = phoneSearchDigits(term);
    const byPhone = phone
      ? inArray(
          students.id,
          scope.db
            .select({ id: studentGuardians.studentId })
            .from(studentGuardians)
            .innerJoin(
              guardians,
              and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
            )
            .where(
              scope.mine(
                guardians,
                or(
                  sql`regexp_replace(${guardians.phone}, '[^0-9]', '', 'g') like ${likeTerm(phone)}`,
                  sql`regexp_replace(coalesce(${guardians.altPhone}, ''), '[^0-9]', '', 'g') like ${likeTerm(phone)}`,
                ),
              ),
            ),
        )
      : undefined;
    conditions.push(or(and(...words), byPhone));
  }
  if (f.class_id) conditions.push(eq(students.classId, f.class_id));
  if (f.stream_id) conditions.push(eq(students.streamId, f.stream_id));
  if (f.section) conditions.push(eq(students.section, f.section));
  if (f.gender) conditions.push(eq(students.gender, f.gender));
  if (f.status) conditions.push(eq(students.status, f.status));
  if (f.entry) conditions.push(eq(students.entryYear, f.entry.year), eq(students.entryTerm, f.entry.term));
  if (f.ids) conditions.push(inArray(students.id, f.ids.length ? f.ids : [0]));
  return scope.mine(students, ...conditions);
}

function studentOrder(sort: StudentSort, order: 'asc' | 'desc') {
  const dir = order === 'desc' ? desc : asc;
  const byName = [dir(students.surname), dir(students.otherNames)];
  switch (sort) {
    case 'admission_no':
      return [dir(students.admissionNo), dir(students.id)];
    case 'class':
      return [
        dir(classes.rank),
        dir(classes.name),
        order === 'desc' ? sql`${streams.name} desc nulls first` : sql`${streams.name} asc nulls last`,
        ...byName,
        dir(students.id),
      ];
    default:
      return [...byName, dir(students.id)];
  }
}

/** Student rows with class and stream names: one query, sorted stably (the id breaks ties). */
export async function studentRows(
  scope: SchoolScope,
  where: SQL,
  opts: { sort?: StudentSort; order?: 'asc' | 'desc'; limit?: number; offset?: number } = {},
): Promise<StudentRow[]> {
  let q = scope.db
    .select(rowColumns)
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(where)
    .orderBy(...studentOrder(opts.sort ?? 'name', opts.order ?? 'asc'))
    .$dynamic();
  if (opts.limit !== undefined) q = q.limit(opts.limit);
  if (opts.offset) q = q.offset(opts.offset);
  return (await q).map(withName);
}

export async function countStudents(scope: SchoolScope, where: SQL): Promise<number> {
  const [row] = await scope.db.select({ n: count() }).from(students).where(where);
  return Number(row.n);
}

/** A student of the caller's school (any status), or 404. */
export async function findStudent(scope: SchoolScope, id: number) {
  return scope.table(students, 'students').find(id, 'student');
}

/** A student's profile: the row, guardians (primary first) and portal account; three small queries. */
export async function studentProfile(scope: SchoolScope, id: number) {
  const [row] = await scope.db
    .select(profileColumns)
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(scope.mine(students, eq(students.id, id)));
  if (!row) throw new NotFound('student');
  const links = await scope.db
    .select({
      id: guardians.id,
      name: guardians.name,
      relationship: guardians.relationship,
      phone: guardians.phone,
      alt_phone: guardians.altPhone,
      email: guardians.email,
      occupation: guardians.occupation,
      primary: studentGuardians.primary,
    })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
    )
    .where(scope.mine(guardians, eq(studentGuardians.studentId, id)))
    .orderBy(desc(studentGuardians.primary), asc(guardians.name), asc(guardians.id));
  const account = await studentAccountOf(scope, id);
  return {
    ...withName(row),
    guardians: links,
    account: account ? { username: account.username, active: account.active } : null,
  };
}

async function studentAccountOf(scope: SchoolScope, studentId: number) {
  const [account] = await scope.db
    .select({ username: studentAccounts.username, active: studentAccounts.active })
    .from(studentAccounts)
    .where(scope.mine(studentAccounts, eq(studentAccounts.studentId, studentId)));
  return account ?? null;
}

/** The primary (else any) guardian's phone of each student (old-student records, ID cards): one query. */
export async function guardianPhones(scope: SchoolScope, studentIds: number[]) {
  const rows = await scope.db
    .select({ studentId: studentGuardians.studentId, phone: guardians.phone })
    .from(studentGuardians)
    .innerJoin(
      guardians,
      and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
    )
    .where(scope.mine(guardians, inArray(studentGuardians.studentId, studentIds)))
    .orderBy(desc(studentGuardians.primary));
  const phones = new Map<number, string>();
  for (const r of rows) if (!phones.has(r.studentId)) phones.set(r.studentId, r.phone);
  return phones;
}

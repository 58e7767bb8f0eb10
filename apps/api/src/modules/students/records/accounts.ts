import {
  classes,
  messages,
  setStudentPassword,
  streams,
  studentAccounts,
  students,
  toggleStudentAccount,
  viewStudentAccounts,
} from '@somero/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { Refusal } from '../../../core/errors.js';
import { hashPassword } from '../../../core/passwords.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import { countStudents, findStudent, fullName, studentWhere } from '../query.js';

/** Students with their portal account (null fields until a password is set); one query. */
async function accountRows(scope: SchoolScope, where: SQL, page?: { limit: number; offset: number }) {
  let q = scope.db
    .select({
      student_id: students.id,
      surname: students.surname,
      other_names: students.otherNames,
      admission_no: students.admissionNo,
      class_name: classes.name,
      stream_name: streams.name,
      username: studentAccounts.username,
      active: studentAccounts.active,
      lastLoginAt: studentAccounts.lastLoginAt,
    })
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .leftJoin(
      studentAccounts,
      and(eq(studentAccounts.schoolId, students.schoolId), eq(studentAccounts.studentId, students.id)),
    )
    .where(where)
    .orderBy(asc(students.surname), asc(students.otherNames), asc(students.id))
    .$dynamic();
  if (page) q = q.limit(page.limit).offset(page.offset);
  return (await q).map(({ surname, other_names, lastLoginAt, ...r }) => ({
    ...r,
    name: `${surname} ${other_names}`,
    last_login_at: lastLoginAt ? lastLoginAt.toISOString() : null,
  }));
}

async function accountRow(scope: SchoolScope, studentId: number) {
  const [row] = await accountRows(scope, scope.mine(students, eq(students.id, studentId)));
  return row;
}

async function accountOf(scope: SchoolScope, studentId: number) {
  const [account] = await scope.db
    .select()
    .from(studentAccounts)
    .where(scope.mine(studentAccounts, eq(studentAccounts.studentId, studentId)));
  return account;
}

export function accountRoutes({ serve }: ModuleContext) {
  serve(viewStudentAccounts, async ({ input, scope }) => {
    const where = studentWhere(scope, { search: input.search, class_id: input.class_id, status: 'current' });
    const [data, total] = await Promise.all([
      accountRows(scope, where, { limit: input.per_page, offset: (input.page - 1) * input.per_page }),
      countStudents(scope, where),
    ]);
    return { data, page: input.page, per_page: input.per_page, total };
  });

  /** Sets the password; the first time, this creates the account with the admission number as user name. */
  serve(setStudentPassword, async ({ id, input, scope }) => {
    const student = await findStudent(scope, id);
    if (student.status === 'trashed') throw new Refusal(`${fullName(student)} is in the trash; restore them first.`);
    const passwordHash = await hashPassword(input.password);
    await scope.transaction(async (tx) => {
      const account = await accountOf(tx, id);
      const table = tx.table(studentAccounts, 'students');
      if (account) {
        await table.update(account.id, { passwordHash, username: student.admissionNo, updatedAt: now() }, 'password');
      } else {
        await table.insert({ studentId: id, username: student.admissionNo, passwordHash, active: true });
      }
    });
    return { data: await accountRow(scope, id), message: messages.students.accountPassword.success };
  });

  /** Turns the account off, or on again. */
  serve(toggleStudentAccount, async ({ id, scope }) => {
    const student = await findStudent(scope, id);
    const account = await accountOf(scope, id);
    if (!account) {
      throw new Refusal(`${fullName(student)} has no portal account yet: set a password to create one.`);
    }
    await scope
      .table(studentAccounts, 'students')
      .update(account.id, { active: !account.active, updatedAt: now() }, account.active ? 'disable' : 'enable');
    return { data: await accountRow(scope, id), message: messages.students.accountStatus.success };
  });
}

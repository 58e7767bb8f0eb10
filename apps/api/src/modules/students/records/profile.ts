import {
  deleteStudent,
  files,
  fillMessage,
  getStudent,
  messages,
  studentAccounts,
  students,
  updateStudent,
} from '@somero/contract';
import { eq } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { Invalid, Refusal } from '../../../core/errors.js';
import { usedBy } from '../../../resources/engine.js';
import { dropEnrolments, followPlacement } from '../../enrolment/index.js';
import type { ModuleContext } from '../../module.js';
import { refuseTakenNumbers } from '../admission/add.js';
import { findStudent, fullName, studentProfile } from '../query.js';
import { checkGuardianIds, linkGuardians, Placement, planChange, renameAccount, unlinkGuardians } from '../rules.js';

export function profileRoutes({ serve }: ModuleContext) {
  serve(getStudent, async ({ id, scope }) => ({ data: await studentProfile(scope, id) }));

  serve(updateStudent, async ({ id, input, scope }) => {
    const current = await findStudent(scope, id);
    const { guardians, status, ...change } = input;
    const { values, problem } = planChange(current, change, await Placement.load(scope));
    if (problem) throw new Invalid(problem.field, problem.message);
    if (guardians) await checkGuardianIds(scope, guardians);
    await refuseTakenNumbers(scope, change, id);
    const restoring = status === 'current' && current.status !== 'current';
    if (restoring && current.status === 'left') {
      throw new Refusal(
        `${fullName(current)} left the school${current.leftOn ? ` on ${current.leftOn}` : ''} and is an old student; admit them again instead.`,
      );
    }
    await scope.transaction(async (tx) => {
      await tx
        .table(students, 'students')
        .update(
          id,
          { ...values, ...(restoring ? { status: 'current' } : {}), updatedAt: now() },
          restoring ? 'restore' : 'update',
        );
      if (guardians) {
        await unlinkGuardians(tx, id);
        await linkGuardians(tx, id, guardians);
      }
      if (values.admissionNo) await renameAccount(tx, id, values.admissionNo);
      await followPlacement(tx, [id]);
    });
    const data = await studentProfile(scope, id);
    return {
      data,
      message: restoring ? `Student ${data.name} restored to the register` : messages.students.update.success,
    };
  });

  serve(deleteStudent, async ({ id, scope }) => {
    const student = await findStudent(scope, id);
    const name = fullName(student);
    if (student.status === 'current') {
      await scope.table(students, 'students').update(id, { status: 'trashed', updatedAt: now() }, 'trash');
      return { data: null, message: fillMessage(messages.students.delete.success ?? '', { name }) };
    }
    // Trashed (or left): gone for good, but only when no record refers to the student.
    await scope.transaction(async (tx) => {
      // Enrolments only say where the student was each term: they go with the student.
      await dropEnrolments(tx, id);
      const uses = await usedBy(tx, students, id);
      if (uses) throw new Refusal(`Student ${name} cannot be deleted for good: used by ${uses}.`);
      await unlinkGuardians(tx, id);
      const [account] = await tx.db
        .select({ id: studentAccounts.id })
        .from(studentAccounts)
        .where(tx.mine(studentAccounts, eq(studentAccounts.studentId, id)));
      if (account) await tx.table(studentAccounts, 'students').remove(account.id);
      await tx.table(students, 'students').remove(id);
      if (student.photoFileId) await tx.table(files, 'students').remove(student.photoFileId);
    });
    return { data: null, message: `Student ${name} deleted for good` };
  });
}

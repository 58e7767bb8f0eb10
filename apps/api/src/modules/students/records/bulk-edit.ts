import { messages, modifyStudents, students } from '@somero/contract';
import { inArray } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { Invalid, NotFound } from '../../../core/errors.js';
import { followPlacement } from '../../enrolment/index.js';
import type { ModuleContext } from '../../module.js';
import { fullName } from '../query.js';
import { admissionTaken, numberHolders, Placement, paymentCodeTaken, planChange, renameAccount } from '../rules.js';

/**
 * The bulk edit grid and academic placement: many students changed at once, all or nothing. Every row
 * is checked before anything is written; a bad row answers 422 naming the student and the field.
 */
export function bulkEditRoutes({ serve }: ModuleContext) {
  serve(modifyStudents, async ({ input, scope }) => {
    const rows = input.students;
    const ids = rows.map((r) => r.id);
    const found = await scope.db
      .select()
      .from(students)
      .where(scope.mine(students, inArray(students.id, ids)));
    const byId = new Map(found.map((s) => [s.id, s]));
    const placement = await Placement.load(scope);

    const seen = new Set<number>();
    const plans = rows.map((row, i) => {
      const current = byId.get(row.id);
      if (!current) throw new NotFound('student');
      const where = (field: string) => `students.${i}.${field}`;
      const who = `Row ${i + 1} (${fullName(current)})`;
      if (seen.has(row.id)) throw new Invalid(where('id'), `${who}: this student is in the list twice`);
      seen.add(row.id);
      const { id: _, ...change } = row;
      const plan = planChange(current, change, placement);
      if (plan.problem) throw new Invalid(where(plan.problem.field), `${who}: ${plan.problem.message}`);
      return { row, current, values: plan.values, where, who };
    });

    // Admission numbers and payment codes: unique within the list and against the rest of the register.
    const finalNo = new Map(
      plans.map((p) => [p.row.id, (p.values.admissionNo ?? p.current.admissionNo).toLowerCase()]),
    );
    const finalCode = new Map(plans.map((p) => [p.row.id, p.values.paymentCode ?? p.current.paymentCode]));
    const newNos = plans.flatMap((p) => (p.values.admissionNo ? [p.values.admissionNo] : []));
    const newCodes = plans.flatMap((p) => (p.values.paymentCode ? [p.values.paymentCode] : []));
    const holders = await numberHolders(scope, newNos, newCodes);
    const claimedNo = new Map<string, string>();
    const claimedCode = new Map<string, string>();
    for (const p of plans) {
      const no = p.values.admissionNo;
      if (no) {
        const holder = holders.admission.get(no.toLowerCase());
        const stillHeld =
          holder && holder.id !== p.row.id && (finalNo.get(holder.id) ?? no.toLowerCase()) === no.toLowerCase();
        const twice = claimedNo.get(no.toLowerCase());
        if (stillHeld || twice) {
          throw new Invalid(
            p.where('admission_no'),
            `${p.who}: ${admissionTaken(no)}${twice ? ` (given to ${twice} too)` : ''}`,
          );
        }
        claimedNo.set(no.toLowerCase(), fullName(p.current));
      }
      const code = p.values.paymentCode;
      if (code) {
        const holder = holders.payment.get(code);
        const stillHeld =
          holder && holder.id !== p.row.id && (finalCode.has(holder.id) ? finalCode.get(holder.id) : code) === code;
        const twice = claimedCode.get(code);
        if (stillHeld || twice) {
          throw new Invalid(
            p.where('payment_code'),
            `${p.who}: ${paymentCodeTaken(code)}${twice ? ` (given to ${twice} too)` : ''}`,
          );
        }
        claimedCode.set(code, fullName(p.current));
      }
    }

    const changed = plans.filter((p) => Object.keys(p.values).length);
    await scope.transaction(async (tx) => {
      for (const p of changed) {
        await tx.table(students, 'students').update(p.row.id, { ...p.values, updatedAt: now() });
        if (p.values.admissionNo) await renameAccount(tx, p.row.id, p.values.admissionNo);
      }
      await followPlacement(
        tx,
        changed.map((p) => p.row.id),
      );
    });
    return { data: { updated: changed.length }, message: messages.students.update.success };
  });
}

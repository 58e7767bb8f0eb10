import {
  type AdvanceRow,
  addAdvance,
  advanceAmendmentList,
  amendAdvance,
  listAdvances,
  moneyStatusReply,
  paymentModes,
  salaryPayments,
  staff,
  staffAdvances,
  voidAdvance,
} from '@somero/contract';
import { repaymentPlan } from '@somero/payroll';
import { and, asc, desc, eq, inArray, type SQL, sum } from 'drizzle-orm';
import { today } from '../../core/dates.js';
import { NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { activeMode } from '../fees/index.js';
import type { ModuleContext } from '../module.js';
import { advanceDocument } from './documents.js';

/** What each of some advances has had taken back by valid salary payments. */
export async function recoveredOf(scope: SchoolScope, advanceIds: number[]) {
  if (!advanceIds.length) return new Map<number, number>();
  const rows = await scope.db
    .select({ id: salaryPayments.advanceId, n: sum(salaryPayments.advance) })
    .from(salaryPayments)
    .where(
      scope.mine(salaryPayments, eq(salaryPayments.status, 'valid'), inArray(salaryPayments.advanceId, advanceIds)),
    )
    .groupBy(salaryPayments.advanceId);
  return new Map(rows.map((r) => [r.id as number, Number(r.n ?? 0)]));
}

export async function advanceRows(scope: SchoolScope, where: SQL): Promise<AdvanceRow[]> {
  const rows = await scope.db
    .select({ a: staffAdvances, name: staff.name, mode: paymentModes.name })
    .from(staffAdvances)
    .innerJoin(staff, and(eq(staff.schoolId, staffAdvances.schoolId), eq(staff.id, staffAdvances.staffId)))
    .innerJoin(
      paymentModes,
      and(eq(paymentModes.schoolId, staffAdvances.schoolId), eq(paymentModes.id, staffAdvances.modeId)),
    )
    .where(where)
    .orderBy(desc(staffAdvances.givenOn), desc(staffAdvances.id));
  const recovered = await recoveredOf(
    scope,
    rows.map((r) => r.a.id),
  );
  return rows.map(({ a, name, mode }) => {
    const back = recovered.get(a.id) ?? 0;
    return {
      id: a.id,
      staff_id: a.staffId,
      staff_name: name,
      amount: a.amount,
      given_on: a.givenOn,
      mode_id: a.modeId,
      mode_name: mode,
      months: a.months,
      consent: a.consent,
      reference: a.reference,
      recovered: back,
      outstanding: a.status === 'valid' ? a.amount - back : 0,
      ...moneyStatusReply(a),
    };
  });
}

async function advanceRow(scope: SchoolScope, id: number) {
  const [row] = await advanceRows(scope, scope.mine(staffAdvances, eq(staffAdvances.id, id)));
  if (!row) throw new NotFound('advance');
  return row;
}

function checkAdvance(input: { amount: number; given_on?: string }) {
  if (input.amount <= 0) throw new Refusal('Enter an amount above zero, in whole shillings.');
  if ((input.given_on ?? today()) > today()) throw new Refusal('The date given cannot be in the future.');
}

/** A staff member's oldest advance still owed: what is outstanding and this month's planned instalment. */
export async function advanceDue(scope: SchoolScope, staffId: number) {
  const advances = await scope.db
    .select()
    .from(staffAdvances)
    .where(scope.mine(staffAdvances, eq(staffAdvances.staffId, staffId), eq(staffAdvances.status, 'valid')))
    .orderBy(asc(staffAdvances.givenOn), asc(staffAdvances.id));
  const recovered = await recoveredOf(
    scope,
    advances.map((a) => a.id),
  );
  for (const a of advances) {
    const outstanding = a.amount - (recovered.get(a.id) ?? 0);
    if (outstanding > 0) return { id: a.id, outstanding, instalment: repaymentPlan(a.amount, a.months)[0] as number };
  }
  return null;
}

/** Salary advances: paid with consent, corrected or voided with a reason, recovered by the months' salaries. */
export function advanceRoutes({ serve }: Pick<ModuleContext, 'serve'>) {
  serve(listAdvances, async ({ input, scope }) => ({
    data: await advanceRows(
      scope,
      scope.mine(staffAdvances, input.staff_id ? eq(staffAdvances.staffId, input.staff_id) : undefined),
    ),
  }));

  serve(addAdvance, async ({ input, scope }) => {
    checkAdvance(input);
    const id = await scope.transaction(async (tx) => {
      await tx.table(staff, 'staff').find(input.staff_id, 'staff member');
      await activeMode(tx, input.mode_id);
      const made = await tx.table(staffAdvances, 'staff').insert({
        staffId: input.staff_id,
        amount: input.amount,
        givenOn: input.given_on ?? today(),
        modeId: input.mode_id,
        months: input.months,
        consent: input.consent,
        reference: input.reference ?? null,
        recordedBy: tx.actor.name ?? 'System',
      });
      await advanceDocument.post(tx, [made.id]);
      return made.id;
    });
    return { data: await advanceRow(scope, id), message: 'Advance recorded Successfully' };
  });

  serve(amendAdvance, async ({ id, input, scope }) => {
    checkAdvance(input);
    const { reason, ...fields } = input;
    await advanceDocument.amend(scope, id, reason, async (tx, before) => {
      const back = (await recoveredOf(tx, [id])).get(id) ?? 0;
      if (back > 0 && input.amount !== before.amount)
        throw new Refusal(`UGX ${back.toLocaleString('en-GB')} of this advance is recovered: its amount stays.`);
      await activeMode(tx, input.mode_id);
      return {
        amount: fields.amount,
        givenOn: fields.given_on ?? before.givenOn,
        modeId: fields.mode_id,
        months: fields.months,
        consent: fields.consent,
        reference: fields.reference ?? null,
        amendReason: reason,
      };
    });
    return { data: await advanceRow(scope, id), message: 'Advance updated Successfully' };
  });

  serve(advanceAmendmentList, async ({ id, scope }) => ({ data: await advanceDocument.history(scope, id) }));
  serve(voidAdvance, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const back = (await recoveredOf(tx, [id])).get(id) ?? 0;
      if (back > 0)
        throw new Refusal(
          `UGX ${back.toLocaleString('en-GB')} of this advance is recovered by salaries: reverse those first.`,
        );
      await advanceDocument.void(tx, id, input.reason);
    });
    return { data: await advanceRow(scope, id), message: 'Advance voided' };
  });
}

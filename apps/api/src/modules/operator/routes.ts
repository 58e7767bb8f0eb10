import * as calls from '@somero/contract';
import { paymentModes, schools, smsPackages } from '@somero/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Refusal } from '../../core/errors.js';
import { issueOperatorToken, operatorAudit } from '../../core/operators.js';
import { checkPassword } from '../../core/passwords.js';
import { clearFailures, countFailure, refuseIfLocked, signInKeys } from '../../core/rate-limit.js';
import { operatorAudits, operatorSessions, operators } from '../../db/schema.js';
import type { ModuleContext } from '../module.js';
import { confirmCreditRequest, declineCreditRequest, grantCredit } from '../notifications/index.js';
import { asService, hostedSchool, hostedSchools, setSchoolStatus } from './schools.js';

const wrongCredentials = 'Wrong e-mail or password.';

/** The service's console (/operator): its sign-in, the schools it hosts, their status and SMS credit. */
export function operatorRoutes({ serve, database }: ModuleContext) {
  const { db } = database;

  serve(calls.operatorLogin, async ({ input, req }) => {
    // The same limits as a school's sign-in, counted apart (`operator:` names the console's tries).
    const keys = signInKeys(`operator:${input.email}`, req.ip);
    const counts = await refuseIfLocked(db, keys);
    const [operator] = await db
      .select()
      .from(operators)
      .where(eq(sql`lower(${operators.email})`, input.email.toLowerCase()))
      .limit(1);
    if (!operator || !operator.active || !(await checkPassword(operator.passwordHash, input.password))) {
      await countFailure(db, keys);
      throw new Refusal(wrongCredentials);
    }
    await clearFailures(db, keys, counts);
    const token = await db.transaction(async (tx) => {
      const made = await issueOperatorToken(tx, operator.id);
      await operatorAudit(
        tx,
        { operatorId: operator.id, name: operator.name },
        { action: 'sign_in', summary: `Signed in from ${req.ip}` },
      );
      return made;
    });
    return { token, operator: { id: operator.id, name: operator.name, email: operator.email } };
  });

  serve(calls.operatorMe, ({ operator }) => ({
    data: { id: operator.operatorId, name: operator.name, email: operator.email },
  }));

  serve(calls.operatorLogout, async ({ operator }) => {
    await db.update(operatorSessions).set({ revokedAt: now() }).where(eq(operatorSessions.id, operator.sessionId));
    return { data: null, message: 'Signed out' };
  });

  serve(calls.operatorSchools, async () => ({ data: await hostedSchools(db) }));

  serve(calls.approveSchool, async ({ id, operator }) => {
    await setSchoolStatus(db, operator, id, { to: 'active', from: ['pending'], action: 'approve' });
    const school = await hostedSchool(db, id);
    return { data: school, message: `${school.name} is approved: its people can sign in.` };
  });

  serve(calls.suspendSchool, async ({ id, input, operator }) => {
    await setSchoolStatus(db, operator, id, {
      to: 'suspended',
      from: ['active', 'pending'],
      action: 'suspend',
      reason: input.reason,
    });
    const school = await hostedSchool(db, id);
    return { data: school, message: `${school.name} is suspended. Nothing of it is deleted.` };
  });

  serve(calls.reinstateSchool, async ({ id, operator }) => {
    await setSchoolStatus(db, operator, id, { to: 'active', from: ['suspended'], action: 'reinstate' });
    const school = await hostedSchool(db, id);
    return { data: school, message: `${school.name} works again.` };
  });

  serve(calls.grantSmsCredit, async ({ id, input, operator }) => {
    const before = await hostedSchool(db, id);
    await grantCredit(asService(db, id, operator), input);
    await operatorAudit(
      db,
      { operatorId: operator.operatorId, name: operator.name },
      {
        action: 'grant_sms',
        school: id,
        summary: `Granted ${input.credits.toLocaleString('en-US')} SMS to ${before.name} for UGX ${input.price.toLocaleString('en-US')} (${input.reference})`,
        detail: input,
      },
    );
    const school = await hostedSchool(db, id);
    return {
      data: school,
      message: `${input.credits.toLocaleString('en-US')} SMS added to ${school.name}.`,
    };
  });

  serve(calls.smsCreditRequests, async () => {
    const rows = await db
      .select({ p: smsPackages, school: schools.name, mode: paymentModes.name })
      .from(smsPackages)
      .innerJoin(schools, eq(schools.id, smsPackages.schoolId))
      .leftJoin(
        paymentModes,
        and(eq(paymentModes.schoolId, smsPackages.schoolId), eq(paymentModes.id, smsPackages.modeId)),
      )
      .where(eq(smsPackages.status, 'requested'))
      .orderBy(asc(smsPackages.createdAt), asc(smsPackages.id));
    return {
      data: rows.map(({ p, school, mode }) => ({
        id: p.id,
        school_id: p.schoolId,
        school,
        name: p.name,
        credits: p.credits,
        price: p.price,
        mode,
        reference: p.reference,
        requested_on: p.boughtOn,
        requested_by: p.boughtBy,
      })),
    };
  });

  /** A request's school and name, for the activity line; a refusal in words when there is no such request. */
  async function requestOf(schoolId: number, id: number) {
    const [row] = await db
      .select({ name: smsPackages.name, school: schools.name, price: smsPackages.price })
      .from(smsPackages)
      .innerJoin(schools, eq(schools.id, smsPackages.schoolId))
      .where(and(eq(smsPackages.schoolId, schoolId), eq(smsPackages.id, id)));
    if (!row) throw new Refusal('There is no such request.');
    return row;
  }

  serve(calls.confirmSmsRequest, async ({ id, input, operator }) => {
    const asked = await requestOf(input.school_id, id);
    await confirmCreditRequest(asService(db, input.school_id, operator), id);
    await operatorAudit(
      db,
      { operatorId: operator.operatorId, name: operator.name },
      {
        action: 'confirm_sms',
        school: input.school_id,
        summary: `Confirmed ${asked.name} for ${asked.school} (UGX ${asked.price.toLocaleString('en-US')})`,
      },
    );
    return { data: null, message: `${asked.name} confirmed for ${asked.school}.` };
  });

  serve(calls.declineSmsRequest, async ({ id, input, operator }) => {
    const asked = await requestOf(input.school_id, id);
    await declineCreditRequest(asService(db, input.school_id, operator), id, input.reason);
    await operatorAudit(
      db,
      { operatorId: operator.operatorId, name: operator.name },
      {
        action: 'decline_sms',
        school: input.school_id,
        summary: `Declined ${asked.name} for ${asked.school}: ${input.reason}`,
      },
    );
    return { data: null, message: `${asked.name} declined for ${asked.school}.` };
  });

  serve(calls.operatorActivity, async () => {
    const rows = await db
      .select({ a: operatorAudits, school: schools.name })
      .from(operatorAudits)
      .leftJoin(schools, eq(schools.id, operatorAudits.ofSchool))
      .orderBy(desc(operatorAudits.at), desc(operatorAudits.id))
      .limit(500);
    return {
      data: rows.map(({ a, school }) => ({
        id: a.id,
        at: a.at.toISOString(),
        operator: a.operatorName,
        action: a.action,
        school,
        summary: a.summary,
      })),
    };
  });
}

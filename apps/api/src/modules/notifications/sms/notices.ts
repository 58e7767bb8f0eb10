import {
  classes,
  guardians,
  schools,
  smsMessages,
  smsRecipients,
  streams,
  studentGuardians,
  students,
} from '@somero/contract';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ago, today } from '../../../core/dates.js';
import { Refusal } from '../../../core/errors.js';
import { cachedSchoolSettings } from '../../../core/school-settings.js';
import type { SchoolScope } from '../../../core/scope.js';
import { dayMonthYear, kampalaDateTime } from '../../../documents/format.js';
import type { GuardianNotices, GuardianSend, ModuleContext, StudentNotice } from '../../module.js';
import {
  balanceWords,
  mergeGuardians,
  noticeTemplates,
  type Recipient,
  shortComplaint,
  ugx,
  uniqueRecipients,
} from '../rules.js';
import { creditsOf, filled, startSend } from './send.js';

/** Each student's name, class (and stream) and guardian: the primary one, else the first linked. */
async function studentsWithGuardians(scope: SchoolScope, ids: number[]) {
  if (!ids.length) return [];
  const [pupils, links] = await Promise.all([
    scope.db
      .select({
        id: students.id,
        name: sql<string>`${students.surname} || ' ' || ${students.otherNames}`,
        className: sql<string>`${classes.name} || coalesce(' ' || ${streams.name}, '')`,
      })
      .from(students)
      .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
      .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
      .where(scope.mine(students, inArray(students.id, ids))),
    scope.db
      .select({ studentId: studentGuardians.studentId, name: guardians.name, phone: guardians.phone })
      .from(studentGuardians)
      .innerJoin(
        guardians,
        and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
      )
      .where(and(eq(studentGuardians.schoolId, scope.schoolId), inArray(studentGuardians.studentId, ids)))
      .orderBy(desc(studentGuardians.primary), asc(guardians.id)),
  ]);
  const guardianOf = new Map<number, { name: string; phone: string | null }>();
  for (const l of links) if (!guardianOf.has(l.studentId)) guardianOf.set(l.studentId, l);
  const byId = new Map(pupils.map((p) => [p.id, p]));
  return ids.flatMap((id) => {
    const p = byId.get(id);
    if (!p) return [];
    const g = guardianOf.get(id);
    return [{ ...p, guardian: g?.name ?? 'Parent', phone: g?.phone ?? null }];
  });
}

async function schoolName(scope: SchoolScope) {
  const [school] = await scope.db.select({ name: schools.name }).from(schools).where(eq(schools.id, scope.schoolId));
  return school?.name ?? '';
}

/**
 * The recipients of a message to these students' guardians: merged by number (a parent of several gets
 * one message naming them all, their balances added, their own values joined), {school} added.
 */
async function guardianRecipients(scope: SchoolScope, list: StudentNotice[]) {
  const [found, school] = await Promise.all([
    studentsWithGuardians(
      scope,
      list.map((s) => s.studentId),
    ),
    schoolName(scope),
  ]);
  const asked = new Map(list.map((s) => [s.studentId, s]));
  const merged = mergeGuardians(
    found.map((p) => ({
      phone: p.phone,
      guardian: p.guardian,
      studentId: p.id,
      student: p.name,
      className: p.className,
      balance: asked.get(p.id)?.balance ?? 0,
      extra: asked.get(p.id)?.values,
    })),
  );
  const unique = uniqueRecipients(merged);
  const recipients: Recipient[] = unique.recipients.map((r) => ({ ...r, values: { school, ...r.values } }));
  return { recipients, withoutPhone: unique.withoutPhone };
}

const audienceOf = (label: string) => label.slice(0, 200);

export function guardianNotices(ctx: Pick<ModuleContext, 'jobs' | 'feesBalances' | 'app'>): GuardianNotices {
  /** Sends to these students' guardians, or answers the figures when `send` is false. */
  async function toGuardians(
    scope: SchoolScope,
    list: StudentNotice[],
    template: string,
    audience: string,
    { send, confirmed = false, toWhom = 'guardians' }: { send: boolean; confirmed?: boolean; toWhom?: string },
  ): Promise<GuardianSend> {
    const { recipients, withoutPhone } = await guardianRecipients(scope, list);
    const messages = filled(template, recipients);
    const credits = messages.reduce((n, m) => n + m.parts, 0);
    const preview = messages.slice(0, 3).map((m) => ({ name: m.name, phone: m.phone, text: m.text, parts: m.parts }));
    const figures = { recipients: messages.length, credits, without_phone: withoutPhone, preview };
    if (!send) {
      const { balance } = await creditsOf(scope);
      return { ...figures, balance, enough: credits <= balance, message_id: null, job_id: null };
    }
    const started = await startSend(
      ctx,
      scope,
      template,
      {
        recipients,
        withoutPhone,
        duplicates: 0,
        invalid: [],
        audience: audienceOf(audience),
        toWhom,
      },
      confirmed,
    );
    const { balance } = await creditsOf(scope);
    return { ...figures, balance, enough: true, message_id: started.message_id, job_id: started.job_id };
  }

  /** An automatic notice: sent, else a note for the user; never a thrown error. */
  async function notice(scope: SchoolScope, what: string, list: StudentNotice[], template: string, audience: string) {
    try {
      const sent = await toGuardians(scope, list, template, audience, { send: true, confirmed: true });
      return sent.recipients ? null : `No ${what} SMS: no guardian phone number on record.`;
    } catch (error) {
      if (error instanceof Refusal)
        return /credit/i.test(error.message)
          ? `No ${what} SMS: the school's SMS credit has run out.`
          : `No ${what} SMS: no guardian phone number on record.`;
      ctx.app.log.error({ err: error }, `the ${what} SMS could not be started`);
      return `The ${what} SMS could not be sent.`;
    }
  }

  return {
    toGuardians,

    async feesReceipt(scope, payment) {
      const settings = await cachedSchoolSettings(scope.db, scope.schoolId);
      if (!settings?.smsFeesReceipts) return null;
      let balance = 0;
      try {
        balance = (await ctx.feesBalances(scope, [payment.studentId])).get(payment.studentId) ?? 0;
      } catch (error) {
        ctx.app.log.error({ err: error }, 'the balance for an SMS receipt could not be read');
        return 'The SMS receipt could not be sent.';
      }
      return notice(
        scope,
        'receipt',
        [
          {
            studentId: payment.studentId,
            balance,
            values: {
              amount: ugx(payment.amount),
              receipt: String(payment.receiptNo),
              date: dayMonthYear(payment.paidOn),
              balance: balanceWords(balance),
            },
          },
        ],
        noticeTemplates.receipt,
        `Fees receipt ${payment.receiptNo}`,
      );
    },

    async sickbayVisit(scope, visit) {
      const settings = await cachedSchoolSettings(scope.db, scope.schoolId);
      if (!settings?.smsSickbayVisits) return null;
      // "Sat 22 Nov 2026, 14:30": a visit written up on a later day is old news to a parent.
      const [date = '', time = ''] = kampalaDateTime(visit.visitedAt).replace(/^\S+ /, '').split(', ');
      if (date !== dayMonthYear(today())) return null;
      return notice(
        scope,
        'sick-bay',
        [{ studentId: visit.studentId, values: { date, time, complaint: shortComplaint(visit.complaint) } }],
        noticeTemplates.sickbay,
        'Sick-bay visit',
      );
    },

    async absences(scope, day, studentIds) {
      if (!studentIds.length) return null;
      const settings = await cachedSchoolSettings(scope.db, scope.schoolId);
      if (!settings?.smsAbsences) return null;
      // Once a day a student: a mark changed back and forth sends no second message.
      const audience = `Absence ${day}`;
      const already = await scope.db
        .select({ studentId: smsRecipients.studentId })
        .from(smsRecipients)
        .innerJoin(
          smsMessages,
          and(eq(smsMessages.schoolId, smsRecipients.schoolId), eq(smsMessages.id, smsRecipients.messageId)),
        )
        .where(
          scope.mine(
            smsRecipients,
            eq(smsMessages.audience, audience),
            inArray(smsRecipients.studentId, studentIds),
            gte(smsRecipients.createdAt, ago(2 * 86_400_000)),
          ),
        );
      const sent = new Set(already.map((a) => a.studentId));
      const list = studentIds.filter((id) => !sent.has(id)).map((studentId) => ({ studentId }));
      if (!list.length) return null;
      return notice(
        scope,
        'absence',
        list.map((s) => ({ ...s, values: { date: dayMonthYear(day) } })),
        noticeTemplates.absence,
        audience,
      );
    },
  };
}

import {
  classes,
  guardians,
  paymentModes,
  schools,
  smsAccounts,
  smsMessages,
  smsRecipients,
  staff,
  studentGuardians,
  students,
} from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, ago, today } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { fillTemplate, smsParts } from './rules.js';
import { buyPackage, confirmCreditRequest } from './sms/packages.js';
import { module } from './sms/send.js';

const daysAgo = (n: number) => ago(n * 86_400_000);

/**
 * The demo school's SMS: its account only logs (nothing leaves the server), a Term package bought from
 * the bank, a visiting-day message to S1's guardians (one number undelivered) and a meeting notice to staff.
 */
export async function fillDemoSms(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'School Administrator' });
  await db.insert(smsAccounts).values({ schoolId, logOnly: true });
  const [bank] = await db
    .select({ id: paymentModes.id })
    .from(paymentModes)
    .where(and(eq(paymentModes.schoolId, schoolId), eq(paymentModes.kind, 'bank')));
  const [cash] = await db.select({ id: paymentModes.id }).from(paymentModes).where(eq(paymentModes.schoolId, schoolId));
  const mode = bank ?? cash;
  // Bought before the sends below (Kampala's day, UTC+3), never after today.
  const tenDaysAgo = addDays(today(), -10);
  if (!mode) return;
  // Asked for from the service, which confirmed it once paid (the school's payment is recorded then).
  const { row: asked } = await buyPackage(
    scope,
    { package: 'term', mode_id: mode.id, bought_on: tenDaysAgo, reference: 'INV-SMS-0412' },
    false,
  );
  await confirmCreditRequest(new SchoolScope(db, schoolId, { userId: null, name: 'Somero service' }), asked.id);
  const [school] = await db.select({ name: schools.name }).from(schools).where(eq(schools.id, schoolId));

  const [s1] = await db
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(eq(classes.schoolId, schoolId))
    .orderBy(asc(classes.rank), asc(classes.id))
    .limit(1);
  const parents = s1
    ? await db
        .select({
          studentId: students.id,
          student: students.otherNames,
          guardian: guardians.name,
          phone: guardians.phone,
        })
        .from(students)
        .innerJoin(
          studentGuardians,
          and(
            eq(studentGuardians.schoolId, schoolId),
            eq(studentGuardians.studentId, students.id),
            eq(studentGuardians.primary, true),
          ),
        )
        .innerJoin(guardians, and(eq(guardians.schoolId, schoolId), eq(guardians.id, studentGuardians.guardianId)))
        .where(and(eq(students.schoolId, schoolId), eq(students.classId, s1.id), eq(students.status, 'current')))
        .orderBy(asc(students.id))
        .limit(40)
    : [];
  const staffList = await db
    .select({ name: staff.name, phone: staff.phone })
    .from(staff)
    .where(and(eq(staff.schoolId, schoolId), eq(staff.active, true)))
    .limit(30);

  const sends = [
    {
      template:
        'Dear {guardian}, visiting day for {student} ({class}) is Sunday from 9 am to 4 pm. Please bring the term report. {school}',
      audience: `Guardians (${s1?.name ?? ''})`,
      at: daysAgo(6),
      people: parents.map((p) => ({
        name: p.guardian,
        phone: p.phone,
        studentId: p.studentId,
        values: { guardian: p.guardian, student: p.student, class: s1?.name ?? '', school: school.name },
      })),
    },
    {
      template: 'Dear {name}, staff meeting on Friday at 2 pm in the library. {school}',
      audience: 'Staff',
      at: daysAgo(2),
      people: staffList
        .filter((s) => s.phone)
        .map((s) => ({
          name: s.name,
          phone: s.phone as string,
          studentId: null,
          values: { name: s.name, school: school.name },
        })),
    },
  ];
  for (const send of sends) {
    const seen = new Set<string>();
    const people = send.people.filter((p) => !seen.has(p.phone) && seen.add(p.phone));
    if (!people.length) continue;
    const texts = people.map((p) => fillTemplate(send.template, p.values));
    const credits = texts.reduce((n, t) => n + smsParts(t), 0);
    const message = await scope.table(smsMessages, module).insert({
      template: send.template,
      audience: send.audience,
      total: people.length,
      credits,
      sentBy: 'School Administrator',
      sentById: adminId,
      status: 'done',
      finishedAt: send.at,
      createdAt: send.at,
    });
    await db.insert(smsRecipients).values(
      people.map((p, i) => ({
        schoolId,
        messageId: message.id,
        phone: p.phone,
        name: p.name,
        studentId: p.studentId,
        text: texts[i],
        parts: smsParts(texts[i]),
        status: i === 3 ? 'undelivered' : i === 7 ? 'rejected' : 'delivered',
        gatewayId: `log-demo-${message.id}-${i}`,
        gatewayStatus: i === 3 ? 'Failed: AbsentSubscriber' : i === 7 ? 'InvalidPhoneNumber' : 'Success',
        sentAt: i === 7 ? null : send.at,
        createdAt: send.at,
      })),
    );
  }
}

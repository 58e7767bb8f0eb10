import { addStudent, guardians, messages, phoneDisplay, students } from '@somero/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { nextNumber } from '../../../core/counters.js';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { ensureEnrolled } from '../../enrolment/index.js';
import type { ModuleContext } from '../../module.js';
import { schoolTerm, studentProfile, today } from '../query.js';
import {
  admissionTaken,
  checkGuardianIds,
  linkGuardians,
  numberHolders,
  Placement,
  paymentCodeTaken,
} from '../rules.js';

export type NewStudent = z.output<typeof addStudent.input>;

/**
 * The next free admission number, "2026/0042": the school's gapless `admission` series with the year of
 * admission. A number someone typed by hand earlier is skipped. Call inside the admission's transaction.
 */
async function nextAdmissionNo(scope: SchoolScope, year: number): Promise<string> {
  for (let tries = 0; tries < 10_000; tries++) {
    const no = `${year}/${String(await nextNumber(scope, 'admission')).padStart(4, '0')}`;
    const taken = await scope
      .table(students, 'students')
      .count(eq(sql`lower(${students.admissionNo})`, no.toLowerCase()));
    if (!taken) return no;
  }
  throw new Error('No free admission number found');
}

/** The columns of a new student on the register, checked already. */
export function newStudentRow(
  s: NewStudent,
  term: { year: number; term: number },
  admissionNo: string,
  admittedOn: string,
): Omit<typeof students.$inferInsert, 'schoolId'> {
  return {
    admissionNo,
    paymentCode: s.payment_code || null,
    surname: s.surname,
    otherNames: s.other_names,
    gender: s.gender,
    dateOfBirth: s.date_of_birth ?? null,
    classId: s.class_id,
    streamId: s.stream_id ?? null,
    section: s.section,
    house: s.house ?? null,
    nationality: s.nationality,
    lin: s.lin ?? null,
    religion: s.religion ?? null,
    district: s.district ?? null,
    address: s.address ?? null,
    admittedOn,
    medicalNotes: s.medical_notes ?? null,
    visuallyImpaired: s.visually_impaired ?? false,
    status: 'current',
    entryYear: term.year,
    entryTerm: term.term,
  };
}

/**
 * Puts one already checked student on the register with their guardian links; answers the student's id.
 * Call inside a transaction (the admission number and the student must commit together).
 */
export async function enrol(scope: SchoolScope, s: NewStudent, term: { year: number; term: number }) {
  const admittedOn = s.admitted_on ?? today();
  const admissionNo = s.admission_no || (await nextAdmissionNo(scope, Number(admittedOn.slice(0, 4))));
  const row = await scope.table(students, 'students').insert(newStudentRow(s, term, admissionNo, admittedOn));
  await linkGuardians(scope, row.id, s.guardians);
  await ensureEnrolled(scope, term.year, term.term, [row.id]);
  return row.id;
}

/** Refuses (202) an admission number or payment code another student holds. */
export async function refuseTakenNumbers(
  scope: SchoolScope,
  s: { admission_no?: string | null; payment_code?: string | null },
  exceptId = 0,
) {
  const { admission, payment } = await numberHolders(
    scope,
    s.admission_no ? [s.admission_no] : [],
    s.payment_code ? [s.payment_code] : [],
  );
  const a = s.admission_no ? admission.get(s.admission_no.toLowerCase()) : undefined;
  if (a && a.id !== exceptId) throw new Refusal(admissionTaken(s.admission_no as string));
  const p = s.payment_code ? payment.get(s.payment_code) : undefined;
  if (p && p.id !== exceptId) throw new Refusal(paymentCodeTaken(s.payment_code as string));
}

/** A phone's last nine digits: "0772 123456", "+256 772 123456" and "772123456" are one number. */
const phoneKey = (phone: string) => phone.replace(/\D/g, '').slice(-9);

/**
 * A new guardian whose phone is already a guardian's of the school would be a duplicate parent (siblings
 * share one guardian): refused with 202 naming the one on record, to be picked instead.
 */
async function refuseDuplicateGuardians(scope: SchoolScope, s: NewStudent) {
  const keys = s.guardians.flatMap((g) => ('guardian_id' in g ? [] : [phoneKey(g.phone)]));
  const wanted = keys.filter((k) => k.length === 9);
  if (!wanted.length) return;
  const [found] = await scope.db
    .select({ id: guardians.id, name: guardians.name, phone: guardians.phone })
    .from(guardians)
    .where(scope.mine(guardians, inArray(sql`right(regexp_replace(${guardians.phone}, '[^0-9]', '', 'g'), 9)`, wanted)))
    .limit(1);
  if (found)
    throw new Refusal(
      `A guardian with the phone ${phoneDisplay(found.phone)} is already on record: ${found.name}. Choose them as an existing guardian (siblings share one) instead of adding them again.`,
    );
}

export function admissionRoutes({ serve }: ModuleContext) {
  serve(addStudent, async ({ input, scope }) => {
    (await Placement.load(scope)).check(input.class_id, input.stream_id);
    await checkGuardianIds(scope, input.guardians);
    await refuseTakenNumbers(scope, input);
    await refuseDuplicateGuardians(scope, input);
    const term = await schoolTerm(scope);
    const id = await scope.transaction((tx) => enrol(tx, input, term));
    return { data: await studentProfile(scope, id), message: messages.students.add.success };
  });
}

import { feesBreakdowns, feesCategories, feesPayments, paymentModes } from '@somero/contract';
import type { Database } from '../src/db/open.js';
import { admit, type Json, type RegisterSchool } from './students-fixtures.js';

/** A guardian's contacts: the phone always, the e-mail address when the test sends e-mail. */
export interface Contact {
  phone: string;
  email?: string | null;
}

/** A new guardian of a student, the primary one. */
export const guardian = (name: string, { phone, email }: Contact) => ({
  name,
  phone,
  ...(email !== undefined ? { email } : {}),
  relationship: 'Mother',
  primary: true,
});

/**
 * The families the SMS and e-mail tests send to (apps/api/test/notifications*.test.ts, guardian-sms):
 * Amina in S1 East (Nalwoga Grace), Brian and his sister Bella in S1 with one guardian (Akello Ruth: one
 * message for both), Chris in S2 East (Mugisha John); each guardian primary with the contact given. Brian's
 * stream and Chris's section are the test's. Tuition is 700,000 in S1 and S2 (term 2 of 2026), and the
 * school has a cash mode (1,000,000 opening) to pay it.
 */
export async function admitFamilies(
  s: RegisterSchool,
  database: Database,
  contacts: Record<'amina' | 'brian' | 'chris', Contact>,
  { brianStream = 'S1 East', chrisSection = 'day' }: { brianStream?: string; chrisSection?: 'day' | 'boarding' } = {},
) {
  const amina = await admit(s, { guardians: [guardian('Nalwoga Grace', contacts.amina)] });
  const brian = await admit(s, {
    surname: 'Okello',
    other_names: 'Brian',
    gender: 'M',
    stream_id: s.streams[brianStream],
    guardians: [guardian('Akello Ruth', contacts.brian)],
  });
  const bella = await admit(s, {
    surname: 'Okello',
    other_names: 'Bella',
    guardians: [{ guardian_id: brian.guardians[0].id, primary: true }],
  });
  const chris = await admit(s, {
    surname: 'Mugisha',
    other_names: 'Chris',
    gender: 'M',
    class_id: s.classes.S2,
    stream_id: s.streams['S2 East'],
    section: chrisSection,
    guardians: [guardian('Mugisha John', contacts.chris)],
  });
  const [tuition] = await database.db
    .insert(feesCategories)
    .values({ schoolId: s.schoolId, name: 'Tuition', rank: 1 })
    .returning();
  await database.db.insert(feesBreakdowns).values(
    [s.classes.S1, s.classes.S2].map((classId) => ({
      schoolId: s.schoolId,
      classId,
      categoryId: tuition.id,
      amount: 700_000,
      year: 2026,
      term: 2,
    })),
  );
  const [mode] = await database.db
    .insert(paymentModes)
    .values({ schoolId: s.schoolId, name: 'Cash', kind: 'cash', openingOn: '2026-01-01', openingBalance: 1_000_000 })
    .returning();
  return { kids: { amina, brian, bella, chris } as Record<string, Json>, cash: mode.id };
}

/** Fees paid in cash on 2 Jun 2026 (term 2), receipts numbered from 1 in the order given. */
export async function payFees(database: Database, s: RegisterSchool, cash: number, paid: [number, number][]) {
  await database.db.insert(feesPayments).values(
    paid.map(([studentId, amount], i) => ({
      schoolId: s.schoolId,
      receiptNo: i + 1,
      studentId,
      amount,
      modeId: cash,
      paidOn: '2026-06-02',
      year: 2026,
      term: 2,
      cashierName: 'Bursar',
    })),
  );
}

import {
  classes,
  defaultStoreUnits,
  ministryCalendar,
  type SchoolDetails,
  schoolSettings,
  schools,
  storeUnits,
  termDates,
} from '@somero/contract';
import { eq } from 'drizzle-orm';
import { thisYear, today } from '../../core/dates.js';
import { readFile } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import type { SchoolForDocuments } from '../../documents/types.js';
import { seedSickbayProblems } from '../sickbay/index.js';

/** The Ministry calendar of a year; years not known follow 2026's weeks. */
export function calendarOf(year: number): [string, string][] {
  const known = ministryCalendar[year];
  if (known) return known;
  return ministryCalendar[2026].map(([o, c]) => [o.replace('2026', String(year)), c.replace('2026', String(year))]);
}

/**
 * The term a date falls in, or the next to open in a holiday. After the year's last term closes the school
 * stays in that term (its balances, cards and results) until it moves itself on to the next year.
 */
export function termOn(date: string, terms: { term: number; opensOn: string; closesOn: string }[]): number {
  const sorted = [...terms].sort((a, b) => a.term - b.term);
  for (const t of sorted) if (date <= t.closesOn) return t.term;
  return sorted.at(-1)?.term ?? 1;
}

/**
 * The latest term that had closed before `date` (its closing day gone by), by the Ministry calendar: in
 * the holidays the term just ended, in a term the one before it, before term 1 of a year has closed the
 * last term of the year before.
 */
export function lastClosedTerm(date: string): { year: number; term: number } {
  const year = Number(date.slice(0, 4));
  for (const y of [year, year - 1]) {
    const closed = calendarOf(y).filter(([, closesOn]) => closesOn < date);
    if (closed.length) return { year: y, term: closed.length };
  }
  return { year: year - 1, term: 3 };
}

const termsOf = (year: number) =>
  calendarOf(year).map(([opensOn, closesOn], i) => ({ term: i + 1, opensOn, closesOn }));

/** A year's Ministry term dates, each term saying when the next begins; a term the school has is kept. */
async function addTermDates(s: SchoolScope, year: number) {
  const terms = termsOf(year);
  const had = await s.db
    .select({ term: termDates.term })
    .from(termDates)
    .where(s.mine(termDates, eq(termDates.year, year)));
  for (const [i, t] of terms.entries()) {
    if (had.some((h) => h.term === t.term)) continue;
    await s.table(termDates, 'settings').insert({
      year,
      term: t.term,
      opensOn: t.opensOn,
      closesOn: t.closesOn,
      nextTermBegins: terms[i + 1]?.opensOn ?? calendarOf(year + 1)[0][0],
    });
  }
}

/**
 * Puts a school in a term (the demo school, made on any day, stands at the close of its latest finished
 * term): that year's term dates, the next term's too, and the settings' current year and term.
 */
export async function placeInTerm(scope: SchoolScope, at: { year: number; term: number }) {
  await scope.transaction(async (s) => {
    await addTermDates(s, at.year);
    if (at.term === 3) await addTermDates(s, at.year + 1);
    const before = await currentTerm(s);
    await s.db
      .update(schoolSettings)
      .set({ currentYear: at.year, currentTerm: at.term })
      .where(eq(schoolSettings.schoolId, s.schoolId));
    await s.audit({
      action: 'update',
      module: 'settings',
      entity: 'school_settings',
      entityId: s.schoolId,
      before: { current_year: before.year, current_term: before.term },
      after: { current_year: at.year, current_term: at.term },
    });
  });
}

/**
 * What a new school starts with: S1–S6 (promoting S1→S2…S3→S4, S5→S6; S4 and S6 leave), this year's
 * Ministry term dates, and its settings row with the current term.
 */
export async function setUpNewSchool(scope: SchoolScope) {
  const year = thisYear();
  const terms = termsOf(year);
  await scope.transaction(async (s) => {
    const made: { id: number; name: string }[] = [];
    for (const [i, name] of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'].entries()) {
      const alevel = i >= 4;
      made.push(
        await s.table(classes, 'settings').insert({
          name,
          level: alevel ? 'alevel' : 'olevel',
          curriculum: alevel ? 'alevel' : 'new',
          rank: i + 1,
        }),
      );
    }
    for (const [from, to] of [
      [0, 1],
      [1, 2],
      [2, 3],
      [4, 5],
    ]) {
      await s.table(classes, 'settings').update(made[from].id, { promotesToId: made[to].id });
    }
    await addTermDates(s, year);
    const [row] = await s.db
      .insert(schoolSettings)
      .values({ schoolId: s.schoolId, currentYear: year, currentTerm: termOn(today(), terms) })
      .returning();
    await s.audit({
      action: 'create',
      module: 'settings',
      entity: 'school_settings',
      entityId: s.schoolId,
      after: row,
    });
    // The sick bay's common problems, for the nurse to pick from (the school edits the list).
    await seedSickbayProblems(s);
    // The store's common units (pieces, kg, litres, reams, bags…). Written here from the contract's
    // list: the store area reaches settings through expenses and fees, so importing it would be a cycle.
    for (const [name, short] of defaultStoreUnits) await s.table(storeUnits, 'store').insert({ name, short });
  });
}

/** The settings row and the school's name, as GET school_details answers them. */
export async function schoolDetailsOf(scope: SchoolScope): Promise<SchoolDetails> {
  const [row] = await scope.db
    .select({ school: schools, settings: schoolSettings })
    .from(schools)
    .leftJoin(schoolSettings, eq(schoolSettings.schoolId, schools.id))
    .where(eq(schools.id, scope.schoolId));
  const s = row.settings;
  return {
    id: row.school.id,
    name: row.school.name,
    motto: s?.motto ?? null,
    address: s?.address ?? null,
    phone: s?.phone ?? null,
    email: s?.email ?? null,
    website: s?.website ?? null,
    registration_no: s?.registrationNo ?? null,
    currency: s?.currency ?? 'UGX',
    logo_file_id: s?.logoFileId ?? null,
    head_teacher: s?.headTeacher ?? null,
    receipt_format: s?.receiptFormat === 'thermal' ? 'thermal' : 'a5',
    payslips_per_page: s?.payslipsPerPage === 4 ? 4 : 2,
    payment_instructions: s?.paymentInstructions ?? null,
    separate_requisition_steps: s?.separateRequisitionSteps ?? true,
    sms_fees_receipts: s?.smsFeesReceipts ?? false,
    sms_sickbay_visits: s?.smsSickbayVisits ?? false,
    sms_absences: s?.smsAbsences ?? false,
    visiting_hours: s?.visitingHours ?? null,
    current_year: s?.currentYear ?? thisYear(),
    current_term: s?.currentTerm ?? 1,
  };
}

/** The current year and term (every area that records by term asks this). */
export async function currentTerm(scope: SchoolScope) {
  const details = await schoolDetailsOf(scope);
  return { year: details.current_year, term: details.current_term };
}

/** What every printed document shows of the school. */
export async function schoolForDocuments(
  scope: SchoolScope,
  /** The details when the caller has them already (a receipt reads its paper size from them). */
  known?: Awaited<ReturnType<typeof schoolDetailsOf>>,
): Promise<SchoolForDocuments> {
  const d = known ?? (await schoolDetailsOf(scope));
  return {
    name: d.name,
    motto: d.motto,
    address: d.address,
    phone: d.phone,
    email: d.email,
    logo: d.logo_file_id ? await readFile(scope, d.logo_file_id) : null,
  };
}

import * as calls from '@somero/contract';
import { classes, schoolSettings, schools, streams, termDates } from '@somero/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { HttpError, NotFound, Refusal } from '../../core/errors.js';
import { readFile, saveFile } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import { dayMonthYear } from '../../documents/format.js';
import { prepareImage } from '../../documents/images.js';
import type { ModuleContext } from '../module.js';
import { calendarOf, schoolDetailsOf } from './school.js';

type TermRow = typeof termDates.$inferSelect;
const termJson = (t: TermRow) => ({
  id: t.id,
  year: t.year,
  term: t.term,
  opens_on: t.opensOn,
  closes_on: t.closesOn,
  next_term_begins: t.nextTermBegins,
});

/** School details, current settings, term dates, curriculum, stream lists and files. */
export function settingsRoutes({ serve }: ModuleContext) {
  /** Writes the settings row (creating it for a school that has none) and audits the change. */
  async function saveSettings(scope: SchoolScope, values: Partial<typeof schoolSettings.$inferInsert>) {
    await scope.transaction(async (s) => {
      const before = await schoolDetailsOf(s);
      const year = values.currentYear ?? before.current_year;
      await s.db
        .insert(schoolSettings)
        .values({ schoolId: s.schoolId, currentYear: year, ...values })
        .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { ...values, updatedAt: now() } });
      await s.audit({
        action: 'update',
        module: 'settings',
        entity: 'school_settings',
        entityId: s.schoolId,
        before,
        after: await schoolDetailsOf(s),
      });
    });
  }

  serve(calls.getSchoolDetails, async ({ scope }) => ({ data: await schoolDetailsOf(scope) }));

  serve(calls.updateSchool, async ({ id, input, scope }) => {
    if (id !== scope.schoolId) throw new NotFound('school');
    await scope.transaction(async (s) => {
      await s.db.update(schools).set({ name: input.name }).where(eq(schools.id, s.schoolId));
      await saveSettings(s, {
        motto: input.motto || null,
        address: input.address || null,
        phone: input.phone || null,
        email: input.email || null,
        website: input.website || null,
        registrationNo: input.registration_no || null,
        currency: input.currency.toUpperCase(),
        headTeacher: input.head_teacher || null,
        receiptFormat: input.receipt_format,
        ...(input.payslips_per_page !== undefined ? { payslipsPerPage: input.payslips_per_page } : {}),
        paymentInstructions: input.payment_instructions || null,
        separateRequisitionSteps: input.separate_requisition_steps,
        smsFeesReceipts: input.sms_fees_receipts,
        smsSickbayVisits: input.sms_sickbay_visits,
        smsAbsences: input.sms_absences,
        ...(input.visiting_hours !== undefined ? { visitingHours: input.visiting_hours } : {}),
        currentYear: input.current_year,
        currentTerm: input.current_term,
      });
    });
    return { data: await schoolDetailsOf(scope), message: 'School details saved' };
  });

  serve(calls.uploadLogo, async ({ input, scope }) => {
    const image = await prepareImage(input.data, 'logo');
    await scope.transaction(async (s) => {
      const fileId = await saveFile(s, 'logo', image);
      await saveSettings(s, { logoFileId: fileId });
    });
    return { data: await schoolDetailsOf(scope), message: 'Logo uploaded' };
  });

  serve(calls.getFile, async ({ id, caller, scope, reply }) => {
    const file = await readFile(scope, id);
    // The call is open to every signed-in user; the file answers to the flag of what it belongs to.
    if (!calls.allows(caller, file.access)) {
      throw new HttpError(403, 'Your user group does not allow this. Ask an administrator.');
    }
    return reply.type(file.mime).header('cache-control', 'private, max-age=86400').send(Buffer.from(file.bytes));
  });

  /** A year's terms, made from the Ministry calendar the first time the year is asked for. */
  async function termsOf(scope: SchoolScope, year: number): Promise<TermRow[]> {
    const mine = () =>
      scope.db
        .select()
        .from(termDates)
        .where(scope.mine(termDates, eq(termDates.year, year)))
        .orderBy(asc(termDates.term));
    const rows = await mine();
    if (rows.length === 3) return rows;
    const calendar = calendarOf(year);
    await scope.transaction(async (s) => {
      for (const [i, [opensOn, closesOn]] of calendar.entries()) {
        if (rows.some((r) => r.term === i + 1)) continue;
        const [made] = await s.db
          .insert(termDates)
          .values({
            schoolId: s.schoolId,
            year,
            term: i + 1,
            opensOn,
            closesOn,
            nextTermBegins: calendar[i + 1]?.[0] ?? null,
          })
          .onConflictDoNothing()
          .returning();
        if (made)
          await s.audit({ action: 'create', module: 'settings', entity: 'term_dates', entityId: made.id, after: made });
      }
    });
    return mine();
  }

  serve(calls.getCurrentSettings, async ({ scope }) => {
    const details = await schoolDetailsOf(scope);
    const term = (await termsOf(scope, details.current_year)).find((t) => t.term === details.current_term);
    return {
      data: {
        year: details.current_year,
        term: details.current_term,
        label: `Term ${details.current_term} ${details.current_year}`,
        opens_on: term?.opensOn ?? null,
        closes_on: term?.closesOn ?? null,
        next_term_begins: term?.nextTermBegins ?? null,
        currency: details.currency,
      },
    };
  });

  serve(calls.listTermDates, async ({ input, scope }) => {
    const year = input.year ?? (await schoolDetailsOf(scope)).current_year;
    return { data: (await termsOf(scope, year)).map(termJson) };
  });

  serve(calls.updateTermDate, async ({ id, input, scope }) => {
    const table = scope.table(termDates, 'settings');
    const term = await table.find(id, 'term');
    // Terms of any year may not overlap: a school is in one term at a time.
    const [clash] = await scope.db
      .select()
      .from(termDates)
      .where(scope.mine(termDates, ne(termDates.id, id)))
      .then((rows) => rows.filter((t) => t.opensOn <= input.closes_on && input.opens_on <= t.closesOn));
    if (clash) {
      throw new Refusal(
        `Term ${term.term} ${term.year} would overlap Term ${clash.term} ${clash.year} (${dayMonthYear(clash.opensOn)} to ${dayMonthYear(clash.closesOn)}).`,
      );
    }
    const row = await table.update(id, {
      opensOn: input.opens_on,
      closesOn: input.closes_on,
      nextTermBegins: input.next_term_begins ?? null,
      updatedAt: now(),
    });
    return { data: termJson(row), message: `Term ${row.term} ${row.year} saved` };
  });

  // getCurriculum and setCurriculum are served by the exams area (`exams/setup/curriculum-change.ts`): a
  // change shows the marks and report cards it affects before it is made.

  const streamOptions = async (scope: SchoolScope, level: 'olevel' | 'alevel') => {
    const rows = await scope.db
      .select({ id: streams.id, name: streams.name, class_id: classes.id, class_name: classes.name })
      .from(streams)
      .innerJoin(classes, and(eq(classes.schoolId, streams.schoolId), eq(classes.id, streams.classId)))
      .where(scope.mine(streams, and(eq(classes.level, level))))
      .orderBy(asc(classes.rank), asc(classes.name), asc(streams.name));
    return rows.map((r) => ({ ...r, label: `${r.class_name} ${r.name}` }));
  };

  serve(calls.listOLevelStreams, async ({ scope }) => ({ data: await streamOptions(scope, 'olevel') }));
  serve(calls.listALevelStreams, async ({ scope }) => ({ data: await streamOptions(scope, 'alevel') }));
}

import { sickbayProblems, sickbayVisits, staff, students } from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { now as clockNow, today as todayOf } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { kampalaDayStart } from './rules.js';

/** The common complaints of a Ugandan secondary school's sick bay, the list a new school starts with. */
export const defaultSickbayProblems = [
  'Malaria',
  'Headache',
  'Stomach ache',
  'Flu/Cough',
  'Fever',
  'Injury',
  'Menstrual pain',
  'Diarrhoea',
  'Skin rash',
  'Toothache',
  'Eye infection',
  'Asthma attack',
];

/** Gives a school the default problems list (none added twice). */
export async function seedSickbayProblems(scope: SchoolScope) {
  const have = await scope.db
    .select({ name: sickbayProblems.name })
    .from(sickbayProblems)
    .where(eq(sickbayProblems.schoolId, scope.schoolId));
  const names = new Set(have.map((p) => p.name.toLowerCase()));
  for (const name of defaultSickbayProblems)
    if (!names.has(name.toLowerCase())) await scope.table(sickbayProblems, 'sickbay').insert({ name });
}

/** What the nurse gives for each problem in the demo: [treatment, drugs, temperature range in tenths]. */
const care: Record<string, [string, string, number, number]> = {
  Malaria: ['mRDT positive; first dose given', 'Artemether/lumefantrine 4 tabs, paracetamol 1 g', 375, 395],
  Headache: ['Rest and water', 'Paracetamol 500 mg x2', 363, 372],
  'Stomach ache': ['Observed, rest', 'Buscopan 10 mg', 364, 372],
  'Flu/Cough': ['Warm fluids, rest', 'Cough syrup 10 ml, vitamin C', 366, 378],
  Fever: ['Tepid sponging, fluids', 'Paracetamol 1 g', 380, 392],
  Injury: ['Wound cleaned and dressed', 'Povidone iodine, gauze', 362, 370],
  'Menstrual pain': ['Hot water bottle, rest', 'Ibuprofen 400 mg', 364, 371],
  Diarrhoea: ['Oral rehydration, observed', 'ORS 2 sachets, zinc 20 mg', 366, 380],
  'Skin rash': ['Cleaned, calamine applied', 'Calamine lotion, piriton 4 mg', 363, 370],
  Toothache: ['Salt-water rinse', 'Paracetamol 500 mg x2', 363, 370],
};
/** How often each complaint comes in (malaria and headaches most). */
const weights: [string, number][] = [
  ['Malaria', 6],
  ['Headache', 5],
  ['Flu/Cough', 5],
  ['Stomach ache', 3],
  ['Fever', 3],
  ['Injury', 2],
  ['Menstrual pain', 2],
  ['Diarrhoea', 2],
  ['Skin rash', 1],
  ['Toothache', 1],
];

/**
 * The demo's sick bay: the problems list and about five weeks of visits up to today (school days, more on
 * Mondays), most closed (back to class, a few sent home or referred to Mulago), today's still open, one
 * deleted as recorded twice, and a few staff visits.
 */
export async function fillDemoSickbay(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    await seedSickbayProblems(tx);
    const problems = await tx.db.select().from(sickbayProblems).where(eq(sickbayProblems.schoolId, schoolId));
    const problemId = new Map(problems.map((p) => [p.name, p.id]));
    const pupils = await tx.db
      .select({ id: students.id, classId: students.classId, gender: students.gender })
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.status, 'current')))
      .orderBy(asc(students.id));
    const team = await tx.db.select({ id: staff.id }).from(staff).where(eq(staff.schoolId, schoolId));
    if (!pupils.length) return;
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = () => {
      let r = random() * weights.reduce((n, [, w]) => n + w, 0);
      for (const [name, w] of weights) {
        r -= w;
        if (r < 0) return name;
      }
      return 'Headache';
    };
    const rows: (typeof sickbayVisits.$inferInsert)[] = [];
    const today = todayOf();
    const now = clockNow().getTime();
    for (let back = 35; back >= 0; back--) {
      const start = kampalaDayStart(today).getTime() - back * 86_400_000;
      const weekday = new Date(start + 3 * 3600_000).getUTCDay();
      if (weekday === 0) continue;
      const visits = weekday === 6 ? 2 : weekday === 1 ? 7 : 3 + Math.floor(random() * 4);
      for (let i = 0; i < visits; i++) {
        const at = new Date(start + (7.5 + random() * 10) * 3600_000);
        if (at.getTime() > now) continue;
        let complaint = pick();
        const forStaff = team.length > 0 && random() < 0.08;
        const pupil = pupils[Math.floor(random() * pupils.length)];
        if (complaint === 'Menstrual pain' && (forStaff || pupil.gender !== 'F')) complaint = 'Headache';
        const [treatment, drugs, low, high] = care[complaint];
        const open = back === 0 && random() < 0.6;
        const roll = random();
        const outcome = roll < 0.06 ? 'referred' : roll < 0.16 ? 'sent_home' : 'back_to_class';
        rows.push({
          schoolId,
          patient: forStaff ? 'staff' : 'student',
          studentId: forStaff ? null : pupil.id,
          classId: forStaff ? null : pupil.classId,
          staffId: forStaff ? team[Math.floor(random() * team.length)].id : null,
          visitedAt: at,
          problemId: problemId.get(complaint) ?? null,
          complaint,
          temperature: low + Math.floor(random() * (high - low + 1)),
          treatment,
          drugs,
          outcome: open ? null : outcome,
          referredTo: !open && outcome === 'referred' ? 'Mulago National Referral Hospital' : null,
          attendedBy: 'Sr. Grace Atim',
          status: open ? 'added' : 'closed',
          closedAt: open ? null : new Date(Math.min(at.getTime() + (0.5 + random() * 3) * 3600_000, now)),
        });
      }
    }
    const twice = rows.find((r) => r.status === 'closed' && r.patient === 'student');
    if (twice)
      rows.push({
        ...twice,
        status: 'deleted',
        deleteReason: 'Recorded twice',
        deletedAt: twice.closedAt,
        deletedBy: 'Sr. Grace Atim',
      });
    for (let i = 0; i < rows.length; i += 200) await tx.db.insert(sickbayVisits).values(rows.slice(i, i + 200));
  });
}

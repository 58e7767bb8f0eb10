import {
  classes,
  classRegister,
  gateAttendance,
  rollcallCategories,
  rollcallMarks,
  rollcalls,
  staff,
  students,
  termDates,
} from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, now as clockNow, today } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { currentTerm } from '../settings/index.js';
import { isFixedHoliday, isWeekend } from './rules.js';

/** The roll-calls of a Ugandan boarding secondary school, the list a new school starts with. */
export const defaultRollcallCategories = ['Morning prep', 'Evening prep', 'Dormitory', 'Chapel', 'Games'];

/** Gives a school the default roll-call categories (none added twice). */
export async function seedRollcallCategories(scope: SchoolScope) {
  const have = await scope.db
    .select({ name: rollcallCategories.name })
    .from(rollcallCategories)
    .where(eq(rollcallCategories.schoolId, scope.schoolId));
  const names = new Set(have.map((c) => c.name.toLowerCase()));
  for (const name of defaultRollcallCategories)
    if (!names.has(name.toLowerCase())) await scope.table(rollcallCategories, 'attendance').insert({ name });
}

const hour = 3600_000;
/** The instant of a Kampala day and hour (EAT is UTC+3). */
const at = (day: string, hours: number) => new Date(Date.parse(`${day}T00:00:00Z`) - 3 * hour + hours * hour);

/**
 * The demo's attendance: the last month of the current term's school days (up to today) at the gate, most
 * students in between 6:45 and 7:50, a few absent on any day, three chronic absentees away about half
 * the time; S2's class register marked every day (late, excused, a student sent home after the gate);
 * staff checked in and out; the roll-call categories and a week of morning and evening prep.
 */
export async function fillDemoAttendance(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    await seedRollcallCategories(tx);
    const now = clockNow().getTime();
    const current = await currentTerm(tx);
    const [term] = await tx.db
      .select()
      .from(termDates)
      .where(and(eq(termDates.schoolId, schoolId), eq(termDates.year, current.year), eq(termDates.term, current.term)));
    // Up to today, or to the close of the term when it has closed.
    const end = [today(), term?.closesOn ?? today()].sort()[0] as string;
    const from = addDays(end, -31);
    const start = term && term.opensOn > from ? term.opensOn : from;
    const days: string[] = [];
    for (let d = Date.parse(`${start}T00:00:00Z`); d <= Date.parse(`${end}T00:00:00Z`); d += 86_400_000) {
      const day = new Date(d).toISOString().slice(0, 10);
      if (!isWeekend(day) && !isFixedHoliday(day)) days.push(day);
    }
    const pupils = await tx.db
      .select({ id: students.id, classId: students.classId, className: classes.name })
      .from(students)
      .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
      .where(and(eq(students.schoolId, schoolId), eq(students.status, 'current')))
      .orderBy(asc(students.id));
    const team = await tx.db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.schoolId, schoolId), eq(staff.active, true)));
    if (!pupils.length) return;
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const chronic = new Set([pupils[3]?.id, pupils[Math.floor(pupils.length / 2)]?.id, pupils.at(-4)?.id]);
    const gate: (typeof gateAttendance.$inferInsert)[] = [];
    const register: (typeof classRegister.$inferInsert)[] = [];
    for (const day of days) {
      const isToday = day === today();
      for (const p of pupils) {
        const away = chronic.has(p.id) ? random() < 0.5 : random() < 0.04;
        const late = !away && random() < 0.05;
        const inAt = at(day, late ? 8.1 + random() * 0.8 : 6.75 + random() * 1.05);
        const marked = p.className === 'S2';
        if (!away && inAt.getTime() <= now) {
          const outAt = at(day, 17 + random() * 0.75);
          gate.push({
            schoolId,
            person: 'student',
            studentId: p.id,
            classId: p.classId,
            day,
            checkedInAt: inAt,
            checkedInBy: 'Gate: Okello Patrick',
            checkedOutAt: !isToday && outAt.getTime() <= now ? outAt : null,
            checkedOutBy: !isToday && outAt.getTime() <= now ? 'Gate: Okello Patrick' : null,
          });
        }
        if (marked && !isToday) {
          const sentHome = !away && random() < 0.01;
          const status = away
            ? random() < 0.3
              ? 'excused'
              : 'absent'
            : sentHome
              ? 'absent'
              : late
                ? 'late'
                : 'present';
          register.push({ schoolId, studentId: p.id, classId: p.classId, day, status, markedBy: 'Class teacher' });
        }
      }
      for (const m of team) {
        if (random() < 0.06) continue;
        const inAt = at(day, 6.9 + random() * 1.3);
        if (inAt.getTime() > now) continue;
        const outAt = at(day, 16.5 + random() * 1.5);
        const out = !isToday && outAt.getTime() <= now;
        gate.push({
          schoolId,
          person: 'staff',
          staffId: m.id,
          day,
          checkedInAt: inAt,
          checkedInBy: 'Gate: Okello Patrick',
          checkedOutAt: out ? outAt : null,
          checkedOutBy: out ? 'Gate: Okello Patrick' : null,
        });
      }
    }
    for (let i = 0; i < gate.length; i += 500) await tx.db.insert(gateAttendance).values(gate.slice(i, i + 500));
    for (let i = 0; i < register.length; i += 500) await tx.db.insert(classRegister).values(register.slice(i, i + 500));

    // A week of morning and evening prep for every class.
    const categories = await tx.db.select().from(rollcallCategories).where(eq(rollcallCategories.schoolId, schoolId));
    const categoryId = new Map(categories.map((c) => [c.name, c.id]));
    const byClass = new Map<number, number[]>();
    for (const p of pupils) byClass.set(p.classId, [...(byClass.get(p.classId) ?? []), p.id]);
    for (const day of days.filter((d) => d < end).slice(-5)) {
      for (const [name, hours] of [
        ['Morning prep', 6.5],
        ['Evening prep', 19.5],
      ] as const) {
        for (const [classId, ids] of byClass) {
          const [roll] = await tx.db
            .insert(rollcalls)
            .values({
              schoolId,
              categoryId: categoryId.get(name) as number,
              classId,
              day,
              takenAt: at(day, hours),
              takenBy: 'Duty teacher',
              comment: random() < 0.15 ? 'Two in the sick bay' : null,
            })
            .returning({ id: rollcalls.id });
          await tx.db.insert(rollcallMarks).values(
            ids.map((studentId) => ({
              schoolId,
              rollcallId: roll?.id as number,
              studentId,
              present: chronic.has(studentId) ? random() < 0.5 : random() > 0.03,
            })),
          );
        }
      }
    }
  });
}

import { eq, sql } from 'drizzle-orm';
import { today } from '../core/dates.js';
import { generatedPassword, hashPassword } from '../core/passwords.js';
import { SchoolScope } from '../core/scope.js';
import { fillDemoAttendance } from '../modules/attendance/index.js';
import { fillDemoBudget } from '../modules/budget/index.js';
import { fillDemoDepartments } from '../modules/departments/index.js';
import { fillDemoElearning } from '../modules/elearning/index.js';
import { fillDemoEvents } from '../modules/events/index.js';
import { fillDemoSms } from '../modules/notifications/index.js';
import { fillDemoParentLine } from '../modules/parent-line/index.js';
import { fillDemoPayroll } from '../modules/payroll/index.js';
import { fillDemoRequirements } from '../modules/requirements/index.js';
import { lastClosedTerm, placeInTerm } from '../modules/settings/index.js';
import { fillDemoSickbay } from '../modules/sickbay/index.js';
import { fillDemoStore } from '../modules/store/index.js';
import { createSchool } from '../modules/users/index.js';
import { fillDemoVisitors } from '../modules/visitors/index.js';
import { fillDemoSchool } from './demo-data.js';
import type { Db } from './open.js';
import { schools } from './schema.js';

export const demoSchoolName = 'Kampala Hill Secondary School';

/**
 * On the first start of an empty embedded database: the demo school, its administrator `admin`, and
 * about 600 students with guardians.
 * Answers the password when it was generated here (to print once), else null.
 */
export async function seedDemoSchool(db: Db, password?: string) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(schools);
  if (n > 0) return { seeded: false as const };
  const plain = password ?? generatedPassword();
  const { school, owner } = await createSchool(db, {
    school: demoSchoolName,
    name: 'School Administrator',
    username: 'admin',
    email: 'admin@kampalahill.example',
    passwordHash: await hashPassword(plain),
  });
  await db.update(schools).set({ demo: true }).where(eq(schools.id, school.id));
  // Made on any day, the demo school stands at the close of its latest finished term (its fees, marks and
  // report cards complete; the next term's dates set), and everything it records lies before today.
  await placeInTerm(new SchoolScope(db, school.id, { userId: owner.id, name: 'Demo data' }), lastClosedTerm(today()));
  await fillDemoSchool(db, school.id, owner.id);
  await fillDemoBudget(db, school.id, owner.id);
  await fillDemoPayroll(db, school.id, owner.id);
  await fillDemoDepartments(db, school.id, owner.id);
  await fillDemoSickbay(db, school.id, owner.id);
  await fillDemoRequirements(db, school.id, owner.id);
  await fillDemoStore(db, school.id, owner.id);
  await fillDemoAttendance(db, school.id, owner.id);
  await fillDemoVisitors(db, school.id, owner.id);
  await fillDemoEvents(db, school.id, owner.id);
  await fillDemoElearning(db, school.id, owner.id);
  await fillDemoSms(db, school.id, owner.id);
  await fillDemoParentLine(db, school.id);
  return { seeded: true as const, password: password ? null : plain };
}

import {
  guardians,
  parentLineAnswers,
  parentLineSessions,
  parentLineSettings,
  studentGuardians,
  students,
} from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import type { Executor } from '../../db/open.js';

/**
 * The demo school's parents' line: on, every answer offered, and some sessions of the last two weeks
 * (USSD and text questions from its guardians) so the settings screen shows figures.
 */
export async function fillDemoParentLine(db: Executor, schoolId: number) {
  await db.insert(parentLineSettings).values({ schoolId, enabled: true, answers: [...parentLineAnswers] });
  const parents = await db
    .select({ studentId: students.id, phone: guardians.phone })
    .from(students)
    .innerJoin(
      studentGuardians,
      and(eq(studentGuardians.schoolId, schoolId), eq(studentGuardians.studentId, students.id)),
    )
    .innerJoin(guardians, and(eq(guardians.schoolId, schoolId), eq(guardians.id, studentGuardians.guardianId)))
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'current')))
    .orderBy(asc(students.id))
    .limit(40);
  if (!parents.length) return;
  const asked = ['fees', 'fees', 'payments', 'results', 'fees', 'next_term', 'menu'];
  const rows = Array.from({ length: 48 }, (_, i) => {
    const p = parents[(i * 7) % parents.length];
    // Spread over 13 days, more in the days after fees reminders; a few at each hour of the day.
    const at = new Date(now().getTime() - ((i * 37) % 13) * 86_400_000 - ((i * 5) % 9) * 3_600_000);
    return {
      schoolId,
      channel: i % 4 === 3 ? 'sms' : 'ussd',
      sessionKey: `demo-${i}`,
      phone: p.phone,
      studentId: p.studentId,
      asked: asked[i % asked.length] === 'menu' && i % 4 === 3 ? 'fees' : asked[i % asked.length],
      createdAt: at,
      updatedAt: at,
    };
  });
  await db.insert(parentLineSessions).values(rows);
}

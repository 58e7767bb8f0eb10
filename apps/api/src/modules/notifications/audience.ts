import { classes, guardians, streams, studentGuardians, students } from '@somero/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { Invalid } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';

/** The guardians' audiences SMS and e-mail share (typed numbers or addresses and staff are each their own). */
export interface GuardianAudience {
  audience: 'guardians' | 'class' | 'boarders' | 'day' | 'owing';
  class_id?: number | null;
  stream_id?: number | null;
  min_balance?: number | null;
}

/** One chosen student with their balance and primary guardian (else the first linked one; none when unlinked). */
export interface GuardianLine {
  studentId: number;
  student: string;
  className: string;
  balance: number;
  guardian?: { name: string; phone: string | null; email: string | null };
}

/**
 * The current students an audience names (a class or stream, boarders or day scholars, those owing more
 * than an amount, or all), in class and name order, each with their balance and guardian, and the
 * audience in words ("Guardians (S2 East)"). Another school's class or stream is not found (404).
 */
export async function guardianAudience(
  scope: SchoolScope,
  balances: ModuleContext['feesBalances'],
  input: GuardianAudience,
): Promise<{ lines: GuardianLine[]; audience: string }> {
  if (input.audience === 'class' && !input.class_id) throw new Invalid('class_id', 'Choose the class');
  if (input.class_id) await scope.table(classes, 'notifications').find(input.class_id, 'class');
  if (input.stream_id) await scope.table(streams, 'notifications').find(input.stream_id, 'stream');
  const conditions: (SQL | undefined)[] = [eq(students.status, 'current')];
  if (input.class_id) conditions.push(eq(students.classId, input.class_id));
  if (input.stream_id) conditions.push(eq(students.streamId, input.stream_id));
  if (input.audience === 'boarders') conditions.push(eq(students.section, 'boarding'));
  if (input.audience === 'day') conditions.push(eq(students.section, 'day'));
  const pupils = await scope.db
    .select({
      id: students.id,
      name: sql<string>`${students.surname} || ' ' || ${students.otherNames}`,
      className: sql<string>`${classes.name} || coalesce(' ' || ${streams.name}, '')`,
      classOnly: classes.name,
    })
    .from(students)
    .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
    .leftJoin(streams, and(eq(streams.schoolId, students.schoolId), eq(streams.id, students.streamId)))
    .where(scope.mine(students, ...conditions))
    .orderBy(asc(classes.name), asc(students.surname), asc(students.otherNames), asc(students.id));
  const owed = await balances(
    scope,
    pupils.map((p) => p.id),
  );
  const minimum = input.min_balance ?? 0;
  const chosen = input.audience === 'owing' ? pupils.filter((p) => (owed.get(p.id) ?? 0) > minimum) : pupils;

  const links = chosen.length
    ? await scope.db
        .select({
          studentId: studentGuardians.studentId,
          name: guardians.name,
          phone: guardians.phone,
          email: guardians.email,
        })
        .from(studentGuardians)
        .innerJoin(
          guardians,
          and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
        )
        .where(
          and(
            eq(studentGuardians.schoolId, scope.schoolId),
            inArray(
              studentGuardians.studentId,
              chosen.map((p) => p.id),
            ),
          ),
        )
        .orderBy(desc(studentGuardians.primary), asc(guardians.id))
    : [];
  const guardianOf = new Map<number, GuardianLine['guardian']>();
  for (const l of links) if (!guardianOf.has(l.studentId)) guardianOf.set(l.studentId, l);

  const audience =
    {
      guardians: 'Guardians',
      class: 'Guardians',
      boarders: "Boarders' guardians",
      day: "Day scholars' guardians",
      owing: `Guardians of students owing more than UGX ${minimum.toLocaleString('en-US')}`,
    }[input.audience] +
    (input.class_id && pupils[0] ? ` (${input.stream_id ? pupils[0].className : pupils[0].classOnly})` : '');
  return {
    lines: chosen.map((p) => ({
      studentId: p.id,
      student: p.name,
      className: p.className,
      balance: owed.get(p.id) ?? 0,
      guardian: guardianOf.get(p.id),
    })),
    audience,
  };
}

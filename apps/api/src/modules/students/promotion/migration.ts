import {
  classes,
  fillMessage,
  messages,
  migrateStudents,
  migrationNotEnded,
  oldStudents,
  students,
  studentTerms,
  termDates,
  toMigrate,
} from '@somero/contract';
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { now as clockNow } from '../../../core/dates.js';
import { Invalid, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { chunks } from '../../../core/scope.js';
import { enrolledCurrentTerm, followPlacement } from '../../enrolment/index.js';
import type { ModuleContext } from '../../module.js';
import { calendarOf } from '../../settings/index.js';
import { fullName, guardianPhones, schoolTerm, studentRows, studentWhere, today } from '../query.js';
import { Placement } from '../rules.js';

/** The class and where its students go at year end (null: they complete school and leave). */
async function route(scope: SchoolScope, classId: number) {
  const from = await scope.table(classes, 'settings').find(classId, 'class');
  const to = from.promotesToId ? await scope.table(classes, 'settings').find(from.promotesToId, 'class') : null;
  return { from, to };
}

/** Thrown to roll a preview's transaction back with what it worked out. */
class Preview<T> {
  constructor(readonly result: T) {}
}

/**
 * The school year a migration closes and the day its last term ends (term dates, else the Ministry
 * calendar). In term 1 the new year has begun, so the year closed is the one before; in terms 2 and 3
 * it is the current year, and its last term may not have ended yet.
 */
export async function yearClosed(scope: SchoolScope) {
  const now = await schoolTerm(scope);
  const year = now.term === 1 ? now.year - 1 : now.year;
  const [last] = await scope.db
    .select({ closesOn: termDates.closesOn })
    .from(termDates)
    .where(scope.mine(termDates, eq(termDates.year, year)))
    .orderBy(desc(termDates.term))
    .limit(1);
  const raw: unknown = last?.closesOn ?? calendarOf(year).at(-1)?.[1] ?? `${year}-12-31`;
  const endsOn = raw instanceof Date ? raw.toISOString().slice(0, 10) : String(raw).slice(0, 10);
  return { now, year, endsOn, ended: today() > endsOn };
}

export function migrationRoutes({ serve, feesBalances, yearEndDecisions }: ModuleContext) {
  serve(toMigrate, async ({ input, scope }) => {
    const { from, to } = await route(scope, input.class_id);
    const [list, closing] = await Promise.all([
      studentRows(scope, studentWhere(scope, { class_id: from.id, status: 'current' })),
      yearClosed(scope),
    ]);
    const current = new Set(list.map((s) => s.id));
    const yearEnd = (await yearEndDecisions(scope, from.id, closing.year))
      .filter((d) => current.has(d.studentId))
      .map((d) => ({ student_id: d.studentId, decision: d.decision, text: d.text }));
    return {
      data: {
        from: { id: from.id, name: from.name },
        to: to ? { id: to.id, name: to.name } : null,
        students: list,
        year_end: yearEnd,
      },
    };
  });

  /**
   * Year end for one class, in one transaction: its current students move to the class it promotes to
   * (into the stream of the same name there, if any), or, where it promotes to none, leave the school
   * and become old students. Repeaters stay. Anything failing undoes the whole migration.
   */
  serve(migrateStudents, async ({ input, scope }) => {
    const { from, to } = await route(scope, input.class_id);
    const placement = await Placement.load(scope);
    const closing = await yearClosed(scope);
    const { year } = closing;
    if (!closing.ended && !input.confirm && !input.preview)
      throw new Refusal(fillMessage(migrationNotEnded, { year, date: closing.endsOn }));
    /** The new year has begun: the current term is after the year the leavers completed. */
    const newYearBegun = closing.now.year > year;
    const leftOn = today();
    const answer = (counts: { promoted: number; left: number; repeated: number }, debts: number[] = []) => ({
      ...counts,
      leavers_owing: debts.filter((d) => d > 0).length,
      debt_carried: debts.filter((d) => d > 0).reduce((a, d) => a + d, 0),
      credit_carried: -debts.filter((d) => d < 0).reduce((a, d) => a + d, 0),
      year,
      year_ends_on: closing.endsOn,
      year_ended: closing.ended,
      preview: input.preview,
    });
    const work = scope.transaction(async (tx) => {
      // Locked, so a second migration of the same class at the same time finds nobody left to move.
      const members = await tx.db
        .select()
        .from(students)
        .where(tx.mine(students, and(eq(students.classId, from.id), eq(students.status, 'current'))))
        .for('update');
      const memberIds = new Set(members.map((m) => m.id));
      const strangers = input.repeaters.findIndex((id) => !memberIds.has(id));
      if (strangers >= 0) {
        // Named as the school knows them; an id of another school names nobody.
        const [who] = await tx.db
          .select()
          .from(students)
          .where(tx.mine(students, eq(students.id, input.repeaters[strangers]!)));
        throw new Invalid(
          `repeaters.${strangers}`,
          `${who ? fullName(who) : 'That student'} is not a current student of ${from.name}`,
        );
      }
      const repeaters = new Set(input.repeaters);
      const movers = members.filter((m) => !repeaters.has(m.id));
      const done = <T>(result: T) => {
        if (input.preview) throw new Preview(result);
        return result;
      };
      if (!movers.length) return done(answer({ promoted: 0, left: 0, repeated: repeaters.size }));
      // Their terms so far are recorded in the class they were in before it changes; past rows stay. When the
      // new year has begun, the current term's row of those promoted follows their new class below; before
      // that, the current term is still the old year's and keeps the old class (its charges are history).
      // Leavers are enrolled in no term after the year they completed.
      await enrolledCurrentTerm(
        tx,
        (to || !newYearBegun ? members : members.filter((m) => repeaters.has(m.id))).map((m) => m.id),
        closing.now,
      );

      if (to) {
        // One statement per stream: S1 East goes to S2 East; a stream S2 lacks leaves them without one.
        const byStream = new Map<number | null, number[]>();
        for (const m of movers) byStream.set(m.streamId, [...(byStream.get(m.streamId) ?? []), m.id]);
        for (const [streamId, ids] of byStream) {
          const name = streamId ? placement.streams.get(streamId)?.name : undefined;
          const target = name ? (placement.streamNamed(to.id, name)?.id ?? null) : null;
          await tx.db
            .update(students)
            .set({ classId: to.id, streamId: target, updatedAt: clockNow() })
            .where(tx.mine(students, inArray(students.id, ids)));
          await tx.auditMany(
            ids.map((id) => ({
              action: 'migrate',
              module: 'students',
              entity: 'students',
              entityId: id,
              before: { class_id: from.id, stream_id: streamId },
              after: { class_id: to.id, stream_id: target },
            })),
          );
        }
        if (newYearBegun)
          await followPlacement(
            tx,
            movers.map((m) => m.id),
          );
        return done(answer({ promoted: movers.length, left: 0, repeated: repeaters.size }));
      }

      const ids = movers.map((m) => m.id);
      const leftReason = `Completed ${from.name}`;
      await tx.db
        .update(students)
        .set({ status: 'left', leftOn, leftReason, updatedAt: clockNow() })
        .where(tx.mine(students, inArray(students.id, ids)));
      if (newYearBegun) {
        // A term of the new year written for them before they left (a report enrols every current student
        // in the current term) is not one they studied in: it would charge them a year they never attended.
        await tx.db
          .delete(studentTerms)
          .where(and(tx.mine(studentTerms, inArray(studentTerms.studentId, ids)), gt(studentTerms.year, year)));
      }
      // They owe exactly what their ledger says, arrears included (negative: the school owes them).
      const balances = await feesBalances(tx, ids);
      const debtOf = (id: number) => balances.get(id) ?? 0;
      const phones = await guardianPhones(tx, ids);
      const made = [];
      for (const part of chunks(movers)) {
        made.push(
          ...(await tx.db
            .insert(oldStudents)
            .values(
              part.map((m) => ({
                schoolId: tx.schoolId,
                studentId: m.id,
                name: fullName(m),
                admissionNo: m.admissionNo,
                classLeft: from.name,
                yearLeft: year,
                phone: phones.get(m.id) ?? null,
                debt: debtOf(m.id),
              })),
            )
            .returning()),
        );
      }
      await tx.auditMany([
        ...movers.map((m) => ({
          action: 'migrate',
          module: 'students',
          entity: 'students',
          entityId: m.id,
          before: { status: 'current', class_id: from.id },
          after: { status: 'left', left_on: leftOn, left_reason: leftReason },
        })),
        ...made.map((o) => ({
          action: 'create',
          module: 'students',
          entity: 'old_students',
          entityId: o.id,
          after: o,
        })),
      ]);
      return done(
        answer(
          { promoted: 0, left: movers.length, repeated: repeaters.size },
          ids.map((id) => debtOf(id)),
        ),
      );
    });
    if (input.preview) {
      // The preview runs the migration itself and undoes it, so what it shows is what would happen.
      const shown = await work.catch((e: unknown) => {
        if (e instanceof Preview) return e.result as Awaited<typeof work>;
        throw e;
      });
      return { data: shown };
    }
    return { data: await work, message: messages.students.migrate.success };
  });
}

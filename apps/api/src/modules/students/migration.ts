import { classes, messages, migrateStudents, oldStudents, students, toMigrate } from '@somero/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { Invalid } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { chunks } from '../../core/scope.js';
import { enrolledCurrentTerm, followPlacement } from '../enrolment/index.js';
import type { ModuleContext } from '../module.js';
import { fullName, guardianPhones, schoolTerm, studentRows, studentWhere, today } from './query.js';
import { Placement } from './rules.js';

/** The class and where its students go at year end (null: they complete school and leave). */
async function route(scope: SchoolScope, classId: number) {
  const from = await scope.table(classes, 'settings').find(classId, 'class');
  const to = from.promotesToId ? await scope.table(classes, 'settings').find(from.promotesToId, 'class') : null;
  return { from, to };
}

export function migrationRoutes({ serve }: ModuleContext) {
  serve(toMigrate, async ({ input, scope }) => {
    const { from, to } = await route(scope, input.class_id);
    const list = await studentRows(scope, studentWhere(scope, { class_id: from.id, status: 'current' }));
    return {
      data: { from: { id: from.id, name: from.name }, to: to ? { id: to.id, name: to.name } : null, students: list },
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
    const { year } = await schoolTerm(scope);
    const leftOn = today();
    const result = await scope.transaction(async (tx) => {
      // Locked, so a second migration of the same class at the same time finds nobody left to move.
      const members = await tx.db
        .select()
        .from(students)
        .where(tx.mine(students, and(eq(students.classId, from.id), eq(students.status, 'current'))))
        .for('update');
      const memberIds = new Set(members.map((m) => m.id));
      input.repeaters.forEach((id, i) => {
        if (!memberIds.has(id))
          throw new Invalid(`repeaters.${i}`, `Student ${id} is not a current student of ${from.name}`);
      });
      const repeaters = new Set(input.repeaters);
      const movers = members.filter((m) => !repeaters.has(m.id));
      if (!movers.length) return { promoted: 0, left: 0, repeated: repeaters.size };
      // Their terms so far are recorded in the class they were in before it changes: past rows stay; the
      // current term's row follows the new class below (migration is done when the new year has begun).
      await enrolledCurrentTerm(
        tx,
        members.map((m) => m.id),
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
            .set({ classId: to.id, streamId: target, updatedAt: new Date() })
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
        await followPlacement(
          tx,
          movers.map((m) => m.id),
        );
        return { promoted: movers.length, left: 0, repeated: repeaters.size };
      }

      const ids = movers.map((m) => m.id);
      const leftReason = `Completed ${from.name}`;
      await tx.db
        .update(students)
        .set({ status: 'left', leftOn, leftReason, updatedAt: new Date() })
        .where(tx.mine(students, inArray(students.id, ids)));
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
      return { promoted: 0, left: movers.length, repeated: repeaters.size };
    });
    return { data: result, message: messages.students.migrate.success };
  });
}

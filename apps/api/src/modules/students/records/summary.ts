import { studentSummary, students, studentsPeriodicReport } from '@somero/contract';
import { and, between, count, eq, ne, sql } from 'drizzle-orm';
import { Invalid } from '../../../core/errors.js';
import type { ModuleContext } from '../../module.js';
import { studentRows } from '../query.js';
import { Placement } from '../rules.js';

interface Counts {
  male: number;
  female: number;
  day: number;
  boarding: number;
  total: number;
}
const zero = (): Counts => ({ male: 0, female: 0, day: 0, boarding: 0, total: 0 });
const add = (into: Counts, c: Counts) => {
  for (const k of Object.keys(into) as (keyof Counts)[]) into[k] += c[k];
};

export function summaryRoutes({ serve }: ModuleContext) {
  /** Current students by class and stream: one grouped query, every class shown (empty ones with zeros). */
  serve(studentSummary, async ({ scope }) => {
    const n = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
    const [groups, placement] = await Promise.all([
      scope.db
        .select({
          classId: students.classId,
          streamId: students.streamId,
          male: n(sql`${students.gender} = 'M'`),
          female: n(sql`${students.gender} = 'F'`),
          day: n(sql`${students.section} = 'day'`),
          boarding: n(sql`${students.section} = 'boarding'`),
          total: count().mapWith(Number),
        })
        .from(students)
        .where(scope.mine(students, eq(students.status, 'current')))
        .groupBy(students.classId, students.streamId),
      Placement.load(scope),
    ]);
    const totals = zero();
    const classes = [...placement.classes.values()].map((c) => {
      const own = groups.filter((g) => g.classId === c.id);
      const counts = zero();
      const streams = own
        .map(({ classId: _, streamId, ...g }) => {
          add(counts, g);
          return {
            stream_id: streamId,
            stream_name: streamId ? (placement.streams.get(streamId)?.name ?? '') : 'No stream',
            ...g,
          };
        })
        .sort((a, b) =>
          a.stream_id === null ? 1 : b.stream_id === null ? -1 : a.stream_name.localeCompare(b.stream_name),
        );
      add(totals, counts);
      return { class_id: c.id, class_name: c.name, ...counts, streams };
    });
    return { data: { classes, totals } };
  });

  /** Who was admitted and who left between two dates, with counts per class. */
  serve(studentsPeriodicReport, async ({ input, scope }) => {
    if (input.from > input.to) throw new Invalid('to', 'The end date must be on or after the start date');
    const [admitted, left, placement] = await Promise.all([
      studentRows(
        scope,
        scope.mine(students, and(between(students.admittedOn, input.from, input.to), ne(students.status, 'trashed'))),
        { sort: 'class' },
      ),
      studentRows(
        scope,
        scope.mine(students, and(between(students.leftOn, input.from, input.to), eq(students.status, 'left'))),
        { sort: 'class' },
      ),
      Placement.load(scope),
    ]);
    const classes = [...placement.classes.values()]
      .map((c) => ({
        class_id: c.id,
        class_name: c.name,
        admitted: admitted.filter((s) => s.class_id === c.id).length,
        left: left.filter((s) => s.class_id === c.id).length,
      }))
      .filter((c) => c.admitted || c.left);
    return { data: { classes, admitted, left } };
  });
}

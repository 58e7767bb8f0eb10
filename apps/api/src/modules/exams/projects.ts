import { listProjects, projects, saveProject } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { NotFound, Refusal } from '../../core/errors.js';
import { sqlRows } from '../../db/open.js';
import type { ModuleContext } from '../module.js';
import { classCurriculum } from './marksheets/data.js';
import { classNames } from './report-cards/comments.js';
import { classRoster } from './takers.js';
import { projectsOf } from './term-records.js';

const module = 'exams';
type ProjectRow = typeof projects.$inferSelect;

export const projectView = (p: ProjectRow) => ({
  id: p.id,
  title: p.title,
  planning: p.planning,
  implementation: p.implementation,
  reporting: p.reporting,
  dissemination: p.dissemination,
  total: p.planning + p.implementation + p.reporting + p.dissemination,
  remark: p.remark,
});

const notNew = (name: string) =>
  new Refusal(
    `${name} follows the old O-level curriculum: projects are recorded for the new curriculum and A level only.`,
  );

/**
 * The new curriculum's project per learner and term (DOMAIN §3.3): UNEB's observation checklist, the
 * indicators observed at each stage. It stands alone on the card, apart from the 20 % CA.
 */
export function projectRoutes({ serve }: ModuleContext) {
  serve(listProjects, async ({ scope, input }) => {
    const of = { year: input.year, term: input.term, classId: input.class_id, streamId: input.stream_id ?? null };
    const names = await classNames(scope, of);
    if ((await classCurriculum(scope, of.classId)) === 'old') throw notNew(names.className);
    const roster = await classRoster(scope, of);
    const saved = await projectsOf(
      scope,
      roster.map((s) => s.id),
      of.year,
      of.term,
    );
    return {
      data: {
        title: names.title,
        students: roster.map((s) => {
          const project = saved.get(s.id);
          return {
            id: s.id,
            admission_no: s.admissionNo,
            name: s.name,
            stream_name: names.streamOf(s.streamId),
            project: project ? projectView(project) : null,
          };
        }),
      },
    };
  });

  serve(saveProject, async ({ scope, input }) => {
    const [placed] = await sqlRows<{ student_name: string; class_name: string | null; curriculum: string | null }>(
      scope.db,
      sql`select s.surname || ' ' || s.other_names as student_name, c.name as class_name, c.curriculum
          from students s
          left join student_terms st on st.school_id = s.school_id and st.student_id = s.id
            and st.year = ${input.year} and st.term = ${input.term}
          left join classes c on c.school_id = st.school_id and c.id = st.class_id
          where s.school_id = ${scope.schoolId} and s.id = ${input.student_id} and s.status <> 'trashed'`,
    );
    if (!placed) throw new NotFound('student');
    if (!placed.class_name)
      throw new Refusal(`${placed.student_name} was not in any class in Term ${input.term} ${input.year}.`);
    // The new curriculum's learners, and the abridged A level's (DOMAIN §2.7); not the old O level.
    if (placed.curriculum === 'old') throw notNew(placed.class_name);
    const values = {
      title: input.title,
      planning: input.planning,
      implementation: input.implementation,
      reporting: input.reporting,
      dissemination: input.dissemination,
      remark: input.remark ?? null,
      enteredBy: scope.actor.userId,
    };
    const row = await scope.transaction(async (tx) => {
      const before = (await projectsOf(tx, [input.student_id], input.year, input.term)).get(input.student_id);
      const [after] = await tx.db
        .insert(projects)
        .values({ schoolId: tx.schoolId, studentId: input.student_id, year: input.year, term: input.term, ...values })
        .onConflictDoUpdate({
          target: [projects.schoolId, projects.studentId, projects.year, projects.term],
          set: values,
        })
        .returning();
      const saved = after as ProjectRow;
      await tx.audit({
        action: before ? 'update' : 'create',
        module,
        entity: 'projects',
        entityId: saved.id,
        before,
        after: saved,
      });
      return saved;
    });
    return { data: projectView(row), message: 'Project Saved Successfully' };
  });
}

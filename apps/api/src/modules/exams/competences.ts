import {
  addCompetence,
  aoiScores,
  type CompetenceRow,
  classes,
  type competenceInput,
  competences,
  deleteCompetence,
  fetchCompetences,
  messages,
  subjects,
  updateCompetence,
} from '@somero/contract';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { Invalid, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import type { ModuleContext } from '../module.js';

const module = 'exams';
const texts = messages.competences;
type CompetenceInput = z.output<typeof competenceInput>;

async function competenceRows(scope: SchoolScope, where: SQL): Promise<CompetenceRow[]> {
  const scores = scope.db
    .select({ schoolId: aoiScores.schoolId, competenceId: aoiScores.competenceId, n: count().as('n') })
    .from(aoiScores)
    .where(scope.mine(aoiScores))
    .groupBy(aoiScores.schoolId, aoiScores.competenceId)
    .as('scores');
  const rows = await scope.db
    .select({ c: competences, subjectName: subjects.name, className: classes.name, scores: scores.n })
    .from(competences)
    .innerJoin(subjects, and(eq(subjects.schoolId, competences.schoolId), eq(subjects.id, competences.subjectId)))
    .innerJoin(classes, and(eq(classes.schoolId, competences.schoolId), eq(classes.id, competences.classId)))
    .leftJoin(scores, and(eq(scores.schoolId, competences.schoolId), eq(scores.competenceId, competences.id)))
    .where(where)
    .orderBy(asc(classes.rank), asc(subjects.name), asc(competences.rank), asc(competences.id));
  return rows.map(({ c, subjectName, className, scores }) => ({
    id: c.id,
    subject_id: c.subjectId,
    subject_name: subjectName,
    class_id: c.classId,
    class_name: className,
    year: c.year,
    term: c.term,
    name: c.name,
    rank: c.rank,
    scores: Number(scores ?? 0),
  }));
}

async function oneRow(scope: SchoolScope, id: number) {
  const [row] = await competenceRows(scope, scope.mine(competences, eq(competences.id, id)));
  return row;
}

/**
 * A competence belongs to a new-curriculum subject and a new-curriculum class (DOMAIN §3.3): AOI scores
 * exist only there. Its wording is unique within the subject, class and term.
 */
async function checked(scope: SchoolScope, input: CompetenceInput, id?: number) {
  const [subject] = await scope.db
    .select({ name: subjects.name, level: subjects.level })
    .from(subjects)
    .where(scope.mine(subjects, eq(subjects.id, input.subject_id)));
  if (!subject) throw new Invalid('subject_id', 'Choose a subject of this school');
  const [klass] = await scope.db
    .select({ name: classes.name, curriculum: classes.curriculum })
    .from(classes)
    .where(scope.mine(classes, eq(classes.id, input.class_id)));
  if (!klass) throw new Invalid('class_id', 'Choose a class of this school');
  if (subject.level !== 'nlsc')
    throw new Refusal(
      `${subject.name} is not a new-curriculum subject: competences are for the new lower secondary curriculum.`,
    );
  if (klass.curriculum !== 'new')
    throw new Refusal(`${klass.name} does not follow the new curriculum: competences are for new-curriculum classes.`);
  const [twin] = await scope.db
    .select({ id: competences.id })
    .from(competences)
    .where(
      scope.mine(
        competences,
        eq(competences.subjectId, input.subject_id),
        eq(competences.classId, input.class_id),
        eq(competences.year, input.year),
        eq(competences.term, input.term),
        sql`lower(${competences.name}) = lower(${input.name})`,
      ),
    );
  if (twin && twin.id !== id)
    throw new Refusal(
      `The competence "${input.name}" already exists for ${subject.name} in ${klass.name}, Term ${input.term} ${input.year}.`,
    );
  return {
    subjectId: input.subject_id,
    classId: input.class_id,
    year: input.year,
    term: input.term,
    name: input.name,
    rank: input.rank,
  };
}

const scoresText = (n: number) => `${n} AOI score${n === 1 ? '' : 's'}`;

export function competenceRoutes({ serve }: ModuleContext) {
  serve(fetchCompetences, async ({ input, scope }) => ({
    data: await competenceRows(
      scope,
      scope.mine(
        competences,
        eq(competences.year, input.year),
        eq(competences.term, input.term),
        input.subject_id ? eq(competences.subjectId, input.subject_id) : undefined,
        input.class_id ? eq(competences.classId, input.class_id) : undefined,
      ),
    ),
  }));

  serve(addCompetence, async ({ input, scope }) => {
    const created = await scope.transaction(async (tx) =>
      tx.table(competences, module).insert(await checked(tx, input)),
    );
    return { data: (await oneRow(scope, created.id))!, message: texts.add.success };
  });

  serve(updateCompetence, async ({ id, input, scope }) => {
    await scope.transaction(async (tx) => {
      const before = await tx.table(competences, module).find(id, 'competence');
      const values = await checked(tx, input, id);
      // Scores belong to the learners of that class, subject and term: only the wording may change under them.
      const moved =
        before.subjectId !== values.subjectId ||
        before.classId !== values.classId ||
        before.year !== values.year ||
        before.term !== values.term;
      const scored = (await oneRow(tx, id))?.scores ?? 0;
      if (moved && scored > 0)
        throw new Refusal(
          `This competence has ${scoresText(scored)}: only its wording and order can change, not its subject, class or term.`,
        );
      await tx.table(competences, module).update(id, values);
    });
    return { data: (await oneRow(scope, id))!, message: texts.update.success };
  });

  serve(deleteCompetence, async ({ id, scope }) => {
    await scope.transaction(async (tx) => {
      await tx.table(competences, module).find(id, 'competence');
      const scored = (await oneRow(tx, id))?.scores ?? 0;
      if (scored > 0)
        throw new Refusal(`This competence has ${scoresText(scored)} and cannot be deleted; clear the scores first.`);
      await tx.table(competences, module).remove(id);
    });
    return { data: { id }, message: texts.delete.success };
  });
}

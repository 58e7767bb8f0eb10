import {
  alevelSubjects,
  assignCombinations,
  changeConsideredPapers,
  classCombinations,
  classes,
  combinations,
  consideredPapers,
  getOptionalSubjects,
  newCurSubjects,
  optionalSubjects,
  papers,
  saveOptionalSubjects,
  streams,
  studentSubjects,
  students,
  subjectChoiceLabel,
  subjectPapers,
  subjects,
  subsidiaries,
  viewConsideredPapers,
} from '@somero/contract';
import { compulsoryInClass } from '@somero/grading';
import { and, asc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { now } from '../../core/dates.js';
import { Invalid, NotFound, Refusal } from '../../core/errors.js';
import type { SchoolScope } from '../../core/scope.js';
import { beforeWrite } from '../../resources/engine.js';
import { classRoster, curriculumLevels } from '../exams/index.js';
import type { ModuleContext } from '../module.js';
import { currentTerm } from '../settings/index.js';

const moduleName = 'subjects';
type Subject = typeof subjects.$inferSelect;

const subjectOut = (s: Subject) => ({
  id: s.id,
  name: s.name,
  code: s.code,
  short_name: s.shortName,
  level: s.level,
  subject_group: s.subjectGroup,
  compulsory: s.compulsory,
  compulsory_in: s.compulsoryIn,
});

const subjectsWhere = async (scope: SchoolScope, ...conditions: (SQL | undefined)[]) =>
  (
    await scope.db
      .select()
      .from(subjects)
      .where(scope.mine(subjects, ...conditions))
      .orderBy(asc(subjects.code), asc(subjects.name))
  ).map(subjectOut);

/** The class, and the stream when given, checked to be this school's and to belong together. */
async function classAndStream(scope: SchoolScope, classId: number, streamId?: number) {
  const cls = await scope.table(classes, moduleName).find(classId, 'class');
  if (streamId) {
    const stream = await scope.table(streams, moduleName).find(streamId, 'stream');
    if (stream.classId !== cls.id) throw new Invalid('stream_id', `Choose a stream of ${cls.name}`);
  }
  return cls;
}

/**
 * The optional subjects a class's curriculum offers: the grid's columns and what may be saved. A subject
 * compulsory in S1–S2 only is optional in S3–S4, and the other way round.
 */
const optionalOf = async (scope: SchoolScope, cls: { curriculum: string; rank: number }) =>
  (
    await scope.db
      .select()
      .from(subjects)
      .where(scope.mine(subjects, inArray(subjects.level, curriculumLevels[cls.curriculum] ?? [])))
      .orderBy(asc(subjects.code), asc(subjects.name))
  ).filter((s) => !compulsoryInClass(s, cls.rank));

/** Who takes which optional subject, in the current term's roster of a class (or stream). */
async function optionalChoicesOf(scope: SchoolScope, classId: number, streamId?: number) {
  const cls = await classAndStream(scope, classId, streamId);
  const { year, term } = await currentTerm(scope);
  const [roster, offered] = await Promise.all([
    classRoster(scope, { year, term, classId: cls.id, streamId }),
    optionalOf(scope, cls),
  ]);
  const offeredIds = offered.map((s) => s.id);
  const taken =
    roster.length && offeredIds.length
      ? await scope.db
          .select({ studentId: studentSubjects.studentId, subjectId: studentSubjects.subjectId })
          .from(studentSubjects)
          .where(
            scope.mine(
              studentSubjects,
              inArray(
                studentSubjects.studentId,
                roster.map((r) => r.id),
              ),
              inArray(studentSubjects.subjectId, offeredIds),
            ),
          )
      : [];
  const byStudent = new Map<number, number[]>();
  for (const t of taken) byStudent.set(t.studentId, [...(byStudent.get(t.studentId) ?? []), t.subjectId]);
  return {
    cls,
    offered,
    roster,
    data: {
      class_id: cls.id,
      class_name: cls.name,
      subjects: offered.map(subjectOut),
      students: roster.map((r) => ({
        id: r.id,
        name: r.name,
        admission_no: r.admissionNo,
        stream_id: r.streamId,
        subject_ids: (byStudent.get(r.id) ?? []).sort((a, b) => a - b),
      })),
    },
  };
}

/** An A-Level class's principal subjects with their papers, and which papers count there. */
async function consideredOf(scope: SchoolScope, classId: number, subjectId?: number) {
  const cls = await scope.table(classes, moduleName).find(classId, 'class');
  if (cls.level !== 'alevel') throw new Refusal(`${cls.name} is an O-Level class: considered papers are for A-Level.`);
  if (subjectId) await scope.table(subjects, moduleName).find(subjectId, 'subject');
  const [principals, paperRows, stored] = await Promise.all([
    subjectsWhere(scope, eq(subjects.level, 'alevel'), subjectId ? eq(subjects.id, subjectId) : undefined),
    scope.db.select().from(papers).where(scope.mine(papers)).orderBy(asc(papers.number)),
    scope.db
      .select({ paperId: consideredPapers.paperId })
      .from(consideredPapers)
      .where(scope.mine(consideredPapers, eq(consideredPapers.classId, cls.id))),
  ]);
  const counted = new Set(stored.map((s) => s.paperId));
  return principals.map((s) => {
    const own = paperRows.filter((p) => p.subjectId === s.id);
    const allCount = !own.some((p) => counted.has(p.id));
    return {
      subject_id: s.id,
      subject_name: s.name,
      subject_code: s.code,
      all_count: allCount,
      papers: own.map((p) => ({ id: p.id, number: p.number, name: p.name, considered: allCount || counted.has(p.id) })),
    };
  });
}

/**
 * A combination's three principals are A-Level principal subjects and its subsidiary a subsidiary: the
 * old and new O-Level subjects share names with them ("Mathematics"), so a wrong pick is refused saying
 * why, never saved.
 */
async function checkCombination(scope: SchoolScope, values: Record<string, unknown>) {
  const slots = [
    ['subject1Id', 'alevel', 'the first principal subject'],
    ['subject2Id', 'alevel', 'the second principal subject'],
    ['subject3Id', 'alevel', 'the third principal subject'],
    ['subsidiaryId', 'subsidiary', 'the subsidiary subject'],
  ] as const;
  const ids = slots.map(([key]) => values[key]).filter((v): v is number => typeof v === 'number');
  if (!ids.length) return;
  const rows = await scope.db
    .select()
    .from(subjects)
    .where(scope.mine(subjects, inArray(subjects.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [key, level, what] of slots) {
    const s = byId.get(values[key] as number);
    if (!s || s.level === level) continue;
    throw new Refusal(
      `${subjectChoiceLabel(s)} cannot be ${what} of a combination: choose ${
        level === 'alevel' ? 'an A level principal subject' : 'an A level subsidiary subject'
      }.`,
    );
  }
}

export function subjectRoutes({ serve }: ModuleContext) {
  beforeWrite('combinations', (scope, values) => checkCombination(scope, values));

  serve(alevelSubjects, async ({ scope }) => ({ data: await subjectsWhere(scope, eq(subjects.level, 'alevel')) }));
  serve(subsidiaries, async ({ scope }) => ({ data: await subjectsWhere(scope, eq(subjects.level, 'subsidiary')) }));
  serve(newCurSubjects, async ({ scope }) => ({ data: await subjectsWhere(scope, eq(subjects.level, 'nlsc')) }));

  serve(optionalSubjects, async ({ scope, input }) => {
    if (input.class_id) {
      const cls = await scope.table(classes, moduleName).find(input.class_id, 'class');
      const rows = (await optionalOf(scope, cls)).filter((s) => !input.level || s.level === input.level);
      return { data: rows.map(subjectOut) };
    }
    return {
      data: await subjectsWhere(
        scope,
        // Compulsory in S1–S2 or S3–S4 only: optional in the other classes.
        or(eq(subjects.compulsory, false), isNotNull(subjects.compulsoryIn)),
        input.level ? eq(subjects.level, input.level) : undefined,
      ),
    };
  });

  serve(subjectPapers, async ({ scope, input }) => {
    if (input.subject_id) await scope.table(subjects, moduleName).find(input.subject_id, 'subject');
    const rows = await scope.db
      .select({ paper: papers, subject: subjects })
      .from(papers)
      .innerJoin(subjects, and(eq(subjects.schoolId, papers.schoolId), eq(subjects.id, papers.subjectId)))
      .where(scope.mine(papers, input.subject_id ? eq(papers.subjectId, input.subject_id) : undefined))
      .orderBy(asc(subjects.code), asc(papers.number));
    return {
      data: rows.map(({ paper, subject }) => ({
        id: paper.id,
        number: paper.number,
        name: paper.name,
        subject_id: subject.id,
        subject_name: subject.name,
        subject_code: subject.code,
      })),
    };
  });

  serve(getOptionalSubjects, async ({ scope, input }) => ({
    data: (await optionalChoicesOf(scope, input.class_id, input.stream_id)).data,
  }));

  serve(saveOptionalSubjects, async ({ scope, input }) => {
    const { cls, offered, data } = await optionalChoicesOf(scope, input.class_id, input.stream_id);
    const offeredIds = new Set(offered.map((s) => s.id));
    const current = new Map(data.students.map((s) => [s.id, s]));
    const wanted = new Set(input.choices.flatMap((c) => c.subject_ids));
    const foreign = [...wanted].filter((id) => !offeredIds.has(id));
    if (foreign.length) {
      const rows = await scope.db
        .select()
        .from(subjects)
        .where(scope.mine(subjects, inArray(subjects.id, foreign)));
      if (rows.length < foreign.length) throw new NotFound('subject');
      const s = rows[0];
      throw new Refusal(
        compulsoryInClass(s, cls.rank) && (curriculumLevels[cls.curriculum] ?? []).includes(s.level)
          ? `${s.name} is compulsory in ${cls.name}: every student takes it.`
          : `${s.name} is not a subject of ${cls.name}'s curriculum.`,
      );
    }
    const adds: { studentId: number; subjectId: number }[] = [];
    const drops: { studentId: number; subjectId: number }[] = [];
    for (const [i, choice] of input.choices.entries()) {
      const student = current.get(choice.student_id);
      if (!student) {
        await scope.table(students, moduleName).find(choice.student_id, 'student');
        throw new Invalid(`choices.${i}.student_id`, `This student is not in ${cls.name} this term`);
      }
      const had = new Set(student.subject_ids);
      const want = new Set(choice.subject_ids);
      for (const id of want) if (!had.has(id)) adds.push({ studentId: student.id, subjectId: id });
      for (const id of had) if (!want.has(id)) drops.push({ studentId: student.id, subjectId: id });
    }
    await scope.transaction(async (tx) => {
      if (adds.length) {
        const rows = await tx.db
          .insert(studentSubjects)
          .values(adds.map((a) => ({ ...a, schoolId: tx.schoolId })))
          .returning();
        await tx.auditMany(
          rows.map((r) => ({
            action: 'create',
            module: moduleName,
            entity: 'student_subjects',
            entityId: r.id,
            after: r,
          })),
        );
      }
      for (const d of drops) {
        const gone = await tx.db
          .delete(studentSubjects)
          .where(
            tx.mine(
              studentSubjects,
              eq(studentSubjects.studentId, d.studentId),
              eq(studentSubjects.subjectId, d.subjectId),
            ),
          )
          .returning();
        await tx.auditMany(
          gone.map((r) => ({
            action: 'delete',
            module: moduleName,
            entity: 'student_subjects',
            entityId: r.id,
            before: r,
          })),
        );
      }
    });
    return {
      data: { added: adds.length, removed: drops.length },
      message: adds.length || drops.length ? 'Optional Subjects Saved Successfully' : 'Nothing changed',
    };
  });

  serve(viewConsideredPapers, async ({ scope, input }) => ({
    data: await consideredOf(scope, input.class_id, input.subject_id),
  }));

  serve(changeConsideredPapers, async ({ scope, input }) => {
    const [line] = await consideredOf(scope, input.class_id, input.subject_id);
    if (!line) throw new Refusal('Considered papers are for A-Level principal subjects.');
    const own = new Set(line.papers.map((p) => p.id));
    const chosen = new Set(input.paper_ids);
    if ([...chosen].some((id) => !own.has(id))) {
      throw new Refusal(`Choose papers of ${line.subject_name}.`);
    }
    if (chosen.size === 0) throw new Refusal(`Choose at least one paper of ${line.subject_name} to count.`);
    // Every paper chosen is the same as none stored: keep no rows, so a paper added later counts too.
    const keep = chosen.size === own.size ? new Set<number>() : chosen;
    await scope.transaction(async (tx) => {
      const stored = await tx.db
        .select()
        .from(consideredPapers)
        .where(
          tx.mine(
            consideredPapers,
            eq(consideredPapers.classId, input.class_id),
            eq(consideredPapers.subjectId, input.subject_id),
          ),
        );
      const storedIds = new Set(stored.map((s) => s.paperId));
      const gone = stored.filter((s) => !keep.has(s.paperId));
      if (gone.length) {
        await tx.db.delete(consideredPapers).where(
          tx.mine(
            consideredPapers,
            inArray(
              consideredPapers.id,
              gone.map((g) => g.id),
            ),
          ),
        );
        await tx.auditMany(
          gone.map((r) => ({
            action: 'delete',
            module: moduleName,
            entity: 'considered_papers',
            entityId: r.id,
            before: r,
          })),
        );
      }
      const fresh = [...keep].filter((id) => !storedIds.has(id));
      if (fresh.length) {
        const rows = await tx.db
          .insert(consideredPapers)
          .values(
            fresh.map((paperId) => ({
              schoolId: tx.schoolId,
              classId: input.class_id,
              subjectId: input.subject_id,
              paperId,
            })),
          )
          .returning();
        await tx.auditMany(
          rows.map((r) => ({
            action: 'create',
            module: moduleName,
            entity: 'considered_papers',
            entityId: r.id,
            after: r,
          })),
        );
      }
    });
    return {
      data: await consideredOf(scope, input.class_id, input.subject_id),
      message: 'Considered Papers Saved Successfully',
    };
  });

  serve(classCombinations, async ({ scope, input }) => {
    const cls = await classAndStream(scope, input.class_id, input.stream_id);
    if (cls.level !== 'alevel') throw new Refusal(`${cls.name} is an O-Level class: combinations are for S5 and S6.`);
    const { year, term } = await currentTerm(scope);
    const roster = await classRoster(scope, { year, term, classId: cls.id, streamId: input.stream_id });
    return {
      data: roster.map((r) => ({
        id: r.id,
        name: r.name,
        admission_no: r.admissionNo,
        stream_id: r.streamId,
        combination_id: r.combinationId,
      })),
    };
  });

  serve(assignCombinations, async ({ scope, input }) => {
    const ids = [...new Set(input.choices.map((c) => c.student_id))];
    const rows = await scope.db
      .select({ student: students, classLevel: classes.level, className: classes.name })
      .from(students)
      .innerJoin(classes, and(eq(classes.schoolId, students.schoolId), eq(classes.id, students.classId)))
      .where(scope.mine(students, inArray(students.id, ids)));
    const byId = new Map(rows.map((r) => [r.student.id, r]));
    const combinationIds = [...new Set(input.choices.flatMap((c) => (c.combination_id ? [c.combination_id] : [])))];
    const known = combinationIds.length
      ? await scope.db
          .select({ id: combinations.id })
          .from(combinations)
          .where(scope.mine(combinations, inArray(combinations.id, combinationIds)))
      : [];
    const knownIds = new Set(known.map((k) => k.id));
    const changes: { id: number; combinationId: number | null }[] = [];
    for (const [i, c] of input.choices.entries()) {
      const row = byId.get(c.student_id);
      if (!row || row.student.status === 'trashed') throw new NotFound('student');
      if (c.combination_id && !knownIds.has(c.combination_id)) {
        throw new Invalid(`choices.${i}.combination_id`, 'Choose one of the school’s combinations');
      }
      const name = `${row.student.surname} ${row.student.otherNames}`;
      if (c.combination_id && row.classLevel !== 'alevel') {
        throw new Refusal(`${name} is in ${row.className}, an O-Level class: combinations are for A-Level students.`);
      }
      if (row.student.combinationId !== c.combination_id)
        changes.push({ id: row.student.id, combinationId: c.combination_id });
    }
    await scope.transaction(async (tx) => {
      for (const c of changes) {
        await tx.table(students, 'students').update(c.id, { combinationId: c.combinationId, updatedAt: now() });
      }
    });
    return {
      data: { updated: changes.length },
      message: changes.length ? 'Combinations Saved Successfully' : 'Nothing changed',
    };
  });
}

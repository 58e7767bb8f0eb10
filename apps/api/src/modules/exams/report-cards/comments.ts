import {
  commentBank,
  listReportComments,
  listStudentComments,
  type ReportCommentsSheet,
  reportComments,
  saveCommentNew,
  saveReportComments,
  saveStudentComment,
  studentComments,
  students,
  updateReportComment,
} from '@somero/contract';
import { isPrincipalPass } from '@somero/grading';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Caller } from '../../../core/auth.js';
import { NotFound, Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import type { ModuleContext } from '../../module.js';
import { alevelMarksheet } from '../marksheets/alevel.js';
import { type Curriculum, classCurriculum, findSubject, mean } from '../marksheets/data.js';
import { nlscMarksheet } from '../marksheets/nlsc.js';
import { olevelMarksheet } from '../marksheets/olevel.js';
import { type ClassOfTerm, classRoster, curriculumLevels, subjectTakers } from '../takers.js';
import { reportCommentsOf } from '../term-records.js';
import {
  type CommentWriter,
  classTeacherRefusal,
  commentWriter,
  headTeacherRefusal,
  type Placement,
  placementsOf,
  remarkRefusal,
  subjectReach,
} from './comment-access.js';
import { bankFigures, suggestComment } from './comment-rules.js';

const module = 'exams';
const schemeOf: Record<Curriculum, ReportCommentsSheet['scheme']> = { old: 'olevel', alevel: 'alevel', new: 'new' };
const resultLabel: Record<Curriculum, string> = { old: 'Aggregate', alevel: 'Points', new: 'Average mark' };

interface StudentResult {
  id: number;
  admission_no: string;
  name: string;
  stream_name: string | null;
  result: number | null;
  result_text: string;
  /** What the bank's ranges are read against (`bankFigures`); not sent. */
  figures: { score: number | null; result: number | null };
}

const divisionText = (d: number) => (d === 9 ? 'Ungraded' : `Division ${d}`);

/**
 * Each student's result the bank is read against: O Level the aggregate (with the division), A Level
 * the points, the new curriculum the average of the subjects' totals. Before any set is considered
 * there are no results yet, and the comments can still be written.
 */
async function classResults(
  scope: SchoolScope,
  of: ClassOfTerm,
  curriculum: Curriculum,
): Promise<{ title: string; students: StudentResult[] }> {
  try {
    if (curriculum === 'old') {
      const sheet = await olevelMarksheet(scope, of);
      return {
        title: sheet.title,
        students: sheet.students.map((s) => ({
          ...pick(s),
          result: s.aggregate ?? null,
          figures: bankFigures('old', s),
          result_text:
            s.aggregate == null ? 'No marks' : `Aggregate ${s.aggregate}, ${divisionText(s.division as number)}`,
        })),
      };
    }
    if (curriculum === 'alevel') {
      const sheet = await alevelMarksheet(scope, of);
      return {
        title: sheet.title,
        students: sheet.students.map((s) => ({
          ...pick(s),
          result: s.points,
          figures: bankFigures('alevel', {
            points: s.points,
            principal_passes:
              s.points === null ? null : s.principals.filter((p) => p.grade && isPrincipalPass(p.grade)).length,
          }),
          result_text: s.points === null ? 'No marks' : `Points ${s.points}`,
        })),
      };
    }
    const sheet = await nlscMarksheet(scope, of);
    return {
      title: sheet.title,
      students: sheet.students.map((s) => {
        const average = mean(s.results.map((r) => r?.total ?? null));
        return {
          ...pick(s),
          result: average,
          figures: bankFigures('new', { average }),
          result_text: average === null ? 'No marks' : `Average ${average}`,
        };
      }),
    };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const [roster, names] = await Promise.all([classRoster(scope, of), classNames(scope, of)]);
    return {
      title: names.title,
      students: roster.map((s) => ({
        id: s.id,
        admission_no: s.admissionNo,
        name: s.name,
        stream_name: names.streamOf(s.streamId),
        result: null,
        figures: { score: null, result: null },
        result_text: 'No marks',
      })),
    };
  }
}

const pick = (s: { id: number; admission_no: string; name: string; stream_name: string | null }) => ({
  id: s.id,
  admission_no: s.admission_no,
  name: s.name,
  stream_name: s.stream_name,
});

/** The school's bank for a scheme, split by author. */
async function bankOf(scope: SchoolScope, scheme: string) {
  const rows = await scope.db
    .select()
    .from(commentBank)
    .where(scope.mine(commentBank, eq(commentBank.scheme, scheme)))
    .orderBy(asc(commentBank.id));
  return {
    classTeacher: rows.filter((r) => r.author === 'class_teacher'),
    headTeacher: rows.filter((r) => r.author === 'head_teacher'),
  };
}

/** The class and curriculum a student was in during a term, or a refusal naming the term. */
async function studentClass(scope: SchoolScope, studentId: number, year: number, term: number) {
  const [student] = await scope.db
    .select({ id: students.id, name: sql<string>`${students.surname} || ' ' || ${students.otherNames}` })
    .from(students)
    .where(scope.mine(students, eq(students.id, studentId)));
  if (!student) throw new NotFound('student');
  const [row] = await sqlRows<{ class_id: number; curriculum: Curriculum; class_name: string }>(
    scope.db,
    sql`select st.class_id, c.curriculum, c.name as class_name from student_terms st
        join classes c on c.school_id = st.school_id and c.id = st.class_id
        where st.school_id = ${scope.schoolId} and st.student_id = ${studentId}
          and st.year = ${year} and st.term = ${term}`,
  );
  if (!row) throw new Refusal(`${student.name} was not in any class in Term ${term} ${year}.`);
  return { ...row, classId: Number(row.class_id), studentName: student.name };
}

/** Report comments, the teachers' comments on students (issue 11 §1). */
export function commentRoutes({ serve }: ModuleContext) {
  serve(listReportComments, async ({ scope, input, caller }) => {
    const of = { year: input.year, term: input.term, classId: input.class_id, streamId: input.stream_id ?? null };
    const curriculum = await classCurriculum(scope, of.classId);
    const scheme = schemeOf[curriculum];
    const [results, bank, writer] = await Promise.all([
      classResults(scope, of, curriculum),
      bankOf(scope, scheme),
      commentWriter(scope, caller),
    ]);
    const ids = results.students.map((s) => s.id);
    const [saved, placed] = await Promise.all([
      reportCommentsOf(scope, ids, of.year, of.term),
      placementsOf(scope, ids, of.year, of.term),
    ]);
    const byStudent = new Map(saved.map((r) => [r.studentId, r]));
    return {
      data: {
        title: results.title,
        scheme,
        result_label: resultLabel[curriculum],
        may_write_head_teacher: headTeacherRefusal(writer) === null,
        students: results.students.map(({ figures, ...s }) => {
          const mine = byStudent.get(s.id);
          const place = placed.get(s.id);
          return {
            ...s,
            class_teacher_name: place?.classTeacherName ?? null,
            may_write_class_teacher: writer.everything || (place ? classTeacherRefusal(writer, place) === null : false),
            comment_id: mine?.id ?? null,
            class_teacher: mine?.classTeacher ?? null,
            head_teacher: mine?.headTeacher ?? null,
            suggested_class_teacher: suggestComment(bank.classTeacher, figures.score, figures.result),
            suggested_head_teacher: suggestComment(bank.headTeacher, figures.score, figures.result),
          };
        }),
      },
    };
  });

  serve(saveReportComments, async ({ scope, input, caller }) => {
    const ids = [...new Set(input.comments.map((c) => c.student_id))];
    const writer = await commentWriter(scope, caller);
    const saved = await scope.transaction(async (tx) => {
      const mine = await tx.db
        .select({ id: students.id })
        .from(students)
        .where(tx.mine(students, inArray(students.id, ids)));
      if (mine.length !== ids.length) throw new NotFound('student');
      const before = await reportCommentsOf(tx, ids, input.year, input.term);
      const beforeOf = new Map(before.map((r) => [r.studentId, r]));
      // Each comment is checked only where it changes: a class saved at once carries both columns.
      const placed = await placementsOf(tx, ids, input.year, input.term);
      for (const c of input.comments) {
        const old = beforeOf.get(c.student_id);
        await refuseReportComment(tx, writer, placed, input, c.student_id, {
          classTeacher: c.class_teacher !== (old?.classTeacher ?? null),
          headTeacher: c.head_teacher !== (old?.headTeacher ?? null),
        });
      }
      const rows = await tx.db
        .insert(reportComments)
        .values(
          input.comments.map((c) => ({
            schoolId: tx.schoolId,
            studentId: c.student_id,
            year: input.year,
            term: input.term,
            classTeacher: c.class_teacher,
            headTeacher: c.head_teacher,
          })),
        )
        .onConflictDoUpdate({
          target: [reportComments.schoolId, reportComments.studentId, reportComments.year, reportComments.term],
          set: {
            classTeacher: sql`excluded.class_teacher`,
            headTeacher: sql`excluded.head_teacher`,
          },
        })
        .returning();
      await tx.auditMany(
        rows.map((row) => {
          const old = beforeOf.get(row.studentId);
          return {
            action: old ? 'update' : 'create',
            module,
            entity: 'report_comments',
            entityId: row.id,
            before: old,
            after: row,
          };
        }),
      );
      return rows.length;
    });
    return { data: { saved }, message: 'Comments Saved Successfully' };
  });

  serve(updateReportComment, async ({ scope, id, input, caller }) => {
    const writer = await commentWriter(scope, caller);
    const row = await scope.transaction(async (tx) => {
      const [before] = await tx.db
        .select()
        .from(reportComments)
        .where(tx.mine(reportComments, eq(reportComments.id, id)));
      if (!before) throw new NotFound('report comment');
      const placed = await placementsOf(tx, [before.studentId], before.year, before.term);
      await refuseReportComment(tx, writer, placed, before, before.studentId, {
        classTeacher: input.class_teacher !== undefined && input.class_teacher !== before.classTeacher,
        headTeacher: input.head_teacher !== undefined && input.head_teacher !== before.headTeacher,
      });
      const [after] = await tx.db
        .update(reportComments)
        .set({
          classTeacher: input.class_teacher === undefined ? before.classTeacher : input.class_teacher,
          headTeacher: input.head_teacher === undefined ? before.headTeacher : input.head_teacher,
        })
        .where(tx.mine(reportComments, eq(reportComments.id, id)))
        .returning();
      await tx.audit({ action: 'update', module, entity: 'report_comments', entityId: id, before, after });
      return after as typeof before;
    });
    return {
      data: {
        id: row.id,
        student_id: row.studentId,
        year: row.year,
        term: row.term,
        class_teacher: row.classTeacher,
        head_teacher: row.headTeacher,
      },
      message: 'Comment Updated Successfully',
    };
  });

  serve(listStudentComments, async ({ scope, input, caller }) => {
    const of = { year: input.year, term: input.term, classId: input.class_id, streamId: input.stream_id ?? null };
    const curriculum = await classCurriculum(scope, of.classId);
    const subjectId = input.kind === 'remark' ? (input.subject_id ?? null) : null;
    if (input.kind === 'remark' && subjectId === null) throw new Refusal('Choose the subject the remarks are for.');
    if (input.kind !== 'remark' && input.kind !== 'conduct' && curriculum !== 'new')
      throw new Refusal('Generic skills and values are written for the new curriculum only.');
    if (subjectId !== null) await subjectOfCurriculum(scope, subjectId, curriculum);
    const [roster, takers, names] = await Promise.all([
      classRoster(scope, of),
      subjectId === null ? Promise.resolve(null) : subjectTakers(scope, { ...of, subjectId }),
      classNames(scope, of),
    ]);
    const taking = takers ? new Set(takers.map((t) => t.studentId)) : null;
    const listed = roster.filter((s) => !taking || taking.has(s.id));
    const ids = listed.map((s) => s.id);
    const saved = ids.length
      ? await scope.db
          .select({ studentId: studentComments.studentId, comment: studentComments.comment })
          .from(studentComments)
          .where(
            scope.mine(
              studentComments,
              and(
                eq(studentComments.year, of.year),
                eq(studentComments.term, of.term),
                eq(studentComments.kind, input.kind),
                subjectId === null ? isNull(studentComments.subjectId) : eq(studentComments.subjectId, subjectId),
                inArray(studentComments.studentId, ids),
              ),
            ),
          )
      : [];
    const commentOf = new Map(saved.map((r) => [r.studentId, r.comment]));
    const writer = await commentWriter(scope, caller);
    const placed = await placementsOf(scope, ids, of.year, of.term);
    const reach = subjectId === null ? null : await subjectReach(scope, writer, subjectId, of.classId);
    const mayWrite = (id: number) => {
      const place = placed.get(id);
      if (writer.everything) return true;
      if (!place) return false;
      return reach ? remarkRefusal(reach, place, '') === null : classTeacherRefusal(writer, place) === null;
    };
    return {
      data: {
        title: names.title,
        curriculum,
        students: listed.map((s) => ({
          id: s.id,
          admission_no: s.admissionNo,
          name: s.name,
          stream_name: names.streamOf(s.streamId),
          comment: commentOf.get(s.id) ?? null,
          may_write: mayWrite(s.id),
        })),
      },
    };
  });

  const saveComment = async (
    scope: SchoolScope,
    caller: Caller,
    input: { year: number; term: number; student_id: number; subject_id?: number | null; comment: string | null },
    kind: string,
    newCurriculum: boolean,
  ) => {
    const placed = await studentClass(scope, input.student_id, input.year, input.term);
    // The generic skills and values are the new curriculum's, and the abridged A level's too (DOMAIN §2.7).
    if (newCurriculum && placed.curriculum === 'old')
      throw new Refusal(`${placed.class_name} follows the old curriculum: use the O Level and A Level comments.`);
    if (!newCurriculum && placed.curriculum === 'new')
      throw new Refusal(
        `${placed.class_name} follows the new curriculum: its comments are saved as new-curriculum remarks.`,
      );
    const subjectId = kind === 'remark' ? (input.subject_id ?? null) : null;
    if (kind === 'remark' && subjectId === null) throw new Refusal('Choose the subject the remark is for.');
    const subject = subjectId === null ? null : await subjectOfCurriculum(scope, subjectId, placed.curriculum);
    const writer = await commentWriter(scope, caller);
    const place = (await placementsOf(scope, [input.student_id], input.year, input.term)).get(input.student_id);
    if (place) {
      const refusal = subject
        ? remarkRefusal(await subjectReach(scope, writer, subject.id, place.classId), place, subject.name)
        : classTeacherRefusal(writer, place, kindWords[kind] ?? 'this comment');
      if (refusal) throw new Refusal(refusal);
    }
    const match = (tx: SchoolScope) =>
      tx.mine(
        studentComments,
        and(
          eq(studentComments.studentId, input.student_id),
          eq(studentComments.year, input.year),
          eq(studentComments.term, input.term),
          eq(studentComments.kind, kind),
          subjectId === null ? isNull(studentComments.subjectId) : eq(studentComments.subjectId, subjectId),
        ),
      );
    await scope.transaction(async (tx) => {
      const [before] = await tx.db.select().from(studentComments).where(match(tx));
      if (input.comment === null) {
        if (!before) return;
        await tx.db.delete(studentComments).where(match(tx));
        await tx.audit({ action: 'delete', module, entity: 'student_comments', entityId: before.id, before });
        return;
      }
      const [after] = before
        ? await tx.db
            .update(studentComments)
            .set({ comment: input.comment, enteredBy: tx.actor.userId })
            .where(match(tx))
            .returning()
        : await tx.db
            .insert(studentComments)
            .values({
              schoolId: tx.schoolId,
              studentId: input.student_id,
              year: input.year,
              term: input.term,
              subjectId,
              kind,
              comment: input.comment,
              enteredBy: tx.actor.userId,
            })
            .returning();
      await tx.audit({
        action: before ? 'update' : 'create',
        module,
        entity: 'student_comments',
        entityId: (after as { id: number }).id,
        before,
        after,
      });
    });
    return {
      data: { student_id: input.student_id, comment: input.comment },
      message: input.comment === null ? 'Comment Removed Successfully' : 'Comment Saved Successfully',
    };
  };
  serve(saveStudentComment, ({ scope, input, caller }) => saveComment(scope, caller, input, input.kind, false));
  serve(saveCommentNew, ({ scope, input, caller }) => saveComment(scope, caller, input, input.kind, true));
}

const kindWords: Record<string, string> = {
  conduct: 'the conduct',
  generic_skills: 'the generic skills',
  values: 'the values',
};

/** Refuses (202) a report comment the caller may not write, for the columns that change. */
async function refuseReportComment(
  scope: SchoolScope,
  writer: CommentWriter,
  placed: Map<number, Placement>,
  term: { year: number; term: number },
  studentId: number,
  changes: { classTeacher: boolean; headTeacher: boolean },
) {
  if (changes.headTeacher) {
    const refusal = headTeacherRefusal(writer);
    if (refusal) throw new Refusal(refusal);
  }
  if (!changes.classTeacher || writer.everything) return;
  const place = placed.get(studentId);
  if (!place) {
    const [student] = await scope.db
      .select({ name: sql<string>`${students.surname} || ' ' || ${students.otherNames}` })
      .from(students)
      .where(scope.mine(students, eq(students.id, studentId)));
    throw new Refusal(`${student?.name ?? 'This student'} was not in any class in Term ${term.term} ${term.year}.`);
  }
  const refusal = classTeacherRefusal(writer, place);
  if (refusal) throw new Refusal(refusal);
}

/** A class's (or stream's) title for a term, "S2 East Term 3 2026", and its streams' names. */
export async function classNames(scope: SchoolScope, of: ClassOfTerm) {
  const [[cls], streams] = await Promise.all([
    sqlRows<{ name: string }>(
      scope.db,
      sql`select name from classes where school_id = ${scope.schoolId} and id = ${of.classId}`,
    ),
    sqlRows<{ id: number; name: string }>(
      scope.db,
      sql`select id, name from streams where school_id = ${scope.schoolId} and class_id = ${of.classId}`,
    ),
  ]);
  if (!cls) throw new NotFound('class');
  const names = new Map(streams.map((s) => [Number(s.id), s.name]));
  if (of.streamId && !names.has(of.streamId)) throw new NotFound('stream');
  const streamOf = (id: number | null | undefined) => (id == null ? null : (names.get(id) ?? null));
  return {
    className: cls.name,
    title: `${cls.name}${of.streamId ? ` ${streamOf(of.streamId)}` : ''} Term ${of.term} ${of.year}`,
    streamOf,
  };
}

/** A subject of this school studied in the class's curriculum, or a refusal. */
async function subjectOfCurriculum(scope: SchoolScope, subjectId: number, curriculum: Curriculum) {
  const subject = await findSubject(scope, subjectId);
  if (!(curriculumLevels[curriculum] ?? []).includes(subject.level))
    throw new Refusal(`${subject.name} is not a subject of this class's curriculum.`);
  return subject;
}

import {
  type ReportCard,
  type ReportCardRow,
  type ReportCards,
  type ReportKind,
  reportKinds,
  termDates,
} from '@somero/contract';
import {
  compulsoryForUce,
  isPrincipalPass,
  type NlscGrade,
  uceDivisionKey,
  nlscResult as uceResult,
  uceShortfallText,
} from '@somero/grading';
import { eq, sql } from 'drizzle-orm';
import { Refusal } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import { sqlRows } from '../../../db/open.js';
import { termAttendance } from '../../attendance/index.js';
import { nextTermFees } from '../../fees/index.js';
import type { ModuleContext } from '../../module.js';
import { alevelReadings, alevelRows, rankAlevel, readAlevelMarks } from '../marksheets/alevel.js';
import {
  type ClassMarks,
  type Curriculum,
  classCurriculum,
  mean,
  olevelBands,
  positions,
  readClassMarks,
  setMarks,
  sheetTitle,
} from '../marksheets/data.js';
import { nlscReadings, nlscResult, readNlscMarks } from '../marksheets/nlsc.js';
import { olevelRows, rankOlevel } from '../marksheets/olevel.js';
import { projectView } from '../projects.js';
import type { ClassOfTerm } from '../takers.js';
import { teachersOfClass } from '../teachers.js';
import { projectsOf, reportCommentsOf, studentCommentsOf } from '../term-records.js';
import { bankFigures, suggestComment } from './comment-rules.js';
import { lastTerm, type PromotionDecision, promotionText, proposePromotion } from './promotion-rules.js';
import { type ReportSettings, readReportSettings } from './settings.js';

/**
 * The fees balances the cards print and withhold by: the module context's `feesBalances`, the one way
 * every area reads them, handed over when the exams area registers (`connectFeesBalances` in its
 * `area.routes`), since other areas ask for cards without a context (an e-mail's attachment).
 */
let feesBalances: ModuleContext['feesBalances'] = () => {
  throw new Error('The exams area reads fees balances from the module context: register it first');
};

export function connectFeesBalances(read: ModuleContext['feesBalances']) {
  feesBalances = read;
}

export interface CardsAsked extends ClassOfTerm {
  studentIds?: number[];
}

const schemeOf: Record<Curriculum, string> = { old: 'olevel', alevel: 'alevel', new: 'new' };
const curriculumOf = (kind: ReportKind) => reportKinds.find((k) => k.value === kind)?.curriculum as Curriculum;
const labelOf = (kind: ReportKind) => reportKinds.find((k) => k.value === kind)?.label ?? 'report card';
const cardsOfCurriculum: Record<Curriculum, string> = {
  old: 'O Level Report Cards',
  new: 'New Curriculum Report Cards',
  alevel: 'A Level Report Cards',
};

/** The per-student results of a class as the cards print them, whatever the curriculum. */
interface Results {
  data: ClassMarks;
  rows: Map<number, ReportCardRow[]>;
  summary: Map<number, Omit<ReportCard['summary'], 'out_of'>>;
  gradingKey: string[];
  pointsMax: number | null;
  positions: boolean;
}

const noSummary = {
  average: null,
  aggregate: null,
  division: null,
  points: null,
  principal_passes: null,
  result: null,
  result_reason: null,
  position: null,
};

async function olevelResults(scope: SchoolScope, of: ClassOfTerm, settings: ReportSettings): Promise<Results> {
  const data = await readClassMarks(scope, of, 'old');
  const list = olevelRows(data);
  if (settings.positionsOlevel) rankOlevel(list);
  // Each subject's class average and the students' places in it (the detailed card prints them).
  const averages = data.subjects.map((_, i) => mean(list.map((r) => r.results[i]?.mark ?? null)));
  const places = data.subjects.map((_, i) =>
    positions(
      list.filter((r) => r.results[i]?.mark != null),
      (a, b) => (b.results[i]?.mark as number) - (a.results[i]?.mark as number),
    ),
  );
  const rows = new Map<number, ReportCardRow[]>();
  const summary = new Map<number, Omit<ReportCard['summary'], 'out_of'>>();
  for (const r of list) {
    rows.set(
      r.id,
      data.subjects.flatMap((subject, i) => {
        const result = r.results[i];
        if (!result) return [];
        return [
          {
            subject_id: subject.id,
            code: subject.code,
            name: subject.name,
            kind: 'subject' as const,
            marks: setMarks(data, r.id, subject.id, null),
            mark: result.mark,
            grade: result.grade,
            remark: null,
            initials: null,
            class_average: averages[i] ?? null,
            subject_position: places[i]?.get(r) ?? null,
          },
        ];
      }),
    );
    summary.set(r.id, {
      ...noSummary,
      average: r.average,
      aggregate: r.aggregate,
      division: r.division,
      result_reason: r.shortfall ? uceShortfallText(r.shortfall) : null,
      position: r.position,
    });
  }
  const { olevel } = data.grading;
  return {
    data,
    rows,
    summary,
    pointsMax: null,
    positions: settings.positionsOlevel,
    gradingKey: [`Grades: ${olevelBands(olevel)}.`, ...uceDivisionKey()],
  };
}

async function alevelResults(scope: SchoolScope, of: ClassOfTerm, settings: ReportSettings): Promise<Results> {
  const data = await readAlevelMarks(scope, of);
  const list = alevelRows(data);
  if (settings.positionsAlevel) rankAlevel(list);
  const subjectOf = new Map(data.subjects.map((s) => [s.id, s]));
  const rows = new Map<number, ReportCardRow[]>();
  const summary = new Map<number, Omit<ReportCard['summary'], 'out_of'>>();
  for (const r of list) {
    const subsidiaries = [r.general_paper, r.subsidiary].filter((x) => x !== null);
    rows.set(r.id, [
      ...r.principals.map((p) => ({
        subject_id: p.subject_id,
        code: subjectOf.get(p.subject_id)?.code ?? '',
        name: subjectOf.get(p.subject_id)?.name ?? p.short_name,
        kind: 'principal' as const,
        marks: [],
        mark: null,
        grade: p.grade,
        remark: null,
        initials: null,
        papers: p.papers.map((x) => ({ number: x.number, marks: x.marks, mark: x.mark, grade: x.grade })),
        points: p.points,
      })),
      ...subsidiaries.map((x) => ({
        subject_id: x.subject_id,
        code: subjectOf.get(x.subject_id)?.code ?? '',
        name: subjectOf.get(x.subject_id)?.name ?? x.short_name,
        kind: 'subsidiary' as const,
        marks: setMarks(data, r.id, x.subject_id, null),
        mark: x.mark,
        grade: x.grade,
        remark: null,
        initials: null,
        points: x.points,
      })),
    ]);
    summary.set(r.id, {
      ...noSummary,
      points: r.points,
      principal_passes:
        r.points === null ? null : r.principals.filter((p) => p.grade && isPrincipalPass(p.grade)).length,
      position: r.position,
    });
  }
  return {
    data,
    rows,
    summary,
    pointsMax: data.grading.uacePoints.max,
    positions: settings.positionsAlevel,
    gradingKey: alevelReadings(data),
  };
}

async function nlscResults(
  scope: SchoolScope,
  of: ClassOfTerm,
  settings: ReportSettings,
  projectOf: (studentId: number) => boolean,
): Promise<Results> {
  const data = await readNlscMarks(scope, of);
  const rows = new Map<number, ReportCardRow[]>();
  const summary = new Map<number, Omit<ReportCard['summary'], 'out_of'>>();
  // The UCE result asks for the subjects compulsory in S3–S4 (not those of S1–S2 only).
  const compulsory = data.subjects.filter(compulsoryForUce).map((s) => s.code);
  // Each subject's totals in the class: its average and each learner's place in it.
  const bySubject = new Map(data.subjects.map((s) => [s.id, [] as { row: ReportCardRow; mark: number }[]]));
  for (const student of data.students) {
    const takes = data.takes.get(student.id) ?? new Set<number>();
    const mine = data.subjects.filter((s) => takes.has(s.id));
    const cardRows: ReportCardRow[] = mine.map((subject) => {
      const x = nlscResult(data, student.id, subject.id);
      return {
        subject_id: subject.id,
        code: subject.code,
        name: subject.name,
        kind: 'subject' as const,
        marks: setMarks(data, student.id, subject.id, null),
        mark: x.total,
        grade: x.grade,
        remark: null,
        initials: null,
        competences: (data.competencesOf.get(subject.id) ?? []).map((c, i) => ({
          name: c.name,
          score: x.scores[i] ?? null,
        })),
        aoi_average: x.average,
        identifier: x.identifier,
        descriptor: x.descriptor,
        ca20: x.ca20,
        exam80: x.exam80,
      };
    });
    rows.set(student.id, cardRows);
    const graded = cardRows.some((r) => r.grade !== null);
    for (const row of cardRows) if (row.mark != null) bySubject.get(row.subject_id)?.push({ row, mark: row.mark });
    summary.set(student.id, {
      ...noSummary,
      average: mean(cardRows.map((r) => r.mark)),
      // The UCE rule (DOMAIN §3.4) by subject code: a compulsory subject without a grade was not sat.
      result: graded
        ? uceResult({
            grades: Object.fromEntries(cardRows.map((r) => [r.code, r.grade as NlscGrade | null])),
            compulsory,
            projectPresent: projectOf(student.id),
          }).result
        : null,
    });
  }
  for (const marks of bySubject.values()) {
    const average = mean(marks.map((m) => m.mark));
    for (const [m, place] of positions(marks, (a, b) => b.mark - a.mark)) {
      m.row.class_average = average;
      m.row.subject_position = place;
    }
  }
  if (settings.positionsNew) {
    const ranked = data.students.filter((s) => summary.get(s.id)?.average != null);
    const places = positions(
      ranked,
      (a, b) => (summary.get(b.id)?.average as number) - (summary.get(a.id)?.average as number),
    );
    for (const [s, place] of places) (summary.get(s.id) as { position: number | null }).position = place;
  }
  return {
    data,
    rows,
    summary,
    pointsMax: null,
    positions: settings.positionsNew,
    gradingKey: nlscReadings(data).slice(0, 3),
  };
}

/**
 * The report cards of a class (or stream, or chosen students) in a term for one of the nine layouts:
 * the results by the school's grading (the marksheets' rules), the comments (the bank's suggestion when
 * none was written), the project, the fees balance from the ledger and next term's fees, and whether
 * the card is withheld for fees.
 */
export async function reportCards(scope: SchoolScope, kind: ReportKind, asked: CardsAsked): Promise<ReportCards> {
  const curriculum = curriculumOf(kind);
  const of: ClassOfTerm = { year: asked.year, term: asked.term, classId: asked.classId, streamId: asked.streamId };
  const own = await classCurriculum(scope, of.classId);
  if (own !== curriculum) {
    throw new Refusal(`This class follows another curriculum: print its cards from ${cardsOfCurriculum[own]}.`);
  }
  const settings = await readReportSettings(scope);
  // Projects are read first: the new curriculum's UCE result needs them.
  const withProjects = curriculum === 'new' || kind === 'ncalevel_reports';
  const projectRows = withProjects ? await classProjects(scope, of) : new Map();
  const results =
    curriculum === 'old'
      ? await olevelResults(scope, of, settings)
      : curriculum === 'alevel'
        ? await alevelResults(scope, of, settings)
        : await nlscResults(scope, of, settings, (id) => projectRows.has(id));
  const { data } = results;
  const everyone = data.students;
  let chosen = everyone;
  if (asked.studentIds?.length) {
    const wanted = new Set(asked.studentIds);
    chosen = everyone.filter((s) => wanted.has(s.id));
    if (chosen.length !== wanted.size) throw new Refusal(`Some of the chosen students are not in ${sheetTitle(data)}.`);
  }
  const ids = chosen.map((s) => s.id);
  const promoting = settings.showPromotion && of.term === lastTerm;
  const [details, comments, remarks, bank, teachers, balances, nextFees, dates, attendance, promotion] =
    await Promise.all([
      ids.length
        ? sqlRows<{ id: number; lin: string | null; photo_file_id: number | null }>(
            scope.db,
            sql`select id, lin, photo_file_id from students where school_id = ${scope.schoolId}
              and id = any(${`{${ids.join(',')}}`}::int[])`,
          )
        : Promise.resolve([]),
      reportCommentsOf(scope, ids, of.year, of.term),
      studentCommentsOf(scope, ids, of.year, of.term),
      sqlRows<{ id: number; author: string; basis: string; from_value: number; to_value: number; comment: string }>(
        scope.db,
        sql`select id, author, basis, from_value, to_value, comment from comment_bank
          where school_id = ${scope.schoolId} and scheme = ${schemeOf[curriculum]} order by id`,
      ),
      teachersOfClass(scope, of.classId),
      settings.showBalance || settings.withholdWhenOwing ? feesBalances(scope, ids) : Promise.resolve(null),
      settings.showNextTermFees ? nextTermFees(scope, ids, of) : Promise.resolve(null),
      scope.db
        .select()
        .from(termDates)
        .where(scope.mine(termDates, eq(termDates.year, of.year), eq(termDates.term, of.term))),
      termAttendance(scope, ids, of.year, of.term),
      promoting ? promotionsOf(scope, of.classId, ids, of.year) : Promise.resolve(null),
    ]);
  const detailOf = new Map(details.map((d) => [Number(d.id), d]));
  const commentOf = new Map(comments.map((c) => [c.studentId, c]));
  const remarkOf = new Map(remarks.map((r) => [`${r.studentId}:${r.kind}:${r.subjectId ?? 0}`, r.comment]));
  const bankOf = (author: string) =>
    bank
      .filter((b) => b.author === author)
      .map((b) => ({
        id: Number(b.id),
        basis: b.basis,
        fromValue: b.from_value,
        toValue: b.to_value,
        comment: b.comment,
      }));
  const classBank = bankOf('class_teacher');
  const headBank = bankOf('head_teacher');
  const promotionOf = (studentId: number, summary: Omit<ReportCard['summary'], 'out_of'>): ReportCard['promotion'] => {
    if (!promotion) return null;
    const saved = promotion.decisions.get(studentId);
    const decision = saved ?? proposePromotion(curriculum, summary, settings);
    if (!decision) return null;
    return {
      decision,
      text: promotionText(decision, data.className, promotion.nextClass),
      proposed: saved === undefined,
    };
  };

  const cards: ReportCard[] = chosen.map((student) => {
    const summary = results.summary.get(student.id) ?? noSummary;
    const saved = commentOf.get(student.id);
    const balance = balances?.get(student.id) ?? null;
    const withheld = settings.withholdWhenOwing && balance !== null && balance > settings.withholdAbove;
    const project = projectRows.get(student.id);
    const figures = bankFigures(curriculum, summary);
    return {
      student: {
        id: student.id,
        name: student.name,
        admission_no: student.admissionNo,
        lin: detailOf.get(student.id)?.lin ?? null,
        gender: student.gender,
        class_name: data.className,
        stream_name: student.streamName,
        combination: student.combinationName,
        photo_file_id: detailOf.get(student.id)?.photo_file_id ?? null,
      },
      rows: (results.rows.get(student.id) ?? []).map((row) => ({
        ...row,
        remark: remarkOf.get(`${student.id}:remark:${row.subject_id}`) ?? null,
        initials: teachers.initials(student.streamId, row.subject_id),
      })),
      summary: { ...summary, out_of: everyone.length },
      project: project ? projectView(project) : null,
      comments: {
        class_teacher: saved?.classTeacher ?? suggestComment(classBank, figures.score, figures.result),
        head_teacher: saved?.headTeacher ?? suggestComment(headBank, figures.score, figures.result),
        conduct: remarkOf.get(`${student.id}:conduct:0`) ?? null,
        generic_skills: remarkOf.get(`${student.id}:generic_skills:0`) ?? null,
        values: remarkOf.get(`${student.id}:values:0`) ?? null,
        from_bank: !saved?.classTeacher || !saved?.headTeacher,
      },
      // A withheld card says what is owed even when balances are not printed: it is the reason.
      balance: settings.showBalance || withheld ? balance : null,
      next_term_fees: nextFees ? (nextFees.get(student.id) ?? null) : null,
      attendance: attendance.get(student.id) ?? null,
      promotion: promotionOf(student.id, summary),
      withheld,
    };
  });
  const term = dates[0];
  return {
    kind,
    title: `${labelOf(kind)}: ${sheetTitle(data)}`,
    class_name: data.className,
    stream_name: data.streamName,
    year: of.year,
    term: of.term,
    sets: data.sets.map((s) => ({ name: s.name, weight: s.weight, max_mark: s.maxMark })),
    positions: results.positions,
    points_max: results.pointsMax,
    mark_decimals: settings.markDecimals,
    subject_places: curriculum === 'new' && settings.subjectPlaces,
    grading_key: settings.showGradingKey ? results.gradingKey : [],
    next_term_begins: term?.nextTermBegins ?? null,
    cards,
  };
}

async function classProjects(scope: SchoolScope, of: ClassOfTerm) {
  const ids = await sqlRows<{ student_id: number }>(
    scope.db,
    sql`select student_id from student_terms where school_id = ${scope.schoolId} and year = ${of.year}
        and term = ${of.term} and class_id = ${of.classId}`,
  );
  return projectsOf(
    scope,
    ids.map((r) => Number(r.student_id)),
    of.year,
    of.term,
  );
}

/** The saved promotion decisions of the students for a year, and the class the promoted go to (none: they complete). */
async function promotionsOf(scope: SchoolScope, classId: number, ids: number[], year: number) {
  const [next, saved] = await Promise.all([
    sqlRows<{ name: string }>(
      scope.db,
      sql`select n.name from classes c join classes n on n.school_id = c.school_id and n.id = c.promotes_to_id
          where c.school_id = ${scope.schoolId} and c.id = ${classId}`,
    ),
    ids.length
      ? sqlRows<{ student_id: number; decision: PromotionDecision }>(
          scope.db,
          sql`select student_id, decision from promotions where school_id = ${scope.schoolId} and year = ${year}
              and student_id = any(${`{${ids.join(',')}}`}::int[])`,
        )
      : Promise.resolve([]),
  ]);
  return {
    nextClass: next[0]?.name ?? null,
    decisions: new Map(saved.map((r) => [Number(r.student_id), r.decision])),
  };
}

/**
 * What the year's last report cards say of each current student of a class: the director of studies'
 * decision, or the report settings' rule where none was made. Promoting the class starts from it. Empty
 * when the school's cards carry no promotion, or the class has no results that term.
 */
export async function yearEndDecisions(
  scope: SchoolScope,
  classId: number,
  year: number,
): Promise<{ studentId: number; decision: PromotionDecision; text: string }[]> {
  const settings = await readReportSettings(scope);
  if (!settings.showPromotion) return [];
  const curriculum = await classCurriculum(scope, classId);
  const kind = reportKinds.find((k) => k.curriculum === curriculum)?.value;
  if (!kind) return [];
  let cards: ReportCard[];
  try {
    ({ cards } = await reportCards(scope, kind, { year, term: lastTerm, classId, streamId: null }));
  } catch (error) {
    // No sets or marks that term: the cards say nothing yet.
    if (error instanceof Refusal) return [];
    throw error;
  }
  return cards.flatMap((c) =>
    c.promotion ? [{ studentId: c.student.id, decision: c.promotion.decision, text: c.promotion.text }] : [],
  );
}

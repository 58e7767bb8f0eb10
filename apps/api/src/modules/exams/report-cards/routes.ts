import {
  allows,
  classes,
  printReportCards,
  type ReportCards,
  type ReportKind,
  reportCardCalls,
  reportKinds,
  resultsSms,
} from '@somero/contract';
import { asc, eq } from 'drizzle-orm';
import { HttpError, Refusal } from '../../../core/errors.js';
import { readFiles } from '../../../core/files.js';
import type { SchoolScope } from '../../../core/scope.js';
import { heavyJob, type Render, renderFor } from '../../../documents/heavy.js';
import type { CardImages } from '../../../documents/report-card.js';
import type { SchoolForDocuments } from '../../../documents/types.js';
import type { ModuleContext } from '../../module.js';
import { schoolForDocuments } from '../../settings/index.js';
import { type CardsAsked, reportCards } from './cards.js';
import { recordPrints } from './prints.js';
import { resultValues } from './result-values.js';
import { readReportSettings } from './settings.js';

type Image = { bytes: Uint8Array; mime: string };

const classTitle = (c: ReportCards) =>
  `${c.class_name}${c.stream_name ? ` ${c.stream_name}` : ''} Term ${c.term} ${c.year}`;

/** The photos of the cards' students and the school's signature and stamp, read in one statement. */
async function cardImages(scope: SchoolScope, cards: ReportCards['cards']): Promise<CardImages> {
  const settings = await readReportSettings(scope);
  const photoOf = new Map(
    cards.flatMap((c) => (c.student.photo_file_id ? [[c.student.photo_file_id, c.student.id]] : [])),
  );
  const wanted = [...photoOf.keys(), settings.headTeacherSignatureFileId, settings.stampFileId].filter(
    (id): id is number => id !== null,
  );
  const byId: Map<number, Image> = await readFiles(scope, wanted);
  const photos = new Map<number, Image | null>();
  for (const [fileId, studentId] of photoOf) photos.set(studentId, byId.get(fileId) ?? null);
  return {
    photos,
    signature: settings.headTeacherSignatureFileId ? (byId.get(settings.headTeacherSignatureFileId) ?? null) : null,
    stamp: settings.stampFileId ? (byId.get(settings.stampFileId) ?? null) : null,
  };
}

/** Cards rendered together: a long class is cut into parts the PDF workers render side by side. */
const partSize = 100;

/**
 * A class's cards as PDF parts rendering in the PDF workers (off the event loop): its list of withheld
 * cards (when any), then its cards in parts the workers render side by side; joined in order later.
 */
function classParts(
  render: Render,
  school: SchoolForDocuments,
  cards: ReportCards,
  images: CardImages,
  competences: boolean,
) {
  const parts: Promise<Buffer>[] = [];
  if (cards.cards.some((c) => c.withheld)) parts.push(render('withheldList', school, cards));
  for (let from = 0; from < cards.cards.length; from += partSize) {
    const part = { ...cards, cards: cards.cards.slice(from, from + partSize) };
    // Only the photos of the part's students go to the worker.
    const photos = new Map(part.cards.map((c) => [c.student.id, images.photos.get(c.student.id) ?? null]));
    parts.push(render('reportCards', school, part, { ...images, photos }, { competences }));
  }
  return parts;
}

/** The parts as one PDF, joined in a worker too. */
async function joined(render: Render, parts: Promise<Buffer>[]) {
  return render('mergePdfs', await Promise.all(parts));
}

/** One class's cards as PDF bytes, rendered in the workers as one job of the school's (`render`). */
async function classPdf(
  scope: SchoolScope,
  kind: ReportKind,
  asked: CardsAsked,
  competences = false,
  render: Render = renderFor(scope.schoolId),
) {
  const cards = await reportCards(scope, kind, asked);
  if (cards.cards.length === 0) throw new Refusal(`No students in ${classTitle(cards)}.`);
  const [school, images] = await Promise.all([schoolForDocuments(scope), cardImages(scope, cards.cards)]);
  const pdf = await joined(render, classParts(render, school, cards, images, competences));
  await recordPrints(scope, kind, asked, cards);
  return { cards, pdf };
}

/**
 * One student's card as PDF bytes, for other areas (an e-mail's attachment); a Refusal when the class
 * has no cards to print yet.
 */
export async function studentReportCardPdf(
  scope: SchoolScope,
  kind: ReportKind,
  asked: { year: number; term: number; classId: number; studentId: number },
) {
  const { cards, pdf } = await classPdf(scope, kind, {
    year: asked.year,
    term: asked.term,
    classId: asked.classId,
    streamId: null,
    studentIds: [asked.studentId],
  });
  return { pdf, title: `Report card ${cards.cards[0]?.student.name ?? ''} Term ${asked.term} ${asked.year}` };
}

interface SchoolPrint {
  kind: ReportKind;
  year: number;
  term: number;
  competences: boolean;
}

/**
 * The nine report cards (issue 11 §2): each fetch answers the cards as data; reports_updated prints a
 * class at once, or the whole school as a job the screen follows.
 */
export function reportCardRoutes({ serve, jobs, notices }: ModuleContext) {
  for (const { value: kind } of reportKinds) {
    serve(reportCardCalls[kind], async ({ scope, input }) => ({
      data: await reportCards(scope, kind, {
        year: input.year,
        term: input.term,
        classId: input.class_id,
        streamId: input.stream_id ?? null,
        studentIds: input.student_ids,
      }),
    }));
  }

  // The whole school: each class of the card's curriculum in turn, one PDF; a class with no considered
  // sets yet is left out and named in the job's message.
  jobs.define<SchoolPrint>('report_cards', async ({ scope, data, progress }) => {
    const curriculum = reportKinds.find((k) => k.value === data.kind)?.curriculum;
    const list = await scope.db
      .select({ id: classes.id, name: classes.name })
      .from(classes)
      .where(scope.mine(classes, eq(classes.curriculum, curriculum as string)))
      .orderBy(asc(classes.rank), asc(classes.id));
    const school = await schoolForDocuments(scope);
    const render = renderFor(scope.schoolId);
    // Each class's parts start rendering as soon as its cards are read, while the next class is read.
    const parts: Promise<Buffer>[] = [];
    const printed: string[] = [];
    const skipped: string[] = [];
    let count = 0;
    try {
      for (const [i, cls] of list.entries()) {
        try {
          const cards = await reportCards(scope, data.kind, { year: data.year, term: data.term, classId: cls.id });
          if (cards.cards.length) {
            parts.push(...classParts(render, school, cards, await cardImages(scope, cards.cards), data.competences));
            await recordPrints(scope, data.kind, { year: data.year, term: data.term, classId: cls.id }, cards);
            printed.push(cls.name);
            count += cards.cards.length;
          }
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          skipped.push(cls.name);
        }
        await progress(i + 1, list.length);
      }
    } catch (error) {
      // Parts already rendering are let go quietly: the job's error is the one that stopped it.
      for (const part of parts) part.catch(() => {});
      throw error;
    }
    if (count === 0) return { message: 'No class has cards to print yet: choose the considered sets first.' };
    const pdf = await joined(render, parts);
    return {
      file: { bytes: pdf, mime: 'application/pdf', name: `Report cards Term ${data.term} ${data.year}.pdf` },
      message: `${count} card${count === 1 ? '' : 's'} in ${printed.length} class${printed.length === 1 ? '' : 'es'}.${skipped.length ? ` Not printed (no considered sets): ${skipped.join(', ')}.` : ''}`,
    };
  });

  // Each guardian gets the student's result of these cards ({division} in the scheme's own words).
  serve(resultsSms, async ({ scope, input, caller }) => {
    if (!allows(caller, reportCardCalls[input.kind].access))
      throw new HttpError(403, 'Your user group does not allow this. Ask an administrator.');
    const cards = await reportCards(scope, input.kind, {
      year: input.year,
      term: input.term,
      classId: input.class_id,
      streamId: input.stream_id ?? null,
      studentIds: input.student_ids,
    });
    if (cards.cards.length === 0) throw new Refusal(`No students in ${classTitle(cards)}.`);
    const curriculum = reportKinds.find((k) => k.value === input.kind)?.curriculum ?? 'old';
    const term = `Term ${cards.term} ${cards.year}`;
    const sent = await notices.toGuardians(
      scope,
      cards.cards.map((c) => ({
        studentId: c.student.id,
        values: { term, ...resultValues(curriculum, cards.positions ? c.summary : { ...c.summary, position: null }) },
      })),
      input.message,
      `Results: ${classTitle(cards)}`,
      { send: input.send, confirmed: input.confirm, toWhom: `guardians of ${classTitle(cards)}` },
    );
    const n = sent.recipients;
    return {
      data: sent,
      message: input.send
        ? `Sending ${n.toLocaleString('en-US')} result${n === 1 ? '' : 's'}: follow it on SMS reports.`
        : '',
    };
  });

  serve(printReportCards, async ({ scope, input, reply, caller }) => {
    // One call prints every layout: the caller needs the flag of the layout's own screen.
    if (!allows(caller, reportCardCalls[input.kind].access))
      throw new HttpError(403, 'Your user group does not allow this. Ask an administrator.');
    const competences = input.competences ?? false;
    if (!input.class_id) {
      const jobId = await jobs.start<SchoolPrint>(
        scope,
        'report_cards',
        `${reportKinds.find((k) => k.value === input.kind)?.label}s, Term ${input.term} ${input.year}`,
        { kind: input.kind, year: input.year, term: input.term, competences },
      );
      return { data: { job_id: jobId }, message: 'Printing the whole school: follow it here or carry on working.' };
    }
    const asked = {
      year: input.year,
      term: input.term,
      classId: input.class_id,
      streamId: input.stream_id ?? null,
      studentIds: input.student_ids,
    };
    // A class's cards are a heavy document: within the school's limit.
    return heavyJob(reply, async (render) => {
      const { cards, pdf } = await classPdf(scope, input.kind, asked, competences, render);
      const name = `${classTitle(cards)} report cards.pdf`;
      return reply.type('application/pdf').header('content-disposition', `inline; filename="${name}"`).send(pdf);
    });
  });
}

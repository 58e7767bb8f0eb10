import { classes, elearningResources, type ReportAttachment, staff, subjectLevelsOf, subjects } from '@somero/contract';
import { asc, eq } from 'drizzle-orm';
import { addDays, ago, today } from '../../core/dates.js';
import { saveFile } from '../../core/files.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { smallPdf } from '../departments/index.js';

interface DemoResource {
  title: string;
  kind: 'note' | 'assignment' | 'link' | 'past_paper';
  className: string;
  subject: string;
  body: string;
  link?: string;
  /** Days from today an assignment is due. */
  dueIn?: number;
  pdf?: string[];
  draft?: boolean;
}

const demo: DemoResource[] = [
  {
    title: 'S4 Chemistry revision notes: the mole concept',
    kind: 'note',
    className: 'S4',
    subject: 'Chemistry',
    body: 'Worked examples on moles, molar mass and reacting masses. Read before the mock examinations.',
    pdf: ['1 mole contains 6.02 x 10^23 particles.', 'Moles = mass / molar mass.', 'Practise questions 1-12.'],
  },
  {
    title: 'S2 Mathematics assignment: simultaneous equations',
    kind: 'assignment',
    className: 'S2',
    subject: 'Mathematics',
    body: 'Exercise 7B, numbers 1 to 15, in your exercise books. Show all working.',
    dueIn: 7,
  },
  {
    title: 'S6 Economics past paper: UACE P220/1',
    kind: 'past_paper',
    className: 'S6',
    subject: 'Economics',
    body: 'Paper 1 from a previous UACE sitting. Attempt it in 3 hours, then compare with the marking guide in class.',
    pdf: ['Section A: answer all questions.', 'Section B: answer any four questions.', 'Time: 3 hours.'],
  },
  {
    title: 'NCDC e-learning portal',
    kind: 'link',
    className: 'S1',
    subject: 'English',
    body: 'The National Curriculum Development Centre publishes lessons and learner books for the new curriculum.',
    link: 'https://ncdc.go.ug',
  },
  {
    title: 'S1 Biology notes: the cell',
    kind: 'note',
    className: 'S1',
    subject: 'Biology',
    body: 'Plant and animal cells, their parts and what each part does. Draw and label both cells.',
    pdf: [
      'Cell membrane: controls what enters and leaves.',
      'Nucleus: controls the cell.',
      'Chloroplast: photosynthesis.',
    ],
  },
  {
    title: 'S3 Physics assignment: measuring density',
    kind: 'assignment',
    className: 'S3',
    subject: 'Physics',
    body: 'Write up the density practical: aim, apparatus, method, results table and conclusion.',
    dueIn: 10,
  },
  {
    title: 'S5 Mathematics notes: differentiation from first principles',
    kind: 'note',
    className: 'S5',
    subject: 'Mathematics',
    body: 'The limit definition of the derivative with six worked examples.',
  },
  {
    title: 'S4 Geography past paper: UCE 273/1',
    kind: 'past_paper',
    className: 'S4',
    subject: 'Geography',
    body: 'Map work and physical geography. Bring your answers to the Friday revision session.',
    pdf: ['Question 1: study the map extract of Kabale.', 'Question 2: explain the formation of rift valleys.'],
  },
  {
    title: 'S2 History & Political Education: pre-colonial kingdoms',
    kind: 'note',
    className: 'S2',
    subject: 'History & Political Education',
    body: 'Summary notes on Buganda, Bunyoro-Kitara and Ankole: organisation, economy and decline.',
  },
  {
    title: 'UNEB past papers and marking guides',
    kind: 'link',
    className: 'S6',
    subject: 'Economics',
    body: 'The Uganda National Examinations Board site, for examination timetables and notices.',
    link: 'https://uneb.ac.ug',
  },
  {
    title: 'S3 Entrepreneurship assignment: a business plan',
    kind: 'assignment',
    className: 'S3',
    subject: 'Entrepreneurship',
    body: 'In groups of four, write a one-page business plan for a school canteen project.',
    dueIn: 14,
  },
  {
    title: 'S5 Chemistry notes: organic chemistry, alkanes',
    kind: 'note',
    className: 'S5',
    subject: 'Chemistry',
    body: 'Naming, isomerism and the reactions of alkanes.',
    pdf: ['Alkanes: CnH2n+2.', 'Substitution with chlorine in sunlight.', 'Cracking of long chains.'],
  },
  {
    title: 'S1 Mathematics: number bases',
    kind: 'note',
    className: 'S1',
    subject: 'Mathematics',
    body: 'Converting between base ten and base two. Still to add the exercise.',
    draft: true,
  },
  {
    title: 'S4 English composition assignment',
    kind: 'assignment',
    className: 'S4',
    subject: 'English',
    body: 'Write a letter to the editor about the state of roads in your district, 350 words.',
    dueIn: 12,
    draft: true,
  },
];

/** The demo school's E-Learning: a dozen published notes, assignments, links and past papers across S1–S6, and two drafts. */
export async function fillDemoElearning(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const classRows = await tx.db.select().from(classes).where(eq(classes.schoolId, schoolId));
    const subjectRows = await tx.db.select().from(subjects).where(eq(subjects.schoolId, schoolId));
    const teachers = await tx.db
      .select({ name: staff.name })
      .from(staff)
      .where(eq(staff.schoolId, schoolId))
      .orderBy(asc(staff.id));
    const day = today();
    for (const [i, r] of demo.entries()) {
      const klass = classRows.find((c) => c.name === r.className);
      const levels = subjectLevelsOf(klass?.curriculum);
      const subject =
        subjectRows.find((s) => s.name === r.subject && levels.includes(s.level)) ??
        subjectRows.find((s) => s.name === r.subject);
      if (!klass || !subject) continue;
      const attachments: ReportAttachment[] = [];
      if (r.pdf) {
        const bytes = await smallPdf(r.title, r.pdf);
        const fileId = await saveFile(tx, 'elearning', { bytes, mime: 'application/pdf' });
        const filename = `${r.title
          .replace(/[^A-Za-z0-9 ]+/g, '')
          .replace(/\s+/g, '-')
          .toLowerCase()}.pdf`;
        attachments.push({ file_id: fileId, filename, mime: 'application/pdf', size: bytes.length });
      }
      const author = teachers[(i % Math.max(1, teachers.length - 1)) + 1]?.name ?? 'School Administrator';
      const publishedAt = ago((demo.length - i) * 86_400_000);
      await tx.table(elearningResources, 'elearning').insert({
        title: r.title,
        kind: r.kind,
        classId: klass.id,
        subjectId: subject.id,
        body: r.body,
        link: r.link ?? null,
        dueOn: r.dueIn ? addDays(day, r.dueIn) : null,
        attachments,
        status: r.draft ? 'draft' : 'published',
        // Written by the school's teachers, who have no sign-in in the demo: administrators look after them.
        authorId: null,
        author,
        publishedAt: r.draft ? null : publishedAt,
        publishedBy: r.draft ? null : author,
      });
    }
  });
}

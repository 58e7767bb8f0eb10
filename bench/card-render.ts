// `npm run bench:card-render --workspace=@somero/bench`: renders N (300) O-level cards of 12 subjects in one
// process, without the database or the PDF workers, and prints the CPU time per card: the rendering alone,
// comparable between runs on a busy machine better than the whole-school figure, and the time to put 3,000
// pages together. Prints, never asserts; OUT=cards.pdf keeps the cards.
import { writeFileSync } from 'node:fs';
import { mergePdfs } from '../apps/api/src/documents/off-thread.js';
import { renderReportCards } from '../apps/api/src/documents/report-card.js';

const n = Number(process.env.N ?? 300);
const sets = [
  { name: 'BOT', weight: 20, max_mark: 100 },
  { name: 'MOT', weight: 30, max_mark: 100 },
  { name: 'EOT', weight: 50, max_mark: 100 },
];
const cards = {
  kind: 'old_reports' as const,
  title: 'O Level report card: S3 Term 3 2026',
  class_name: 'S3',
  stream_name: null,
  year: 2026,
  term: 3,
  sets,
  positions: true,
  points_max: null,
  mark_decimals: 0,
  subject_places: false,
  grading_key: [
    'Grades: D1 80–100, D2 75–79, C3 70–74, C4 65–69, C5 60–64, C6 55–59, P7 50–54, P8 40–49, F9 0–39.',
    'Aggregate: the sum of the best 8 grades',
    'Division 1: … long text '.repeat(8),
  ],
  next_term_begins: '2027-02-02',
  cards: Array.from({ length: n }, (_, i) => ({
    student: {
      id: i + 1,
      name: `Student Name ${i}`,
      admission_no: `2026/${i}`,
      lin: null,
      gender: 'F',
      class_name: 'S3',
      stream_name: 'East',
      combination: null,
      photo_file_id: null,
    },
    rows: Array.from({ length: 12 }, (_, k) => ({
      subject_id: k,
      code: `${k}`,
      name: `Subject number ${k}`,
      kind: 'subject' as const,
      marks: [60 + k, 61.5, 70.25],
      mark: 66.4,
      grade: 'C4',
      remark: k % 3 ? 'Good work, keep it up.' : null,
      initials: 'AB',
    })),
    summary: {
      average: 66.4,
      aggregate: 32,
      division: 2,
      points: null,
      principal_passes: null,
      result: null,
      result_reason: null,
      position: i + 1,
      out_of: n,
    },
    project: null,
    comments: {
      class_teacher: 'Very good performance; aim higher.',
      head_teacher: 'Very good. Keep working.',
      conduct: null,
      generic_skills: null,
      values: null,
      from_bank: true,
    },
    balance: 250000,
    next_term_fees: 1200000,
    attendance: { present: 60, of: 62 },
    promotion: { decision: 'promoted' as const, text: 'Promoted to S4', proposed: true },
    withheld: false,
  })),
};
const school = {
  name: 'Bench School',
  motto: 'Learn',
  address: 'Kampala',
  phone: '0772 000000',
  email: null,
  logo: null,
} as never;
await renderReportCards(
  school,
  { ...cards, cards: cards.cards.slice(0, 5) },
  { photos: new Map(), signature: null, stamp: null },
);
const c0 = process.cpuUsage();
const t0 = performance.now();
const pdf = await renderReportCards(school, cards, { photos: new Map(), signature: null, stamp: null });
const cpu = process.cpuUsage(c0);
console.log(
  `${n} cards: ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms CPU per card, wall ${((performance.now() - t0) / n).toFixed(2)} ms, ${Math.round(pdf.length / 1024)} KB`,
);

// OUT=cards.pdf keeps the cards to look at.
if (process.env.OUT) writeFileSync(process.env.OUT, pdf);

// A whole school's job puts its classes' parts together into one document: 3,000 pages from ten of these.
const m0 = performance.now();
const merged = await mergePdfs(Array.from({ length: Math.ceil(3000 / n) }, () => pdf));
console.log(
  `merging ${Math.ceil(3000 / n)} parts into ${Math.ceil(3000 / n) * n} pages: ${Math.round(performance.now() - m0)} ms, ${Math.round(merged.length / 1024)} KB`,
);

import {
  type classes,
  type combinations,
  competences,
  type examSets,
  type papers,
  projects,
  streams,
  studentComments,
  students,
  type subjects,
} from '@somero/contract';
import { compulsoryInClass, LOWER_CLASSES_TO_RANK } from '@somero/grading';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { now } from '../core/dates.js';
import type { Executor } from './open.js';

type Subject = typeof subjects.$inferSelect;

/** A seeded generator (mulberry32), so the demo's marks are the same on every machine. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** Roughly normal, mean 0 and deviation 1 (sum of four uniforms). */
  const normal = () => (next() + next() + next() + next() - 2) * 1.732;
  return { next, normal, pick: <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] };
}

/** Average mark per subject (short name) in the demo: sciences and Mathematics lower, practicals higher. */
const subjectMean: Record<string, number> = {
  ENG: 58,
  MATH: 45,
  PHY: 44,
  CHEM: 46,
  BIO: 51,
  HPE: 59,
  HIST: 56,
  GEOG: 57,
  CRE: 64,
  IRE: 63,
  ENT: 61,
  KISW: 54,
  PE: 68,
  LIT: 56,
  ICT: 62,
  NFT: 63,
  TD: 55,
  AGRIC: 58,
  ART: 65,
  LUG: 66,
  ECON: 54,
  DIV: 60,
  GP: 57,
  'SUB-MATH': 50,
  'SUB-ICT': 63,
};

/** Two learning outcomes per new-curriculum subject this term (S1–S2 the first pair, S3–S4 the second). */
const outcomes: Record<string, string[]> = {
  ENG: [
    'Listening and speaking for information',
    'Reading and summarising texts',
    'Writing letters and reports',
    'Debating and presenting',
  ],
  MATH: ['Numbers and number bases', 'Algebraic expressions', 'Geometry and constructions', 'Data and probability'],
  PHY: ['Measurement and motion', 'Forces and pressure', 'Electricity in the home', 'Waves and sound'],
  CHEM: ['Matter and its states', 'Mixtures and separation', 'Acids, bases and salts', 'Chemical reactions'],
  BIO: [
    'Cells and classification',
    'Nutrition in plants and animals',
    'Human health and disease',
    'Ecology and conservation',
  ],
  HPE: [
    'Our community and its past',
    'Pre-colonial Uganda',
    'Colonial rule and resistance',
    'Citizenship and governance',
  ],
  GEOG: [
    'Maps and the local environment',
    'Weather and climate',
    'Farming and land use in Uganda',
    'Population and settlement',
  ],
  CRE: ['God’s creation and care', 'The life of Jesus', 'Christian living today', 'The early church'],
  IRE: ['The Qur’an and its teachings', 'The life of the Prophet', 'Islamic way of life', 'Islam in East Africa'],
  ENT: ['Finding business opportunities', 'Keeping business records', 'Marketing a product', 'Saving and investment'],
  KISW: ['Mazungumzo ya kila siku', 'Kusoma na ufahamu', 'Uandishi wa barua', 'Sarufi na matumizi'],
  PE: ['Athletics: track events', 'Ball games and teamwork', 'Fitness and health', 'Gymnastics'],
  LIT: ['Reading a novel', 'Poetry appreciation', 'Drama and performance', 'Oral literature'],
  ICT: ['Using a computer safely', 'Word processing', 'Spreadsheets', 'The internet and e-mail'],
  NFT: ['Food groups and a balanced diet', 'Food hygiene and safety', 'Food preservation', 'Meal planning'],
  TD: ['Drawing and sketching', 'Materials and tools', 'Designing a product', 'Making and testing'],
  AGRIC: ['Soil and soil fertility', 'Crop production', 'Keeping poultry', 'Farm records'],
  ART: ['Drawing from observation', 'Colour and painting', 'Crafts from local materials', 'Design and print'],
  LUG: ['Okwogera n’okuwuliriza', 'Okusoma n’okutegeera', 'Okuwandiika ebbaluwa', 'Ennono n’obuwangwa'],
};

/** Combinations per A-Level stream, taken in turn. */
const streamCombinations: Record<string, string[]> = {
  Sciences: ['PCM', 'PCB', 'BCM', 'BCG', 'MEG', 'PCM', 'BCM'],
  Arts: ['HEG', 'HED', 'DEG', 'HEL', 'AEG', 'MEG', 'HEG'],
};

const setShift: Record<string, number> = { BOT: -3, MOT: 0, EOT: 2 };

/** A column of a bulk insert as a PostgreSQL array literal (numbers, booleans or nulls only). */
const column = (values: (number | boolean | null)[], type: string) =>
  sql.raw(
    `'{${values.map((v) => (v === null ? 'NULL' : v === true ? 't' : v === false ? 'f' : v)).join(',')}}'::${type}[]`,
  );

/** One statement for many rows: the columns travel as arrays and unnest into rows, stamped by the clock. */
async function bulkInsert(tx: Executor, table: string, columns: Record<string, [string, (number | boolean | null)[]]>) {
  const names = Object.keys(columns);
  if ((columns[names[0]]?.[1].length ?? 0) === 0) return;
  const arrays: SQL[] = names.map((n) => column(columns[n][1], columns[n][0]));
  const at = sql`${now().toISOString()}::timestamptz`;
  await tx.execute(
    sql`insert into ${sql.identifier(table)} (${sql.raw(names.join(', '))}, created_at, updated_at)
      select *, ${at}, ${at} from unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/**
 * The demo's marks for this term: BOT, MOT and EOT for every class (each student an ability, each
 * subject its own average, so marksheets spread like a real school's), a few marks not yet entered and
 * a couple of absentees; the considered sets (BOT 20, MOT 30, EOT 50); optional subjects for O-Level
 * students; a combination for every S5–S6 student; new-curriculum competences with AOI scores. Written
 * in a handful of statements: the seed runs on every fresh start and in the browser tests.
 */
export async function fillDemoMarks(
  tx: Executor,
  p: {
    schoolId: number;
    year: number;
    term: number;
    classRows: (typeof classes.$inferSelect)[];
    subjectRows: Subject[];
    paperRows: (typeof papers.$inferSelect)[];
    combinationRows: (typeof combinations.$inferSelect)[];
    setRows: (typeof examSets.$inferSelect)[];
  },
) {
  const { schoolId, year, term } = p;
  const rnd = random(20_260_310);
  const studentRows = await tx
    .select({ id: students.id, classId: students.classId, streamId: students.streamId, religion: students.religion })
    .from(students)
    .where(and(eq(students.schoolId, schoolId), eq(students.status, 'current')))
    .orderBy(students.id);
  const streamName = new Map(
    (await tx.select().from(streams).where(eq(streams.schoolId, schoolId))).map((s) => [s.id, s.name]),
  );
  const classById = new Map(p.classRows.map((c) => [c.id, c]));
  const subjectById = new Map(p.subjectRows.map((s) => [s.id, s]));
  const byLevel = (level: string) => p.subjectRows.filter((s) => s.level === level);
  const short = (name: string) => p.subjectRows.find((s) => s.level === 'nlsc' && s.shortName === name) as Subject;
  const combinationByName = new Map(p.combinationRows.map((c) => [c.name, c]));
  const papersOf = new Map<number, number[]>();
  for (const paper of p.paperRows) papersOf.set(paper.subjectId, [...(papersOf.get(paper.subjectId) ?? []), paper.id]);

  // What each student takes: the compulsory subjects of the class, a religious education and electives
  // (O-Level: S1–S2 one elective, twelve subjects; S3–S4 the seven, religious education and most of them
  // one elective, eight or nine), or a combination with General Paper (A-Level).
  const electives = ['LIT', 'ICT', 'NFT', 'TD', 'AGRIC', 'ART', 'LUG'].map(short);
  const chosen = { student: [] as number[], subject: [] as number[] };
  const combined = { student: [] as number[], combination: [] as number[] };
  const takes = new Map<number, number[]>();
  const turn = new Map<string, number>();
  for (const s of studentRows) {
    const cls = classById.get(s.classId as number);
    if (!cls) continue;
    if (cls.level === 'alevel') {
      const stream = streamName.get(s.streamId ?? 0) ?? 'Sciences';
      const list = streamCombinations[stream] ?? streamCombinations.Sciences;
      const n = turn.get(stream) ?? 0;
      turn.set(stream, n + 1);
      const combination = combinationByName.get(list[n % list.length]) ?? p.combinationRows[0];
      combined.student.push(s.id);
      combined.combination.push(combination.id);
      const gp = byLevel('subsidiary').filter((x) => x.compulsory);
      takes.set(s.id, [
        combination.subject1Id,
        combination.subject2Id,
        combination.subject3Id,
        combination.subsidiaryId,
        ...gp.map((x) => x.id),
      ]);
      continue;
    }
    const level = cls.curriculum === 'old' ? 'olevel' : 'nlsc';
    const own = byLevel(level).filter((x) => compulsoryInClass(x, cls.rank));
    const religious = p.subjectRows.find(
      (x) => x.level === level && x.shortName === (s.religion === 'Muslim' ? 'IRE' : 'CRE'),
    );
    const extra = [religious];
    if (cls.rank <= LOWER_CLASSES_TO_RANK || rnd.next() < 0.7) extra.push(rnd.pick(electives));
    const optional = [...new Set(extra.filter((x): x is Subject => x !== undefined && x.level === level))];
    for (const x of optional) {
      chosen.student.push(s.id);
      chosen.subject.push(x.id);
    }
    takes.set(
      s.id,
      [...own, ...optional].map((x) => x.id),
    );
  }
  await bulkInsert(tx, 'student_subjects', {
    school_id: ['int', chosen.student.map(() => schoolId)],
    student_id: ['int', chosen.student],
    subject_id: ['int', chosen.subject],
  });
  if (combined.student.length > 0) {
    await tx.execute(sql`
      update students set combination_id = v.combination_id
      from unnest(${column(combined.student, 'int')}, ${column(combined.combination, 'int')}) as v(student_id, combination_id)
      where students.school_id = ${schoolId} and students.id = v.student_id`);
  }

  const sets = p.setRows.filter((s) => s.year === year && s.term === term).sort((a, b) => a.rank - b.rank);
  await bulkInsert(tx, 'considered_sets', {
    school_id: ['int', sets.map(() => schoolId)],
    year: ['int', sets.map(() => year)],
    term: ['int', sets.map(() => term)],
    exam_set_id: ['int', sets.map((s) => s.id)],
    weight: ['int', sets.map((s) => ({ BOT: 20, MOT: 30, EOT: 50 })[s.name] ?? 0)],
  });

  // A teacher who has not handed in: one stream's whole column of the last set is still empty.
  const lastSet = sets.at(-1);
  const lateLines = new Set<string>();
  for (const cls of p.classRows.filter((c) => c.rank % 3 === 2)) {
    const inClass = studentRows.find((s) => s.classId === cls.id);
    const subjectId = inClass ? takes.get(inClass.id)?.[1] : undefined;
    if (inClass && subjectId) lateLines.add(`${inClass.streamId}:${subjectId}`);
  }

  const m = { set: [] as number[], student: [] as number[], subject: [] as number[], paper: [] as (number | null)[] };
  const value = { mark: [] as (number | null)[], absent: [] as boolean[] };
  const ability = new Map<number, number>();
  for (const s of studentRows) {
    const subjectIds = takes.get(s.id);
    if (!subjectIds) continue;
    const a = rnd.normal();
    ability.set(s.id, a);
    for (const subjectId of subjectIds) {
      const subject = subjectById.get(subjectId);
      if (!subject) continue;
      const flair = rnd.normal();
      const parts = subject.level === 'alevel' ? (papersOf.get(subjectId) ?? [null]) : [null];
      for (const set of sets) {
        const late = set === lastSet && lateLines.has(`${s.streamId}:${subjectId}`);
        for (const paper of parts) {
          const roll = rnd.next();
          if (late || roll < 0.004) continue; // not entered yet
          const absent = roll > 0.9985;
          const raw = (subjectMean[subject.shortName ?? ''] ?? 55) + 13 * a + 6 * flair + 6 * rnd.normal();
          const mark = Math.max(
            0,
            Math.min(set.maxMark, Math.round(((raw + (setShift[set.name] ?? 0)) * set.maxMark) / 100)),
          );
          m.set.push(set.id);
          m.student.push(s.id);
          m.subject.push(subjectId);
          m.paper.push(paper);
          value.mark.push(absent ? null : mark);
          value.absent.push(absent);
        }
      }
    }
  }
  await bulkInsert(tx, 'exam_marks', {
    school_id: ['int', m.set.map(() => schoolId)],
    exam_set_id: ['int', m.set],
    student_id: ['int', m.student],
    subject_id: ['int', m.subject],
    paper_id: ['int', m.paper],
    mark: ['int', value.mark],
    absent: ['boolean', value.absent],
  });

  // New curriculum: two learning outcomes per subject and class this term, each learner scored 1.0–3.0.
  const newClasses = p.classRows.filter((c) => c.curriculum === 'new');
  const made = newClasses.length
    ? await tx
        .insert(competences)
        .values(
          newClasses.flatMap((cls) =>
            byLevel('nlsc').flatMap((subject) => {
              const names = outcomes[subject.shortName ?? ''] ?? ['Knowledge and understanding', 'Application'];
              const first = cls.rank <= 2 ? 0 : 2;
              return names.slice(first, first + 2).map((name, rank) => ({
                schoolId,
                subjectId: subject.id,
                classId: cls.id,
                year,
                term,
                name,
                rank,
              }));
            }),
          ),
        )
        .returning({ id: competences.id, subjectId: competences.subjectId, classId: competences.classId })
    : [];
  const aoi = { competence: [] as number[], student: [] as number[], score: [] as number[] };
  for (const s of studentRows) {
    const subjectIds = new Set(takes.get(s.id) ?? []);
    for (const c of made) {
      if (c.classId !== s.classId || !subjectIds.has(c.subjectId)) continue;
      const tenths = Math.round(20 + 5 * (ability.get(s.id) ?? 0) + 3 * rnd.normal());
      aoi.competence.push(c.id);
      aoi.student.push(s.id);
      aoi.score.push(Math.max(10, Math.min(30, tenths)));
    }
  }
  await bulkInsert(tx, 'aoi_scores', {
    school_id: ['int', aoi.student.map(() => schoolId)],
    competence_id: ['int', aoi.competence],
    student_id: ['int', aoi.student],
    score_tenths: ['int', aoi.score],
  });
  // S3–S4 learners of the new curriculum each do one integrated project a term (DOMAIN §3.3): the
  // indicators observed at each stage of UNEB's checklist, more for abler learners.
  const themes = [
    'Making briquettes from banana peels',
    'A drip irrigation kit from used bottles',
    'Liquid soap for the school canteen',
    'A rainwater harvesting model for homes',
    'Mushroom growing in the school garden',
  ];
  const projectRows: (typeof projects.$inferInsert)[] = [];
  const observed = (s: number) => Math.max(1, Math.min(6, Math.round(4 + 1.2 * (ability.get(s) ?? 0) + rnd.normal())));
  for (const s of studentRows) {
    const cls = classById.get(s.classId as number);
    if (cls?.curriculum !== 'new' || cls.rank < 3) continue;
    projectRows.push({
      schoolId,
      studentId: s.id,
      year,
      term,
      title: rnd.pick(themes),
      planning: observed(s.id),
      implementation: observed(s.id),
      reporting: observed(s.id),
      dissemination: observed(s.id),
    });
  }
  // The abridged A level (S5 from 2025, so S5 and S6 now, DOMAIN §2.7) adds a project and the generic
  // skills and values, assessed by teacher observation. Made without the random sequence, which the
  // rest of the demo follows.
  const alevelThemes = [
    'A solar drier for the school farm',
    'Water quality of the Nakivubo channel',
    'A savings scheme for boda boda riders',
    'Recycling plastic into paving blocks',
  ];
  const skills = [
    'Communicates clearly and works well in a team.',
    'Thinks critically and solves problems on his or her own.',
    'Creative; uses ICT well in research.',
    'Cooperates well; needs more confidence in presenting.',
  ];
  const values = ['Honest and responsible.', 'Respectful and punctual.', 'Shows integrity and care for others.'];
  const skillRows: (typeof studentComments.$inferInsert)[] = [];
  for (const [i, s] of studentRows.entries()) {
    const cls = classById.get(s.classId as number);
    if (cls?.level !== 'alevel' || i % 9 === 4) continue;
    const seen = Math.max(1, Math.min(6, Math.round(4 + 1.2 * (ability.get(s.id) ?? 0))));
    projectRows.push({
      schoolId,
      studentId: s.id,
      year,
      term,
      title: alevelThemes[i % alevelThemes.length] as string,
      planning: seen,
      implementation: seen,
      reporting: Math.max(1, seen - 1),
      dissemination: Math.max(1, seen - 1),
    });
    skillRows.push(
      { schoolId, studentId: s.id, year, term, kind: 'generic_skills', comment: skills[i % skills.length] as string },
      { schoolId, studentId: s.id, year, term, kind: 'values', comment: values[i % values.length] as string },
    );
  }
  if (projectRows.length) await tx.insert(projects).values(projectRows);
  if (skillRows.length) await tx.insert(studentComments).values(skillRows);
  return {
    marks: m.set.length,
    optionalSubjects: chosen.student.length,
    competences: made.length,
    aoiScores: aoi.score.length,
    projects: projectRows.length,
  };
}

import {
  type classes,
  combinations,
  commentBank,
  examSets,
  papers,
  staff,
  staffPositions,
  staffSubjects,
  streams,
  subjects,
  teachingLoadTerms,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { fillDemoMarks } from './demo-marks.js';
import type { Executor } from './open.js';

/** `compulsory`: false, true (every class) or the classes it is compulsory in only ('lower' S1–S2). */
type Row = [code: string, name: string, short: string, group: string, compulsory: boolean | 'lower'];

/** Old O-Level (UCE before 2020) subjects with their UNEB codes. */
const olevel: Row[] = [
  ['112', 'English Language', 'ENG', 'english', true],
  ['208', 'Literature in English', 'LIT', 'humanity', false],
  ['223', 'Christian Religious Education', 'CRE', 'humanity', false],
  ['225', 'Islamic Religious Education', 'IRE', 'humanity', false],
  ['241', 'History', 'HIST', 'humanity', true],
  ['273', 'Geography', 'GEOG', 'humanity', true],
  ['335', 'Luganda', 'LUG', 'language', false],
  ['456', 'Mathematics', 'MATH', 'mathematics', true],
  ['527', 'Agriculture', 'AGRIC', 'science', false],
  ['535', 'Physics', 'PHY', 'science', true],
  ['545', 'Chemistry', 'CHEM', 'science', true],
  ['553', 'Biology', 'BIO', 'science', true],
  ['610', 'Fine Art', 'ART', 'practical', false],
  ['800', 'Commerce', 'COMM', 'other', false],
  ['840', 'Computer Studies', 'COMP', 'practical', false],
];

/**
 * The new lower secondary curriculum's subjects (DOMAIN §3.1): S1–S2 take eleven compulsory subjects (religious
 * education as CRE or IRE, each student's choice), S3–S4 seven; UNEB's groups as DOMAIN §1.4.
 */
const nlsc: Row[] = [
  ['112', 'English', 'ENG', 'english', true],
  ['456', 'Mathematics', 'MATH', 'mathematics', true],
  ['535', 'Physics', 'PHY', 'science', true],
  ['545', 'Chemistry', 'CHEM', 'science', true],
  ['553', 'Biology', 'BIO', 'science', true],
  ['241', 'History & Political Education', 'HPE', 'humanity', true],
  ['273', 'Geography', 'GEOG', 'humanity', true],
  ['223', 'Christian Religious Education', 'CRE', 'humanity', false],
  ['225', 'Islamic Religious Education', 'IRE', 'humanity', false],
  ['845', 'Entrepreneurship', 'ENT', 'other', 'lower'],
  ['336', 'Kiswahili', 'KISW', 'language', 'lower'],
  ['555', 'Physical Education', 'PE', 'practical', 'lower'],
  ['208', 'Literature in English', 'LIT', 'humanity', false],
  ['840', 'ICT', 'ICT', 'practical', false],
  ['662', 'Nutrition & Food Technology', 'NFT', 'practical', false],
  ['745', 'Technology & Design', 'TD', 'practical', false],
  ['527', 'Agriculture', 'AGRIC', 'science', false],
  ['610', 'Art & Design', 'ART', 'practical', false],
  ['335', 'Luganda', 'LUG', 'language', false],
];

/** A-Level principals with their number of papers. */
const principals: [code: string, name: string, short: string, papers: number][] = [
  ['P510', 'Physics', 'PHY', 3],
  ['P525', 'Chemistry', 'CHEM', 3],
  ['P530', 'Biology', 'BIO', 3],
  ['P425', 'Mathematics', 'MATH', 2],
  ['P220', 'Economics', 'ECON', 2],
  ['P250', 'Geography', 'GEOG', 3],
  ['P210', 'History', 'HIST', 2],
  ['P310', 'Literature in English', 'LIT', 3],
  ['P245', 'Divinity', 'DIV', 2],
  ['P230', 'Entrepreneurship', 'ENT', 2],
  ['P515', 'Agriculture', 'AGRIC', 3],
  ['P615', 'Fine Art', 'ART', 3],
];

const subsidiaries: [code: string, name: string, short: string][] = [
  ['S101', 'General Paper', 'GP'],
  ['S475', 'Subsidiary Mathematics', 'SUB-MATH'],
  ['S850', 'Subsidiary ICT', 'SUB-ICT'],
];

/** Name, the three principals (by short name) and the subsidiary (DOMAIN §2.1). */
const combinationPlan: [string, string, string, string, string][] = [
  ['PCM', 'PHY', 'CHEM', 'MATH', 'SUB-ICT'],
  ['PCB', 'PHY', 'CHEM', 'BIO', 'SUB-MATH'],
  ['BCM', 'BIO', 'CHEM', 'MATH', 'SUB-ICT'],
  ['BCG', 'BIO', 'CHEM', 'GEOG', 'SUB-MATH'],
  ['MEG', 'MATH', 'ECON', 'GEOG', 'SUB-ICT'],
  ['HEG', 'HIST', 'ECON', 'GEOG', 'SUB-MATH'],
  ['HED', 'HIST', 'ECON', 'DIV', 'SUB-MATH'],
  ['DEG', 'DIV', 'ECON', 'GEOG', 'SUB-MATH'],
  ['HEL', 'HIST', 'ECON', 'LIT', 'SUB-ICT'],
  ['AEG', 'AGRIC', 'ECON', 'GEOG', 'SUB-MATH'],
];

const positions = [
  'Head Teacher',
  'Deputy Head Teacher',
  'Director of Studies',
  'Bursar',
  'Secretary',
  'Librarian',
  'Teacher',
  'Laboratory Technician',
  'Nurse',
  'Store Keeper',
  'Matron',
  'Security Guard',
];

/** [name, initials, position, gender]; teachers come after the office. */
const people: [string, string, string, 'Male' | 'Female'][] = [
  ['Ssemakula John Bosco', 'SJB', 'Head Teacher', 'Male'],
  ['Nabukenya Harriet', 'NH', 'Deputy Head Teacher', 'Female'],
  ['Okello Moses', 'OM', 'Director of Studies', 'Male'],
  ['Namutebi Sarah', 'NS', 'Bursar', 'Female'],
  ['Akello Grace', 'AG', 'Secretary', 'Female'],
  ['Tumusiime Edward', 'TE', 'Librarian', 'Male'],
  ['Nakato Florence', 'NF', 'Nurse', 'Female'],
  ['Kato Ronald', 'KR', 'Store Keeper', 'Male'],
  ['Nalwoga Agnes', 'NA', 'Matron', 'Female'],
  ['Opio Denis', 'OD', 'Laboratory Technician', 'Male'],
  ['Mugisha Brian', 'MB', 'Teacher', 'Male'],
  ['Achieng Rose', 'AR', 'Teacher', 'Female'],
  ['Byaruhanga Joseph', 'BJ', 'Teacher', 'Male'],
  ['Nansubuga Esther', 'NE', 'Teacher', 'Female'],
  ['Wasswa Peter', 'WP', 'Teacher', 'Male'],
  ['Kyomuhendo Juliet', 'KJ', 'Teacher', 'Female'],
  ['Ochieng Samuel', 'OS', 'Teacher', 'Male'],
  ['Nambi Christine', 'NC', 'Teacher', 'Female'],
  ['Tumwine Isaac', 'TI', 'Teacher', 'Male'],
  ['Atim Brenda', 'AB', 'Teacher', 'Female'],
  ['Lubega Henry', 'LH', 'Teacher', 'Male'],
  ['Kiiza Patience', 'KP', 'Teacher', 'Female'],
  ['Ssali Godfrey', 'SG', 'Teacher', 'Male'],
  ['Auma Stella', 'AS', 'Teacher', 'Female'],
  ['Mukasa Ivan', 'MI', 'Teacher', 'Male'],
  ['Nankya Doreen', 'ND', 'Teacher', 'Female'],
];

const salaries: Record<string, number> = {
  'Head Teacher': 2_500_000,
  'Deputy Head Teacher': 1_800_000,
  'Director of Studies': 1_600_000,
  Bursar: 1_400_000,
  Teacher: 1_000_000,
  'Laboratory Technician': 700_000,
};

/** The demo's comment bank: [scheme, for, from, to, comment] (O Level by aggregate, A Level by points, new curriculum by average). */
const bankComments: [string, string, number, number, string][] = [
  ['olevel', 'class_teacher', 8, 20, 'Excellent work, keep it up.'],
  ['olevel', 'class_teacher', 21, 32, 'Very good performance; aim higher.'],
  ['olevel', 'class_teacher', 33, 45, 'Good work, but more effort is needed.'],
  ['olevel', 'class_teacher', 46, 58, 'Fair performance; work harder next term.'],
  ['olevel', 'class_teacher', 59, 72, 'Poor performance; you must put in much more effort.'],
  ['olevel', 'head_teacher', 8, 20, 'A brilliant result. Congratulations.'],
  ['olevel', 'head_teacher', 21, 32, 'Very good. Keep working.'],
  ['olevel', 'head_teacher', 33, 45, 'Good. You can do better.'],
  ['olevel', 'head_teacher', 46, 58, 'Fair. Consult your teachers.'],
  ['olevel', 'head_teacher', 59, 72, 'A weak result. See me with your parent.'],
  ['alevel', 'class_teacher', 17, 20, 'Excellent, keep it up.'],
  ['alevel', 'class_teacher', 12, 16, 'Very good work.'],
  ['alevel', 'class_teacher', 7, 11, 'Fair; more effort is needed.'],
  ['alevel', 'class_teacher', 0, 6, 'Weak; you must work much harder.'],
  ['alevel', 'head_teacher', 17, 20, 'An outstanding result. Congratulations.'],
  ['alevel', 'head_teacher', 12, 16, 'A good result; aim for the top.'],
  ['alevel', 'head_teacher', 7, 11, 'Work harder to secure a university place.'],
  ['alevel', 'head_teacher', 0, 6, 'Poor. See me with your parent.'],
  ['new', 'class_teacher', 80, 100, 'Exceptional: applies what is learnt creatively.'],
  ['new', 'class_teacher', 70, 79, 'Outstanding progress; keep it up.'],
  ['new', 'class_teacher', 60, 69, 'Satisfactory; keep working on your competences.'],
  ['new', 'class_teacher', 50, 59, 'Basic level reached; more practice is needed.'],
  ['new', 'class_teacher', 0, 49, 'Elementary; needs much support and effort.'],
  ['new', 'head_teacher', 80, 100, 'Excellent achievement.'],
  ['new', 'head_teacher', 60, 79, 'Good progress.'],
  ['new', 'head_teacher', 0, 59, 'More effort is needed; parents, please follow up.'],
];

/**
 * Comments on the result itself, chosen before those on the aggregate: a Division 7 card (fewer than
 * eight subjects, or English or Mathematics not sat) is never praised for its aggregate.
 */
const resultComments: [string, string, number, number, string][] = [
  ['olevel', 'class_teacher', 7, 7, 'Sit every subject, English and Mathematics included: a certificate needs eight.'],
  [
    'olevel',
    'head_teacher',
    7,
    7,
    'No certificate result this term: the subject requirements were not met. See me with your parent.',
  ],
  ['olevel', 'head_teacher', 9, 9, 'Ungraded. See me with your parent.'],
  ['alevel', 'head_teacher', 0, 0, 'No principal pass yet. See me with your parent.'],
];

/**
 * The demo's academic set-up: staff positions and staff, the subjects of the three curricula with
 * their UNEB codes, A-Level papers and combinations, this term's BOT, MOT and EOT, a teaching load
 * for every class (each subject of the class's curriculum to a teacher, shared round the staff room),
 * this term's marks (`fillDemoMarks`) and the comment bank.
 */
export async function fillDemoAcademics(
  tx: Executor,
  schoolId: number,
  year: number,
  term: number,
  classRows: (typeof classes.$inferSelect)[],
) {
  const positionRows = await tx
    .insert(staffPositions)
    .values(positions.map((name) => ({ schoolId, name })))
    .returning();
  const positionId = new Map(positionRows.map((p) => [p.name, p.id]));
  const staffRows = await tx
    .insert(staff)
    .values(
      people.map(([name, initials, position, gender], i) => ({
        schoolId,
        name,
        initials,
        positionId: positionId.get(position),
        gender,
        phone: `+25677${i % 10}${String(400_100 + i * 7919).padStart(6, '0')}`,
        email: `${name.split(' ')[1].toLowerCase()}.${name.split(' ')[0].toLowerCase()}@kampalahill.example`,
        nin: `C${gender === 'Male' ? 'M' : 'F'}${80_012_345 + i * 12_345}KXPA`,
        nssfNumber: String(1_000_450_000 + i * 37),
        // URA's ten-digit TIN, so the PAYE schedule has one on every line.
        tin: String(1_004_200_000 + i * 4_177),
        bankName: i % 3 === 0 ? 'Centenary Bank' : i % 3 === 1 ? 'Stanbic Bank' : 'dfcu Bank',
        bankAccount: String(3_100_000_000 + i * 1_013),
        joinedOn: `${year - 1 - (i % 9)}-02-01`,
        basicSalary: salaries[position] ?? 450_000,
      })),
    )
    .returning();
  const teachers = staffRows.filter((s) => s.positionId === positionId.get('Teacher') || s.name.startsWith('Okello'));

  const subjectRows = await tx
    .insert(subjects)
    .values([
      ...olevel.map(([code, name, shortName, subjectGroup, compulsory]) => ({
        schoolId,
        level: 'olevel',
        code,
        name,
        shortName,
        subjectGroup,
        compulsory: compulsory !== false,
      })),
      ...nlsc.map(([code, name, shortName, subjectGroup, compulsory]) => ({
        schoolId,
        level: 'nlsc',
        code,
        name,
        shortName,
        subjectGroup,
        compulsory: compulsory !== false,
        compulsoryIn: compulsory === 'lower' ? 'lower' : null,
      })),
      ...principals.map(([code, name, shortName]) => ({ schoolId, level: 'alevel', code, name, shortName })),
      ...subsidiaries.map(([code, name, shortName]) => ({
        schoolId,
        level: 'subsidiary',
        code,
        name,
        shortName,
        compulsory: code === 'S101',
      })),
    ])
    .returning();
  const byLevel = (level: string) => subjectRows.filter((s) => s.level === level);
  const alevel = new Map([...byLevel('alevel'), ...byLevel('subsidiary')].map((s) => [s.shortName, s.id]));
  const paperRows = await tx
    .insert(papers)
    .values(
      principals.flatMap(([, , short, count]) =>
        Array.from({ length: count }, (_, i) => ({
          schoolId,
          subjectId: alevel.get(short) as number,
          number: i + 1,
          name: `Paper ${i + 1}`,
        })),
      ),
    )
    .returning();
  const combinationRows = await tx
    .insert(combinations)
    .values(
      combinationPlan.map(([name, a, b, c, sub]) => ({
        schoolId,
        name,
        subject1Id: alevel.get(a) as number,
        subject2Id: alevel.get(b) as number,
        subject3Id: alevel.get(c) as number,
        subsidiaryId: alevel.get(sub) as number,
      })),
    )
    .returning();
  // Every class sits this term's three sets, each out of 100 (the new curriculum scales its exam to 80).
  const setRows = await tx
    .insert(examSets)
    .values(
      ['BOT', 'MOT', 'EOT'].map((name, i) => ({
        schoolId,
        name,
        year,
        term,
        maxMark: 100,
        curriculum: 'all',
        rank: i + 1,
      })),
    )
    .returning();

  // Teaching load: every subject of the class's curriculum, one teacher per class and subject (all
  // streams); A-Level principals one teacher per paper.
  const streamRows = await tx.select().from(streams).where(eq(streams.schoolId, schoolId));
  const load: (typeof staffSubjects.$inferInsert)[] = [];
  let next = 0;
  const teacher = () => teachers[next++ % teachers.length].id;
  for (const cls of classRows) {
    if (!streamRows.some((s) => s.classId === cls.id)) continue;
    const level = cls.level === 'alevel' ? 'alevel' : cls.curriculum === 'old' ? 'olevel' : 'nlsc';
    if (level !== 'alevel') {
      for (const s of byLevel(level)) load.push({ schoolId, staffId: teacher(), subjectId: s.id, classId: cls.id });
      continue;
    }
    for (const s of byLevel('subsidiary'))
      load.push({ schoolId, staffId: teacher(), subjectId: s.id, classId: cls.id });
    for (const p of paperRows)
      load.push({ schoolId, staffId: teacher(), subjectId: p.subjectId, classId: cls.id, paperId: p.id });
  }
  await tx.insert(staffSubjects).values(load);
  // A class teacher for every stream: a teacher who teaches in the class, each stream its own.
  const classTeachers = new Set<number>();
  for (const cls of classRows) {
    for (const stream of streamRows.filter((s) => s.classId === cls.id)) {
      const pick =
        load.find((l) => l.classId === cls.id && !classTeachers.has(l.staffId))?.staffId ??
        teachers.find((t) => !classTeachers.has(t.id))?.id;
      if (pick === undefined) continue;
      classTeachers.add(pick);
      await tx
        .update(streams)
        .set({ classTeacherId: pick })
        .where(and(eq(streams.schoolId, schoolId), eq(streams.id, stream.id)));
    }
  }
  // The load carried in from last term, and this term's record of it (the grid's "copy from last term").
  const last = term > 1 ? { year, term: term - 1 } : { year: year - 1, term: 3 };
  await tx
    .insert(teachingLoadTerms)
    .values([{ year, term }, last].flatMap((when) => load.map((row) => ({ ...row, ...when }))));
  await tx.insert(commentBank).values([
    ...bankComments.map(([scheme, author, fromValue, toValue, comment]) => ({
      schoolId,
      scheme,
      author,
      fromValue,
      toValue,
      comment,
    })),
    ...resultComments.map(([scheme, author, fromValue, toValue, comment]) => ({
      schoolId,
      scheme,
      author,
      basis: 'result',
      fromValue,
      toValue,
      comment,
    })),
  ]);
  const marks = await fillDemoMarks(tx, {
    schoolId,
    year,
    term,
    classRows,
    subjectRows,
    paperRows,
    combinationRows,
    setRows,
  });
  // The candidate classes' mock examination, set for S4 and S6 only; no marks yet.
  const candidates = classRows.filter((c) => c.name === 'S4' || c.name === 'S6').map((c) => c.id);
  await tx.insert(examSets).values({
    schoolId,
    name: 'Mock',
    year,
    term,
    maxMark: 100,
    curriculum: 'all',
    rank: 4,
    classIds: candidates,
  });
  return { staff: staffRows.length, subjects: subjectRows.length, load: load.length, ...marks };
}

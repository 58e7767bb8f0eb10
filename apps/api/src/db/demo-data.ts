import { classes, counters, guardians, schoolSettings, streams, studentGuardians, students } from '@somero/contract';
import { asc, eq } from 'drizzle-orm';
import { SchoolScope } from '../core/scope.js';
import type { Executor } from './open.js';

/** A small seeded random generator, so the demo school is the same on every machine. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}

const femaleSurnames = [
  'Nakato',
  'Babirye',
  'Namubiru',
  'Namutebi',
  'Nansubuga',
  'Nakimera',
  'Nabukenya',
  'Nalwoga',
  'Nankya',
  'Namayanja',
  'Akello',
  'Atim',
  'Auma',
  'Adong',
  'Ainembabazi',
  'Kyomuhendo',
  'Kyarikunda',
  'Tusiime',
  'Asiimwe',
  'Nabirye',
  'Nambooze',
  'Achieng',
  'Apio',
  'Kobusingye',
];
const maleSurnames = [
  'Okello',
  'Mukasa',
  'Ssemakula',
  'Kato',
  'Kizza',
  'Opio',
  'Ochieng',
  'Tumusiime',
  'Byaruhanga',
  'Mugisha',
  'Lubega',
  'Wasswa',
  'Kiggundu',
  'Muwanga',
  'Ocen',
  'Ouma',
  'Kabuye',
  'Musoke',
  'Ssali',
  'Kigozi',
  'Odongo',
  'Ekwaru',
  'Ahimbisibwe',
  'Byamukama',
  'Nuwagaba',
  'Mwesigwa',
  'Ssewankambo',
  'Okot',
];
const femaleNames = [
  'Sarah',
  'Grace',
  'Esther',
  'Agnes',
  'Patience',
  'Joan',
  'Brenda',
  'Sharon',
  'Mercy',
  'Faith',
  'Doreen',
  'Shamim',
  'Aisha',
  'Juliet',
  'Ritah',
  'Immaculate',
  'Winnie',
  'Prossy',
  'Harriet',
  'Catherine',
  'Martha',
  'Irene',
];
const maleNames = [
  'John',
  'Peter',
  'Joseph',
  'Brian',
  'Ivan',
  'Moses',
  'Isaac',
  'Samuel',
  'David',
  'Emmanuel',
  'Ronald',
  'Denis',
  'Hassan',
  'Julius',
  'Paul',
  'Allan',
  'Edward',
  'Henry',
  'Timothy',
  'Arthur',
  'Godfrey',
  'Richard',
];
const houses = ['Mutesa', 'Kabalega', 'Nyerere', 'Mandela', 'Lumumba', 'Nkrumah'];
const districts = [
  'Kampala',
  'Wakiso',
  'Mukono',
  'Masaka',
  'Mbarara',
  'Jinja',
  'Gulu',
  'Lira',
  'Mbale',
  'Fort Portal',
  'Hoima',
  'Entebbe',
];
const religions = ['Catholic', 'Anglican', 'Muslim', 'Pentecostal', 'Seventh-day Adventist', 'Orthodox'];
const occupations = [
  'Teacher',
  'Farmer',
  'Trader',
  'Nurse',
  'Civil servant',
  'Boda boda rider',
  'Mechanic',
  'Accountant',
  'Pastor',
  'Businessman',
  'Businesswoman',
  'Police officer',
];
const phonePrefixes = ['70', '74', '75', '76', '77', '78'];

/** Streams and head-count per class of the demo school (about 600 students). */
const plan: Record<string, { streams: string[]; size: number; yearsIn: number }> = {
  S1: { streams: ['East', 'West', 'North'], size: 120, yearsIn: 0 },
  S2: { streams: ['East', 'West', 'North'], size: 115, yearsIn: 1 },
  S3: { streams: ['East', 'West'], size: 105, yearsIn: 2 },
  S4: { streams: ['East', 'West'], size: 100, yearsIn: 3 },
  S5: { streams: ['Arts', 'Sciences'], size: 85, yearsIn: 0 },
  S6: { streams: ['Arts', 'Sciences'], size: 75, yearsIn: 1 },
};

/** Fills the demo school: details, streams, students with guardians (siblings share some). */
export async function fillDemoSchool(db: Executor, schoolId: number, adminId: number) {
  const rnd = random(20_260_202);
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (s) => {
    const tx = s.db;
    const [settings] = await tx.select().from(schoolSettings).where(eq(schoolSettings.schoolId, schoolId));
    const year = settings.currentYear;
    await tx
      .update(schoolSettings)
      .set({
        motto: 'Knowledge is Light',
        address: 'Plot 12, Hill Road, Kampala',
        phone: '+256 414 530 120',
        email: 'info@kampalahill.example',
        registrationNo: 'UNEB U0457',
        headTeacher: 'Mr. Ssemakula John Bosco',
        paymentInstructions:
          'Pay at Stanbic Bank (Account 9030012345678, Kampala Hill SS), by mobile money to 0772 530 120, or through SchoolPay with the student payment code. Keep your receipt.',
      })
      .where(eq(schoolSettings.schoolId, schoolId));

    const classRows = await tx.select().from(classes).where(eq(classes.schoolId, schoolId)).orderBy(asc(classes.rank));
    // Made in memory first, then written in batches: a few dozen statements instead of 1,800.
    const guardianRows: (typeof guardians.$inferInsert)[] = [];
    const studentRows: { row: typeof students.$inferInsert; guardian: number }[] = [];
    let serial = 0;
    let code = 1_003_000_000;
    for (const cls of classRows) {
      const p = plan[cls.name];
      if (!p) continue;
      const streamRows = await tx
        .insert(streams)
        .values(p.streams.map((name) => ({ schoolId, classId: cls.id, name })))
        .returning();
      for (let i = 0; i < p.size; i++) {
        const female = rnd.next() < 0.5;
        const entryYear = year - p.yearsIn;
        const age = 13 + cls.rank - 1;
        serial += 1;
        code += rnd.int(1, 900);
        // One child in eight is a sibling of an earlier one and shares the guardian.
        let guardian = guardianRows.length;
        if (guardianRows.length > 20 && rnd.next() < 0.125) guardian = rnd.int(0, guardianRows.length - 1);
        else {
          const father = rnd.next() < 0.5;
          guardianRows.push({
            schoolId,
            name: `${father ? rnd.pick(maleSurnames) : rnd.pick(femaleSurnames)} ${father ? rnd.pick(maleNames) : rnd.pick(femaleNames)}`,
            relationship: rnd.next() < 0.85 ? (father ? 'Father' : 'Mother') : 'Guardian',
            phone: `+256 ${rnd.pick(phonePrefixes)}${rnd.int(0, 9)} ${String(rnd.int(0, 999_999)).padStart(6, '0')}`,
            occupation: rnd.pick(occupations),
            address: rnd.pick(districts),
          });
        }
        studentRows.push({
          guardian,
          row: {
            schoolId,
            admissionNo: `${entryYear}/${String(serial).padStart(4, '0')}`,
            paymentCode: String(code),
            surname: rnd.pick(female ? femaleSurnames : maleSurnames),
            otherNames: rnd.pick(female ? femaleNames : maleNames),
            gender: female ? 'F' : 'M',
            dateOfBirth: `${year - age}-${String(rnd.int(1, 12)).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
            classId: cls.id,
            streamId: streamRows[i % streamRows.length].id,
            section: rnd.next() < 0.6 ? 'boarding' : 'day',
            house: rnd.pick(houses),
            religion: rnd.pick(religions),
            district: rnd.pick(districts),
            entryYear,
            entryTerm: 1,
            admittedOn: `${entryYear}-02-0${rnd.int(2, 9)}`,
          },
        });
      }
    }
    const batches = <T>(list: T[]) =>
      Array.from({ length: Math.ceil(list.length / 200) }, (_, i) => list.slice(i * 200, i * 200 + 200));
    const guardianIds: number[] = [];
    for (const batch of batches(guardianRows)) {
      guardianIds.push(...(await tx.insert(guardians).values(batch).returning({ id: guardians.id })).map((g) => g.id));
    }
    for (const batch of batches(studentRows)) {
      const made = await tx
        .insert(students)
        .values(batch.map((b) => b.row))
        .returning({ id: students.id });
      await tx.insert(studentGuardians).values(
        made.map((m, i) => ({
          schoolId,
          studentId: m.id,
          guardianId: guardianIds[batch[i].guardian],
          primary: true,
        })),
      );
    }
    await tx.insert(counters).values({ schoolId, name: 'admission', value: serial });
    await s.audit({
      action: 'seed',
      module: 'settings',
      entity: 'schools',
      entityId: schoolId,
      after: { students: serial, guardians: guardianRows.length },
    });
  });
}

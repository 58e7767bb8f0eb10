import {
  classes,
  counters,
  expenseCategories,
  expenseItems,
  expenseLines,
  expenseRequisitions,
  expenses,
  feesBreakdowns,
  feesCategories,
  feesPayments,
  guardians,
  paymentModes,
  previousDebts,
  requisitionLines,
  revenueCategories,
  revenueSources,
  revenues,
  schoolSettings,
  streams,
  studentGuardians,
  students,
  suppliers,
  termDates,
} from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { addDays, ago, today as todayOf } from '../core/dates.js';
import { SchoolScope } from '../core/scope.js';
import { postUnposted } from '../modules/money.js';
import { fillDemoAcademics } from './demo-academics.js';
import { fillDemoPictures } from './demo-photos.js';
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
          const name = `${father ? rnd.pick(maleSurnames) : rnd.pick(femaleSurnames)} ${father ? rnd.pick(maleNames) : rnd.pick(femaleNames)}`;
          // A third of the guardians give an e-mail address (taken from the name, not the random
          // sequence, so the rest of the demo data stays as it was).
          const [surname, given] = name.toLowerCase().split(' ');
          const n = guardianRows.length;
          guardianRows.push({
            schoolId,
            name,
            email: n % 3 === 0 ? `${given}.${surname}${n % 97}@gmail.com` : null,
            relationship: rnd.next() < 0.85 ? (father ? 'Father' : 'Mother') : 'Guardian',
            phone: `+256${rnd.pick(phonePrefixes)}${rnd.int(0, 9)}${String(rnd.int(0, 999_999)).padStart(6, '0')}`,
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
    const studentIds: number[] = [];
    for (const batch of batches(guardianRows)) {
      guardianIds.push(...(await tx.insert(guardians).values(batch).returning({ id: guardians.id })).map((g) => g.id));
    }
    for (const batch of batches(studentRows)) {
      const made = await tx
        .insert(students)
        .values(batch.map((b) => b.row))
        .returning({ id: students.id });
      studentIds.push(...made.map((m) => m.id));
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
    const pictures = await fillDemoPictures(tx, schoolId, studentIds);
    await fillDemoFees(tx, schoolId, year, settings.currentTerm, classRows, rnd);
    const academics = await fillDemoAcademics(tx, schoolId, year, settings.currentTerm, classRows);
    await s.audit({
      action: 'seed',
      module: 'settings',
      entity: 'schools',
      entityId: schoolId,
      after: { students: serial, guardians: guardianRows.length, ...pictures, ...academics },
    });
    // The payments, revenues and expenses written above go into the journal as any recorded one does.
    await postUnposted(s);
  });
}

type Random = ReturnType<typeof random>;

/**
 * The demo's fees: categories, this year's structure, the school's payment modes, balances brought
 * forward for some students, and payments received this term (receipts 1…n, the counter set to match).
 */
async function fillDemoFees(
  tx: Executor,
  schoolId: number,
  year: number,
  currentTerm: number,
  classRows: { id: number; name: string; level: string }[],
  rnd: Random,
) {
  const names = ['Tuition', 'Development', 'Admission', 'Uniform', 'UNEB Registration'];
  const cats = await tx
    .insert(feesCategories)
    .values(names.map((name, i) => ({ schoolId, name, rank: i + 1 })))
    .returning();
  const cat = (name: string) => cats.find((c) => c.name === name)!.id;
  const structure: (typeof feesBreakdowns.$inferInsert)[] = [];
  for (const cls of classRows) {
    const alevel = cls.level === 'alevel';
    for (const term of [1, 2, 3]) {
      const line = (category: string, amount: number, section = 'all', entrants = 'all') =>
        structure.push({
          schoolId,
          categoryId: cat(category),
          classId: cls.id,
          section,
          nationality: 'all',
          entrants,
          year,
          term,
          amount,
        });
      line('Tuition', alevel ? 520_000 : 450_000, 'day');
      line('Tuition', alevel ? 950_000 : 850_000, 'boarding');
      line('Development', 100_000);
      line('Admission', 60_000, 'all', 'new');
      line('Uniform', 150_000, 'all', 'new');
      if (term === 1 && (cls.name === 'S4' || cls.name === 'S6'))
        line('UNEB Registration', cls.name === 'S4' ? 190_000 : 230_000);
    }
  }
  await tx.insert(feesBreakdowns).values(structure);
  const modes = await tx
    .insert(paymentModes)
    .values([
      { schoolId, name: 'Cash', kind: 'cash', openingBalance: 0, openingOn: `${year}-01-01` },
      {
        schoolId,
        name: 'Stanbic Bank',
        kind: 'bank',
        accountNo: '9030012345678',
        openingBalance: 12_500_000,
        openingOn: `${year}-01-01`,
        requiresReference: true,
      },
      {
        schoolId,
        name: 'MTN Mobile Money',
        kind: 'mobile_money',
        accountNo: '0772 530 120',
        openingBalance: 0,
        openingOn: `${year}-01-01`,
        requiresReference: true,
      },
      { schoolId, name: 'SchoolPay', kind: 'aggregator', openingBalance: 0, openingOn: `${year}-01-01` },
    ])
    .returning();
  const register = await tx
    .select({
      id: students.id,
      classId: students.classId,
      section: students.section,
      entryYear: students.entryYear,
      entryTerm: students.entryTerm,
    })
    .from(students)
    .where(eq(students.schoolId, schoolId))
    .orderBy(asc(students.id));
  const debts = register
    .filter(() => rnd.next() < 0.15)
    .map((st) => ({ schoolId, studentId: st.id, amount: rnd.int(5, 40) * 10_000, note: 'Balance from the old books' }));
  if (debts.length) await tx.insert(previousDebts).values(debts);
  // What each student was charged per term of this year (from the structure above), and payments
  // against it: most pay past terms in full, a few part or nothing; this term is still being paid.
  const today = todayOf();
  const opens = await tx
    .select({ term: termDates.term, opensOn: termDates.opensOn })
    .from(termDates)
    .where(and(eq(termDates.schoolId, schoolId), eq(termDates.year, year)));
  const termOpens = [1, 2, 3].map((t) => opens.find((o) => o.term === t)?.opensOn ?? `${year}-0${3 * t - 1}-01`);
  const payments: (typeof feesPayments.$inferInsert)[] = [];
  for (const st of register) {
    for (let term = 1; term <= currentTerm; term++) {
      if (st.entryYear === year && st.entryTerm > term) continue;
      const isNew = st.entryYear === year && st.entryTerm === term;
      const charged = structure
        .filter(
          (l) =>
            l.classId === st.classId &&
            l.term === term &&
            (l.section === 'all' || l.section === st.section) &&
            (l.entrants === 'all' || isNew),
        )
        .reduce((sum, l) => sum + l.amount, 0);
      const share =
        term < currentTerm
          ? rnd.next() < 0.8
            ? 1
            : rnd.next() < 0.75
              ? rnd.int(5, 9) / 10
              : 0
          : rnd.next() < 0.75
            ? rnd.int(3, 10) / 10
            : 0;
      let due = Math.round((charged * share) / 10_000) * 10_000;
      // Parents pay in instalments: the first around the opening, the second four weeks later, any more four
      // weeks after that, so the term's weeks have receipts after its first, as a bursar's do.
      let first = '';
      for (let instalment = 0; due > 0; instalment++) {
        const amount = due > 300_000 && rnd.next() < 0.5 ? Math.round(due / 20_000) * 10_000 : due;
        due -= amount;
        const drawn = `${termOpens[term - 1].slice(0, 7)}-${String(rnd.int(2, 27)).padStart(2, '0')}`;
        first ||= drawn;
        const day = instalment === 0 ? drawn : addDays(first, 28 * Math.min(instalment, 2));
        payments.push({
          schoolId,
          receiptNo: 0,
          studentId: st.id,
          amount,
          modeId: rnd.pick(modes).id,
          // biome-ignore lint/complexity/useMathMinMax: the dates are ISO strings, compared as text
          paidOn: day < today ? day : today,
          payer: 'Parent',
          year,
          term,
          cashierName: 'Demo data',
        });
      }
    }
  }
  payments.sort((a, b) => (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0));
  // Bank slips, mobile-money transaction ids and SchoolPay receipts: each payment's own (the desk refuses a
  // reference already on a valid payment), made from the receipt number so the random draws stay as they were.
  const kindOf = new Map(modes.map((m) => [m.id, m.kind]));
  payments.forEach((p, i) => {
    p.receiptNo = i + 1;
    const kind = kindOf.get(p.modeId);
    if (kind === 'bank') p.reference = `SLIP-${year}-${String(p.receiptNo).padStart(5, '0')}`;
    else if (kind === 'mobile_money') p.reference = String(40_100_000_000 + p.receiptNo * 7_919_311);
    else if (kind === 'aggregator') p.reference = `SP${year}${String(p.receiptNo * 37).padStart(7, '0')}`;
  });
  for (let i = 0; i < payments.length; i += 200) await tx.insert(feesPayments).values(payments.slice(i, i + 200));
  await tx.insert(counters).values({ schoolId, name: 'receipt', value: payments.length });
  await fillDemoRevenues(tx, schoolId, year, today, modes, rnd);
  await fillDemoExpenses(tx, schoolId, year, today, modes, rnd);
}

/**
 * The demo's spending: categories and items a boarding school buys, its suppliers, and about three
 * expenses a month this year; about a third of those from a known supplier on credit, most of them
 * paid from the bank by the month's end.
 */
async function fillDemoExpenses(
  tx: Executor,
  schoolId: number,
  year: number,
  today: string,
  modes: { id: number; name: string }[],
  rnd: Random,
) {
  const plan: [string, [string, string, number][]][] = [
    // [category, [item, unit, unit cost]]
    [
      'Food',
      [
        ['Maize flour', 'bag', 165_000],
        ['Beans', 'bag', 310_000],
        ['Sugar', 'bag', 250_000],
        ['Cooking oil', 'jerrycan', 140_000],
      ],
    ],
    [
      'Stationery',
      [
        ['Photocopy paper', 'ream', 25_000],
        ['Exercise books', 'dozen', 18_000],
      ],
    ],
    [
      'Utilities',
      [
        ['Electricity (Umeme)', 'month', 1_200_000],
        ['Water (NWSC)', 'month', 650_000],
      ],
    ],
    [
      'Repairs and maintenance',
      [
        ['Plumbing repairs', 'job', 350_000],
        ['Desk repairs', 'desk', 45_000],
      ],
    ],
    ['Transport', [['Diesel for the school bus', 'litre', 5_200]]],
  ];
  const cats = await tx
    .insert(expenseCategories)
    .values(plan.map(([name]) => ({ schoolId, name })))
    .returning();
  const items = await tx
    .insert(expenseItems)
    .values(
      plan.flatMap(([category, list]) =>
        list.map(([name, unit, unitCost]) => ({
          schoolId,
          categoryId: cats.find((c) => c.name === category)!.id,
          name,
          unit,
          unitCost,
        })),
      ),
    )
    .returning();
  const sellers = await tx
    .insert(suppliers)
    .values([
      { schoolId, name: 'Nakasero Wholesalers', phone: '+256772410220', address: 'Nakasero Market, Kampala' },
      { schoolId, name: 'Kikuubo Stationers', phone: '+256701553019', address: 'Kikuubo, Kampala' },
      { schoolId, name: 'Mukono Fuel Centre', phone: '+256756118400', address: 'Mukono' },
      { schoolId, name: 'Umeme Limited', address: 'Rwenzori House, Kampala' },
    ])
    .returning();
  const supplierFor = (category: string) =>
    sellers.find((x) =>
      category === 'Food'
        ? x.name.startsWith('Nakasero')
        : category === 'Stationery'
          ? x.name.startsWith('Kikuubo')
          : category === 'Transport'
            ? x.name.startsWith('Mukono')
            : category === 'Utilities'
              ? x.name.startsWith('Umeme')
              : false,
    );
  const paidFrom = modes.filter((m) => m.name === 'Cash' || m.name === 'Stanbic Bank');
  const bank = modes.find((m) => m.name === 'Stanbic Bank')!;
  for (let month = 1; month <= 12; month++) {
    for (let n = 0; n < 3; n++) {
      const spentOn = `${year}-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
      if (spentOn > today) continue;
      const [category, list] = rnd.pick(plan);
      const lines = list
        .filter(() => rnd.next() < 0.7)
        .map(([name, unit, unitCost]) => {
          const quantity =
            unit === 'litre' ? rnd.int(80, 200) : unit === 'month' || unit === 'job' ? 1 : rnd.int(1, 12);
          return { itemId: items.find((i) => i.name === name)!.id, quantity, unitCost, amount: quantity * unitCost };
        });
      if (lines.length === 0) continue;
      const supplier = supplierFor(category);
      const onCredit = Boolean(supplier) && rnd.next() < 0.35;
      // Credits of past months are mostly paid by the month's end; this month's are still owed.
      const clearedOn =
        onCredit && spentOn.slice(0, 7) < today.slice(0, 7) && rnd.next() < 0.7 ? `${spentOn.slice(0, 8)}28` : null;
      const [expense] = await tx
        .insert(expenses)
        .values({
          schoolId,
          spentOn,
          onCredit,
          modeId: onCredit ? null : rnd.pick(paidFrom).id,
          supplierId: supplier?.id ?? null,
          clearedOn,
          clearedModeId: clearedOn ? bank.id : null,
          reference: `INV-${month}${n}${rnd.int(100, 999)}`,
          total: lines.reduce((sum, l) => sum + l.amount, 0),
          recordedBy: 'Demo data',
        })
        .returning();
      await tx.insert(expenseLines).values(lines.map((l) => ({ schoolId, expenseId: expense.id, ...l })));
    }
  }
  await fillDemoRequisitions(tx, schoolId, items, sellers, paidFrom[0] ?? null, cats);
}

/** Four requisitions waiting at each step (and one rejected), raised by the bursar this week. */
async function fillDemoRequisitions(
  tx: Executor,
  schoolId: number,
  items: { id: number; name: string; unitCost: number }[],
  sellers: { id: number; name: string }[],
  cash: { id: number } | null,
  cats: { id: number; name: string }[],
) {
  const day = (daysAgo: number) => ago(daysAgo * 86_400_000);
  // Chalk is bought only through requisitions (the store receives it against them).
  const [chalk] = await tx
    .insert(expenseItems)
    .values({
      schoolId,
      categoryId: cats.find((c) => c.name === 'Stationery')!.id,
      name: 'Chalk',
      unit: 'box',
      unitCost: 6_000,
    })
    .returning();
  items = [...items, chalk!];
  const item = (name: string) => items.find((i) => i.name === name)!;
  const plan: {
    title: string;
    lines: [string, number][];
    supplier?: string;
    status: 'submitted' | 'checked' | 'approved' | 'rejected' | 'paid';
    rejectedReason?: string;
  }[] = [
    {
      title: 'Food for the end-of-term examinations week',
      lines: [
        ['Maize flour', 12],
        ['Beans', 5],
      ],
      supplier: 'Nakasero Wholesalers',
      status: 'submitted',
    },
    { title: 'Desk repairs in the S2 classrooms', lines: [['Desk repairs', 14]], status: 'checked' },
    {
      title: 'Paper for printing the report cards',
      lines: [['Photocopy paper', 20]],
      supplier: 'Kikuubo Stationers',
      status: 'approved',
    },
    {
      title: 'Diesel for the sports day trip to Jinja',
      lines: [['Diesel for the school bus', 160]],
      supplier: 'Mukono Fuel Centre',
      status: 'rejected',
      rejectedReason: 'The trip is paid from the games fund next term',
    },
    // Paid: the store received the first (fillDemoStore), the second waits for the store keeper.
    {
      title: 'Chalk for the new term',
      lines: [
        ['Chalk', 10],
        ['Photocopy paper', 10],
      ],
      supplier: 'Kikuubo Stationers',
      status: 'paid',
    },
    {
      title: 'Chalk and paper for the end-of-term examinations',
      lines: [
        ['Chalk', 15],
        ['Photocopy paper', 25],
      ],
      supplier: 'Kikuubo Stationers',
      status: 'paid',
    },
  ];
  for (const [i, r] of plan.entries()) {
    const lines = r.lines.map(([name, quantity]) => ({ ...item(name), quantity }));
    const checked = r.status !== 'submitted' && r.status !== 'rejected';
    // Days ago it was raised (the paid ones a week back, each step a day later).
    const ago = r.status === 'paid' ? 12 - i : 4 - i;
    const approved = r.status === 'approved' || r.status === 'paid';
    const paid = r.status === 'paid' && cash;
    const total = lines.reduce((n, l) => n + l.quantity * l.unitCost, 0);
    const supplierId = sellers.find((x) => x.name === r.supplier)?.id ?? null;
    // Paying records the expense (the journal takes it with the others).
    const [expense] = paid
      ? await tx
          .insert(expenses)
          .values({
            schoolId,
            spentOn: day(ago - 3)
              .toISOString()
              .slice(0, 10),
            modeId: cash.id,
            supplierId,
            reference: `PV-${i + 1}`,
            note: `Requisition ${i + 1}: ${r.title}`,
            total,
            recordedBy: 'Nakato Sarah (Bursar)',
          })
          .returning()
      : [];
    if (expense)
      await tx.insert(expenseLines).values(
        lines.map((l) => ({
          schoolId,
          expenseId: expense.id,
          itemId: l.id,
          quantity: l.quantity,
          unitCost: l.unitCost,
          amount: l.quantity * l.unitCost,
        })),
      );
    const [made] = await tx
      .insert(expenseRequisitions)
      .values({
        schoolId,
        number: i + 1,
        title: r.title,
        supplierId,
        total,
        status: expense ? 'paid' : r.status === 'paid' ? 'approved' : r.status,
        raisedByName: 'Nakato Sarah (Bursar)',
        createdAt: day(ago),
        checkedByName: checked ? 'Okello James (Deputy Head Teacher)' : null,
        checkedAt: checked ? day(ago - 1) : null,
        approvedByName: approved ? 'Mr. Ssemakula John Bosco' : null,
        approvedAt: approved ? day(r.status === 'paid' ? ago - 2 : 1) : null,
        paidByName: expense ? 'Nakato Sarah (Bursar)' : null,
        paidAt: expense ? day(ago - 3) : null,
        expenseId: expense?.id ?? null,
        rejectedReason: r.rejectedReason ?? null,
      })
      .returning();
    await tx.insert(requisitionLines).values(
      lines.map((l) => ({
        schoolId,
        requisitionId: made!.id,
        itemId: l.id,
        quantity: l.quantity,
        unitCost: l.unitCost,
        amount: l.quantity * l.unitCost,
      })),
    );
  }
  await tx.insert(counters).values({ schoolId, name: 'requisition', value: plan.length });
}

/** The demo's other income: categories with their sources, and about two revenues a month this year. */
async function fillDemoRevenues(
  tx: Executor,
  schoolId: number,
  year: number,
  today: string,
  modes: { id: number; name: string }[],
  rnd: Random,
) {
  const plan: [string, [string, number, number, string][]][] = [
    // [category, [source, least, most (in 10,000s), usually paid by]]
    [
      'Sales',
      [
        ['Sale of farm produce', 20, 150, 'Owino market traders'],
        ['Canteen sales', 30, 90, 'Canteen manager'],
      ],
    ],
    [
      'Hire of facilities',
      [
        ['School bus hire', 40, 120, 'Mukono Parents Association'],
        ['Main hall hire', 25, 60, 'St. Peter Church'],
      ],
    ],
    // The USE grant is a category of its own, so the budget tracks it against actual (issue 12 §4).
    ['Government capitation (USE)', [['Government capitation grant', 600, 1500, 'Ministry of Education and Sports']]],
    ['Grants and donations', [["Old students' donations", 50, 300, 'Old Students Association']]],
  ];
  const cats = await tx
    .insert(revenueCategories)
    .values(plan.map(([name]) => ({ schoolId, name })))
    .returning();
  const sources = await tx
    .insert(revenueSources)
    .values(
      plan.flatMap(([category, list]) =>
        list.map(([name]) => ({ schoolId, categoryId: cats.find((c) => c.name === category)!.id, name })),
      ),
    )
    .returning();
  const kinds = plan.flatMap(([, list]) => list);
  const into = modes.filter((m) => m.name !== 'SchoolPay');
  const rows: (typeof revenues.$inferInsert)[] = [];
  for (let month = 1; month <= 12; month++) {
    for (let n = 0; n < 2; n++) {
      const day = `${year}-${String(month).padStart(2, '0')}-${String(rnd.int(1, 28)).padStart(2, '0')}`;
      if (day > today) continue;
      const i = rnd.int(0, kinds.length - 1);
      const [source, least, most, from] = kinds[i]!;
      rows.push({
        schoolId,
        sourceId: sources.find((x) => x.name === source)!.id,
        amount: rnd.int(least, most) * 10_000,
        receivedOn: day,
        modeId: rnd.pick(into).id,
        receivedFrom: from,
        reference: `RV-${month}${n}${rnd.int(100, 999)}`,
        recordedBy: 'Demo data',
      });
    }
  }
  if (rows.length) await tx.insert(revenues).values(rows);
}

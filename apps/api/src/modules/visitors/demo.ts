import { guardians, staff, studentGuardians, students, visitorVisits } from '@somero/contract';
import { and, asc, eq } from 'drizzle-orm';
import { now as clockNow, today as todayOf } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';
import { kampalaDayStart } from './rules.js';

type Visit = typeof visitorVisits.$inferInsert;

/** Callers who are not parents: [name, phone, from, kind, purpose, office, vehicle]. */
const callers: [string, string, string, string, string, string, string | null][] = [
  [
    'Okello Patrick',
    '+256772410233',
    'Mukwano Distributors',
    'supplier',
    'Delivery of sugar and soap',
    'Store',
    'UBA 412K',
  ],
  [
    'Namusoke Betty',
    '+256701552810',
    'Kasese Maize Millers',
    'supplier',
    'Delivery of posho (maize flour)',
    'Store',
    'UAX 905C',
  ],
  [
    'Mr. Tumwine Geoffrey',
    '+256782330145',
    'Kampala District Education Office',
    'official',
    'School inspection',
    'Head Teacher',
    'UG 0312M',
  ],
  ['Ssali Ronald', '+256754112908', 'UMEME', 'official', 'Electricity meter reading', 'Bursar', null],
  [
    'Acheng Florence',
    '+256776221093',
    'Ntinda',
    'other',
    'Job application (teacher of Chemistry)',
    'Head Teacher',
    null,
  ],
  [
    'Kato Emmanuel',
    '+256703448812',
    'Mengo Hospital',
    'official',
    'Immunisation (HPV second dose)',
    'Sick Bay',
    'UAR 118T',
  ],
  [
    'Nabirye Sarah',
    '+256772908114',
    'Stanbic Bank, Wandegeya',
    'official',
    'School account reconciliation',
    'Bursar',
    null,
  ],
  ['Mugisha Alex', '+256788600421', 'Crown Stationers', 'supplier', 'Delivery of exercise books', 'Store', 'UBE 776P'],
];
const parentPurposes = [
  'Visiting day',
  'Brought pocket money and requirements',
  'Paying school fees',
  'Discussing academic progress',
  'Picking student for hospital appointment',
];

/**
 * The demo's visitors book: the last four weeks. On visiting day (the second Sunday back) dozens of
 * parents see their children; on school days a few parents, suppliers delivering to the store, the
 * district inspector; a handful of today's visitors are still in; one visit deleted as recorded twice.
 */
export async function fillDemoVisitors(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    // Each current student with a guardian on record (or, with none, a parent named here).
    const pupils = await tx.db
      .select({
        studentId: students.id,
        surname: students.surname,
        name: guardians.name,
        phone: guardians.phone,
        relationship: guardians.relationship,
        nin: guardians.nin,
        address: guardians.address,
      })
      .from(students)
      .leftJoin(
        studentGuardians,
        and(eq(studentGuardians.studentId, students.id), eq(studentGuardians.schoolId, schoolId)),
      )
      .leftJoin(
        guardians,
        and(eq(guardians.schoolId, studentGuardians.schoolId), eq(guardians.id, studentGuardians.guardianId)),
      )
      .where(and(eq(students.schoolId, schoolId), eq(students.status, 'current')))
      .orderBy(asc(students.id));
    const parents = pupils.map((p, i) => ({
      ...p,
      name: p.name ?? `${i % 2 ? 'Mrs.' : 'Mr.'} ${p.surname}`,
      phone: p.phone ?? `+2567720${String(10_000 + i).padStart(5, '0')}`,
      relationship: p.relationship ?? (i % 2 ? 'Mother' : 'Father'),
    }));
    const team = await tx.db.select({ id: staff.id }).from(staff).where(eq(staff.schoolId, schoolId)).limit(10);
    if (!parents.length) return;
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const any = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    const today = todayOf();
    const now = clockNow().getTime();
    const rows: Visit[] = [];
    const book = (at: Date, visit: Omit<Visit, 'schoolId' | 'timeIn' | 'recordedBy'>, stay: number, open: boolean) => {
      if (at.getTime() > now) return;
      const out = Math.min(at.getTime() + stay * 60_000, now);
      rows.push({
        schoolId,
        ...visit,
        timeIn: at,
        timeOut: open ? null : new Date(out),
        status: open ? 'open' : 'closed',
        recordedBy: 'Mr. Ocen (gate)',
        closedBy: open ? null : 'Mr. Ocen (gate)',
      });
    };
    const parentVisit = (at: Date, purpose: string, stay: number, open: boolean) => {
      const p = any(parents);
      book(
        at,
        {
          visitorName: p.name,
          phone: p.phone,
          idType: p.nin ? 'nin' : null,
          idNumber: p.nin,
          fromWhere: p.address,
          visitorType: 'parent',
          purpose,
          whom: 'student',
          studentId: p.studentId,
          relationship: p.relationship,
          itemsBrought:
            purpose === 'Visiting day' || purpose.startsWith('Brought')
              ? any([
                  'Sugar, soap, pocket money UGX 20,000',
                  'Mattress and blanket',
                  'Books and a geometry set',
                  'Fruits and bread',
                  'Vaseline, toothpaste, shoe polish',
                ])
              : null,
          badgeNo: `V${String(rows.length + 1).padStart(3, '0')}`,
        },
        stay,
        open,
      );
    };
    const start = (back: number) => kampalaDayStart(today).getTime() - back * 86_400_000;
    for (let back = 28; back >= 0; back--) {
      const day = start(back);
      const weekday = new Date(day + 3 * 3600_000).getUTCDay();
      // Today's visitors came in before now (those still in arrived within the last hour or two).
      const at = (hours: number) => {
        const moment = day + hours * 3600_000;
        return new Date(moment <= now || back > 0 ? moment : Math.max(day + 7 * 3600_000, now - random() * 7_200_000));
      };
      if (weekday === 0) {
        // Visiting day: the second Sunday of the four weeks.
        if (back > 7 && back <= 14)
          for (let i = 0; i < 45; i++) parentVisit(at(9.5 + random() * 6), 'Visiting day', 40 + random() * 140, false);
        continue;
      }
      const isToday = back === 0;
      const parentsToday = weekday === 6 ? 2 : 1 + Math.floor(random() * 3);
      for (let i = 0; i < parentsToday; i++)
        parentVisit(at(8 + random() * 8), any(parentPurposes.slice(1)), 15 + random() * 70, isToday && i === 0);
      if (random() < 0.5 || isToday) {
        const [name, phone, from, kind, purpose, office, vehicle] = any(callers);
        const staffMember = kind === 'other' && team.length ? any(team) : null;
        book(
          at(8.5 + random() * 6),
          {
            visitorName: name,
            phone,
            idType: 'nin',
            idNumber: `CM${Math.floor(10_000_000 + random() * 89_999_999)}PXK`,
            fromWhere: from,
            visitorType: kind,
            purpose,
            whom: staffMember ? 'staff' : 'office',
            staffId: staffMember?.id ?? null,
            office: staffMember ? null : office,
            vehicleReg: vehicle,
            badgeNo: `V${String(rows.length + 1).padStart(3, '0')}`,
          },
          20 + random() * 90,
          isToday,
        );
      }
    }
    // The district inspector this week, still with the head teacher if it is today.
    const inspector = callers[2];
    book(
      new Date(Math.min(now - 50 * 60_000, start(0) + 9 * 3600_000)),
      {
        visitorName: inspector[0],
        phone: inspector[1],
        idType: 'nin',
        idNumber: 'CM78012345TUV1K',
        fromWhere: inspector[2],
        visitorType: 'official',
        purpose: 'Termly inspection: lesson observation and registers',
        whom: 'office',
        office: 'Head Teacher',
        vehicleReg: inspector[6],
      },
      0,
      true,
    );
    const twice = rows.find((r) => r.status === 'closed' && r.whom === 'student');
    if (twice)
      rows.push({
        ...twice,
        status: 'deleted',
        deleteReason: 'Recorded twice',
        deletedAt: twice.timeOut,
        deletedBy: 'Mr. Ocen (gate)',
      });
    for (let i = 0; i < rows.length; i += 200) await tx.db.insert(visitorVisits).values(rows.slice(i, i + 200));
  });
}

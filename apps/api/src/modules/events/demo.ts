import { classes, events } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { addDays, today } from '../../core/dates.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';

type Event = typeof events.$inferInsert;

/** A day some days from today (Kampala), as YYYY-MM-DD. */
const dayFrom = (days: number) => addDays(today(), days);
/** The Saturday (6) or Sunday (0) on or before a day some days from today. */
const weekendBefore = (days: number, weekday: 0 | 6) => {
  const d = new Date(`${dayFrom(days)}T00:00:00Z`);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

const ptaPresent = [
  'Mr. Ssemwogerere John (PTA Chairperson)',
  'Mrs. Nakato Harriet (Head Teacher)',
  'Mr. Okot Denis (Deputy Head Teacher)',
  'Ms. Auma Grace (Bursar)',
  '212 parents and guardians (register attached)',
  '38 teachers',
];
const ptaAgenda = [
  'Prayer and opening remarks',
  'Reading and confirmation of the previous minutes',
  "Head Teacher's report: Term 3 academics and UNEB candidates",
  "Bursar's report: fees collection and arrears",
  'Proposal to build a second dormitory for girls',
  'Any other business',
];
const ptaResolutions = [
  'Minutes of the last meeting confirmed as a true record',
  'Parents to contribute UGX 50,000 per student towards the girls’ dormitory, payable over two terms',
  'Candidates’ holiday classes to run for two weeks in December at UGX 80,000',
  'Fees arrears above one term to be cleared before report cards are given out',
];
const ptaActions = [
  'Bursar to open a separate dormitory fund account — by end of term',
  'Head Teacher to circulate the holiday class timetable to parents — within one week',
  'PTA executive to meet the contractor and present quotations at the next meeting',
];

/**
 * The demo's events: this term's PTA meeting and board meeting with their minutes, sports day, the
 * staff meeting and visiting day (past), prize giving still ahead, and next term's planned events.
 */
export async function fillDemoEvents(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const [s4] = await tx.db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.schoolId, schoolId), eq(classes.name, 'S4')));
    const by = 'School Administrator';
    const minutesAt = (day: string) => new Date(`${day}T17:30:00+03:00`);
    const pta = weekendBefore(-40, 6);
    const board = dayFrom(-26);
    const staffMeeting = dayFrom(-4);
    const rows: Event[] = [
      {
        schoolId,
        title: 'Term 3 General PTA Meeting',
        eventType: 'pta',
        onDate: pta,
        startsAt: '10:00',
        endsAt: '14:00',
        venue: 'Main Hall',
        invited: ['parents', 'staff'],
        invitedNote: 'Guest of honour: the District Education Officer',
        description: 'The termly general meeting of parents and teachers.',
        createdBy: by,
        minutesPresent: ptaPresent.join('\n'),
        minutesApologies: 'Mr. Byaruhanga Moses (PTA Treasurer), travelling',
        minutesAgenda: ptaAgenda.join('\n'),
        minutesResolutions: ptaResolutions.join('\n'),
        minutesActions: ptaActions.join('\n'),
        minutesRecordedAt: minutesAt(pta),
        minutesRecordedBy: 'Mr. Okot Denis (Secretary)',
      },
      {
        schoolId,
        title: 'Board of Governors Meeting',
        eventType: 'board',
        onDate: board,
        startsAt: '09:00',
        endsAt: '13:00',
        venue: 'Board Room',
        invited: ['board'],
        createdBy: by,
        minutesPresent: [
          'Rev. Canon Mukasa Samuel (Chairperson)',
          'Mrs. Nakato Harriet (Head Teacher, Secretary)',
          'Dr. Kiggundu Paul',
          'Mrs. Achieng Rose',
          'Mr. Ssemwogerere John (PTA Chairperson)',
          'Ms. Auma Grace (Bursar, in attendance)',
        ].join('\n'),
        minutesAgenda: [
          'Confirmation of the previous minutes',
          'Budget performance for Term 3',
          'Staffing: two science teachers',
          'Girls’ dormitory proposal from the PTA',
        ].join('\n'),
        minutesResolutions: [
          'Term 3 budget performance report adopted',
          'Head Teacher to recruit a Physics and a Chemistry teacher on the school’s payroll',
          'The girls’ dormitory approved in principle, subject to three quotations',
        ].join('\n'),
        minutesActions: [
          'Head Teacher to advertise the two teaching posts — by next week',
          'Bursar to present the 2027 draft budget at the next meeting',
        ].join('\n'),
        minutesRecordedAt: minutesAt(board),
        minutesRecordedBy: 'Mrs. Nakato Harriet',
      },
      ...[
        ['Term 1 General PTA Meeting', weekendBefore(-250, 6), '198 parents and guardians\n35 teachers'],
        ['Term 2 General PTA Meeting', weekendBefore(-150, 6), '176 parents and guardians\n36 teachers'],
      ].map(
        ([title, onDate, present]): Event => ({
          schoolId,
          title,
          eventType: 'pta',
          onDate,
          startsAt: '10:00',
          endsAt: '13:30',
          venue: 'Main Hall',
          invited: ['parents', 'staff'],
          createdBy: by,
          minutesPresent: `Mr. Ssemwogerere John (PTA Chairperson)\nMrs. Nakato Harriet (Head Teacher)\n${present}`,
          minutesAgenda: "Head Teacher's report\nBursar's report\nAny other business",
          minutesResolutions: 'Minutes of the last meeting confirmed\nFees to be paid through the bank only',
          minutesActions: 'Bursar to publish the bank account details on the notice board — this week',
          minutesRecordedAt: minutesAt(onDate),
          minutesRecordedBy: 'Mr. Okot Denis (Secretary)',
        }),
      ),
      {
        schoolId,
        title: 'Inter-house Sports Day',
        eventType: 'sports',
        onDate: weekendBefore(-19, 6),
        startsAt: '08:30',
        endsAt: '17:00',
        venue: 'School playground',
        invited: ['students', 'staff', 'parents'],
        description: 'Athletics and ball games between the four houses; prizes at the close.',
        createdBy: by,
      },
      {
        schoolId,
        title: 'Visiting Day',
        eventType: 'visiting_day',
        onDate: weekendBefore(-8, 0),
        startsAt: '09:00',
        endsAt: '17:00',
        venue: 'School compound',
        invited: ['parents'],
        description: 'Parents visit boarders; no student leaves the compound.',
        createdBy: by,
      },
      {
        schoolId,
        title: 'Staff Meeting: End of Term Examinations',
        eventType: 'staff',
        onDate: staffMeeting,
        startsAt: '16:00',
        endsAt: '17:30',
        venue: 'Staff Room',
        invited: ['staff'],
        createdBy: by,
        minutesPresent: '34 teaching staff\n6 non-teaching staff',
        minutesApologies: 'Mr. Ouma (sick)',
        minutesAgenda: 'End of term examination timetable\nMarks entry deadline\nReport cards',
        minutesResolutions: 'All marks entered by Friday of exam week\nReport cards issued on closing day',
        minutesActions: 'Director of Studies to share the exam timetable — tomorrow',
        minutesRecordedAt: minutesAt(staffMeeting),
        minutesRecordedBy: 'Director of Studies',
      },
      {
        schoolId,
        title: 'Speech and Prize Giving Day',
        eventType: 'prize_giving',
        onDate: dayFrom(6),
        startsAt: '10:00',
        endsAt: '15:00',
        venue: 'Main Hall',
        invited: ['parents', 'students', 'staff', 'board'],
        invitedNote: 'Guest of honour: the Resident District Commissioner',
        createdBy: by,
      },
      {
        schoolId,
        title: 'S4 Candidates’ Parents Meeting',
        eventType: 'pta',
        onDate: dayFrom(75),
        startsAt: '10:00',
        venue: 'Main Hall',
        invited: s4 ? ['parents', 'class'] : ['parents'],
        classId: s4?.id ?? null,
        description: 'UCE preparation, holiday classes and registration fees.',
        createdBy: by,
      },
      {
        schoolId,
        title: 'Beginning of Term Staff Meeting',
        eventType: 'staff',
        onDate: dayFrom(68),
        startsAt: '09:00',
        venue: 'Staff Room',
        invited: ['staff'],
        createdBy: by,
      },
      {
        schoolId,
        title: 'Term 1 Board of Governors Meeting',
        eventType: 'board',
        onDate: dayFrom(95),
        startsAt: '09:00',
        venue: 'Board Room',
        invited: ['board'],
        createdBy: by,
      },
    ];
    await tx.db.insert(events).values(rows);
  });
}

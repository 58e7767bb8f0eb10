import { date, index, integer, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

/** Each year's three terms: opening and closing dates, and "next term begins" printed on reports. */
export const termDates = schoolTable(
  'term_dates',
  {
    ...tenantColumns(),
    year: integer().notNull(),
    term: integer().notNull(),
    opensOn: date('opens_on').notNull(),
    closesOn: date('closes_on').notNull(),
    nextTermBegins: date('next_term_begins'),
  },
  (t) => [
    uniqueIndex('term_dates_school_year_term').on(t.schoolId, t.year, t.term),
    index('term_dates_school').on(t.schoolId),
  ],
);

/** The Ministry of Education calendar (DOMAIN.md §5.1); other years follow the same pattern. */
export const ministryCalendar: Record<number, [string, string][]> = {
  2025: [
    ['2025-02-03', '2025-05-02'],
    ['2025-05-26', '2025-08-22'],
    ['2025-09-15', '2025-12-05'],
  ],
  2026: [
    ['2026-02-02', '2026-05-01'],
    ['2026-05-25', '2026-08-22'],
    ['2026-09-14', '2026-12-04'],
  ],
};

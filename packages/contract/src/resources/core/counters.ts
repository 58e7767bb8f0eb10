import { integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { schools, schoolTable } from '../../resource.js';

/**
 * Gapless numbers per school (receipts, pass-outs, admission numbers): the row is locked and bumped in
 * the same transaction as the record that takes the number, never a database sequence.
 */
export const counters = schoolTable(
  'counters',
  {
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
    name: text().notNull(),
    value: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.name] })],
);

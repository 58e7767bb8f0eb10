import { boolean, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { students } from './students.js';

/** Student portal accounts: the user name is the admission number; the school sets the password. */
export const studentAccounts = schoolTable(
  'student_accounts',
  {
    ...tenantColumns(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    username: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    active: boolean().notNull().default(true),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('student_accounts_student').on(t.schoolId, t.studentId),
    uniqueIndex('student_accounts_username').on(t.schoolId, t.username),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, date, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

/**
 * The staff register's tables, apart from their declarations (staff.ts) so that a stream can name its
 * class teacher without an import cycle (staff.ts imports streams for the teaching load).
 */

/** Head Teacher, Director of Studies, Bursar, Teacher… */
export const staffPositions = schoolTable('staff_positions', { ...tenantColumns(), name: text().notNull() }, (t) => [
  uniqueIndex('staff_positions_school_name').on(t.schoolId, sql`lower(${t.name})`),
]);

/**
 * The staff register. Initials are printed on marksheets and report cards beside the teacher's
 * comment, so they are unique in a school. `user_id` is the staff member's sign-in: users live in the
 * API's own schema, which the contract does not import, so there is no foreign key (the staff area
 * checks the user is the school's).
 */
export const staff = schoolTable(
  'staff',
  {
    ...tenantColumns(),
    name: text().notNull(),
    initials: text().notNull(),
    positionId: integer('position_id').references(() => staffPositions.id),
    gender: text(),
    phone: text(),
    email: text(),
    nin: text(),
    tin: text(),
    nssfNumber: text('nssf_number'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    joinedOn: date('joined_on'),
    /** Monthly basic salary in UGX; payroll comes later. */
    basicSalary: integer('basic_salary').notNull().default(0),
    /** Not resident in Uganda for tax: PAYE from the first shilling, by the non-resident bands (DOMAIN §6.1). */
    nonResident: boolean('non_resident').notNull().default(false),
    active: boolean().notNull().default(true),
    /** The staff member's own sign-in, so a teacher enters their own marks (users are the API's table). */
    userId: integer('user_id'),
  },
  (t) => [
    uniqueIndex('staff_school_name').on(t.schoolId, sql`lower(${t.name})`),
    uniqueIndex('staff_user').on(t.schoolId, t.userId),
    uniqueIndex('staff_school_initials').on(t.schoolId, sql`lower(${t.initials})`),
  ],
);

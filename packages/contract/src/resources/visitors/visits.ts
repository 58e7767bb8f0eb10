import { index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';
import { staff } from '../staff/staff.js';
import { students } from '../students/students.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Its own file, which the web app never imports, so the table stays out of the app's chunks.
/**
 * One visit in the visitors book: who came, whom they saw (a student, a staff member or an office), why,
 * and when they came in and left (the server's clock). Status goes open → closed; a mistake is deleted
 * with a reason and stays in the book marked deleted.
 */
export const visitorVisits = schoolTable(
  'visitor_visits',
  {
    ...tenantColumns(),
    visitorName: text('visitor_name').notNull(),
    /** Stored as +256…, see phone.ts. */
    phone: text(),
    idType: text('id_type'),
    idNumber: text('id_number'),
    /** Residence or organisation. */
    fromWhere: text('from_where'),
    visitorType: text('visitor_type').notNull(),
    purpose: text().notNull(),
    /** student, staff or office. */
    whom: text().notNull(),
    studentId: integer('student_id').references(() => students.id),
    relationship: text(),
    staffId: integer('staff_id').references(() => staff.id),
    office: text(),
    itemsBrought: text('items_brought'),
    vehicleReg: text('vehicle_reg'),
    badgeNo: text('badge_no'),
    remarks: text(),
    /** Why a student was visited outside the school's visiting hours (an emergency…); none inside them. */
    outsideHoursReason: text('outside_hours_reason'),
    timeIn: at('time_in').notNull(),
    timeOut: at('time_out'),
    recordedBy: text('recorded_by').notNull(),
    closedBy: text('closed_by'),
    status: text().notNull().default('open'),
    deleteReason: text('delete_reason'),
    deletedAt: at('deleted_at'),
    deletedBy: text('deleted_by'),
  },
  (t) => [
    index('visitor_visits_school_time').on(t.schoolId, t.timeIn),
    index('visitor_visits_student').on(t.schoolId, t.studentId),
  ],
);

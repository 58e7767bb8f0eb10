import { boolean, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { passOutStatuses, passOutTypes } from '../../options.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { students } from './students.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Pass-outs (exeats): a printed pass for a student leaving school during term. */
export const passOuts = schoolTable(
  'pass_outs',
  {
    ...tenantColumns(),
    passNo: integer('pass_no').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    type: text().notNull(),
    reason: text().notNull(),
    destination: text(),
    timeOut: at('time_out').notNull(),
    expectedReturn: at('expected_return').notNull(),
    returnedAt: at('returned_at'),
    collectorName: text('collector_name'),
    collectorRelationship: text('collector_relationship'),
    collectorPhone: text('collector_phone'),
    collectorIdNo: text('collector_id_no'),
    authorisedBy: text('authorised_by').notNull(),
    status: text().notNull().default('out'),
    parentNotified: boolean('parent_notified').notNull().default(false),
  },
  (t) => [uniqueIndex('pass_outs_school_no').on(t.schoolId, t.passNo), index('pass_outs_student').on(t.studentId)],
);

/** Created by a verb (it takes the next pass number); changed and removed through the engine. */
export const passOutResource = defineResource(passOuts, {
  path: 'pass_outs',
  module: 'students',
  label: { one: 'Pass Out', many: 'Pass Outs' },
  access: 'print_student_passouts',
  titleField: 'reason',
  fields: {
    studentId: { label: 'Student', references: 'students' },
    type: { label: 'Type', options: passOutTypes },
    reason: { label: 'Reason', max: 300 },
    destination: { label: 'Destination', max: 120 },
    timeOut: { label: 'Time out' },
    expectedReturn: { label: 'Expected return' },
    returnedAt: { label: 'Returned at' },
    collectorName: { label: 'Collected by', max: 120 },
    collectorRelationship: { label: 'Relationship', max: 60 },
    collectorPhone: { label: 'Phone', kind: 'phone', max: 30 },
    collectorIdNo: { label: 'ID / NIN', max: 30 },
    authorisedBy: { label: 'Authorised by', max: 120 },
    status: { label: 'Status', options: passOutStatuses, required: false },
    parentNotified: { label: 'Parent notified' },
  },
  list: {
    columns: ['studentId', 'type', 'reason', 'timeOut', 'expectedReturn', 'status'],
    search: ['reason', 'collectorName'],
    filters: ['status', 'type'],
  },
  texts: {
    added: 'Pass Out added Successfully',
    updated: 'Pass Out updated Successfully',
    deleted: 'Pass Out deleted Successfully',
    addFailed: 'Pass Out Not added',
    updateFailed: 'Pass Out Not Updated',
    deleteFailed: 'Pass Out Not deleted',
  },
  calls: ['update', 'delete'],
});

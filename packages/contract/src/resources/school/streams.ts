import { sql } from 'drizzle-orm';
import { integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { staff } from '../staff/register.js';
import { classes } from './classes.js';

/** A class's streams: S1 East, S1 West… */
export const streams = schoolTable(
  'streams',
  {
    ...tenantColumns(),
    classId: integer('class_id')
      .notNull()
      .references(() => classes.id),
    name: text().notNull(),
    /** The staff member who writes the class teacher's comment on the stream's report cards. */
    classTeacherId: integer('class_teacher_id').references(() => staff.id),
  },
  (t) => [uniqueIndex('streams_class_name').on(t.schoolId, t.classId, sql`lower(${t.name})`)],
);

export const streamResource = defineResource(streams, {
  path: 'streams',
  module: 'settings',
  label: { one: 'Stream', many: 'Streams' },
  access: { read: 'everyone', write: 'view_streams' },
  titleField: 'name',
  fields: {
    classId: { label: 'Class', references: 'classes' },
    name: { label: 'Stream', max: 40 },
    classTeacherId: { label: 'Class teacher', references: 'staff' },
  },
  list: { columns: ['classId', 'name', 'classTeacherId'], filters: ['classId'], defaultSort: 'classId' },
  unique: [['classId', 'name']],
  texts: { added: 'Stream {name} added successfully' },
  refusalAsSuccess: true,
});

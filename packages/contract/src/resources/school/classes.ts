import { sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { curricula, levels } from '../../options.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

/** S1–S6: each class has a level, the curriculum it follows, its place in the school and the class it promotes to. */
export const classes = schoolTable(
  'classes',
  {
    ...tenantColumns(),
    name: text().notNull(),
    level: text().notNull(),
    curriculum: text().notNull(),
    rank: integer().notNull().default(0),
    /** Where migration sends its students at year end; none means they leave (S4, S6). */
    promotesToId: integer('promotes_to_id').references((): AnyPgColumn => classes.id),
  },
  (t) => [uniqueIndex('classes_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const classResource = defineResource(classes, {
  path: 'classes',
  module: 'settings',
  label: { one: 'Class', many: 'Classes' },
  access: { read: 'everyone', write: 'view_streams' },
  titleField: 'name',
  fields: {
    name: { label: 'Class', max: 40 },
    level: { label: 'Level', options: levels },
    curriculum: { label: 'Curriculum', options: curricula },
    rank: { label: 'Order', min: 0, max: 99 },
    promotesToId: { label: 'Promotes to', references: 'classes' },
  },
  list: {
    columns: ['name', 'level', 'curriculum', 'promotesToId'],
    filters: ['level', 'curriculum'],
    defaultSort: 'rank',
  },
  unique: [['name']],
  texts: { added: 'Class {name} added successfully' },
  refusalAsSuccess: true,
});

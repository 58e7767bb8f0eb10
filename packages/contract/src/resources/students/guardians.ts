import { index, text } from 'drizzle-orm/pg-core';
import { relationships } from '../../options.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

/** Parents and guardians; one guardian may be linked to several students (siblings). */
export const guardians = schoolTable(
  'guardians',
  {
    ...tenantColumns(),
    name: text().notNull(),
    relationship: text().notNull().default('Guardian'),
    phone: text().notNull(),
    altPhone: text('alt_phone'),
    email: text(),
    occupation: text(),
    address: text(),
    /** National identification number, checked when they collect a student. */
    nin: text(),
  },
  (t) => [
    index('guardians_school').on(t.schoolId),
    // The parents' line finds a caller's children by their number, before the school is known.
    index('guardians_phone').on(t.phone),
    index('guardians_alt_phone').on(t.altPhone),
  ],
);

export const guardianResource = defineResource(guardians, {
  path: 'guardians',
  module: 'students',
  label: { one: 'Guardian', many: 'Guardians' },
  access: 'view_students',
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 120 },
    relationship: { label: 'Relationship', options: relationships, required: true },
    phone: { label: 'Phone', kind: 'phone', max: 30 },
    altPhone: { label: 'Other phone', kind: 'phone', max: 30 },
    email: { label: 'E-mail', kind: 'email' },
    occupation: { label: 'Occupation', max: 120 },
    address: { label: 'Address', max: 200 },
    nin: { label: 'NIN', max: 20 },
  },
  list: {
    columns: ['name', 'relationship', 'phone', 'email', 'occupation'],
    search: ['name', 'phone', 'altPhone', 'email', 'nin'],
    filters: ['relationship'],
  },
  texts: { addFailed: 'Failed to add Guardian' },
});

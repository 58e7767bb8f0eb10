import { customType, index, integer, text } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded files (school logo, student photos), kept in the database so that a backup of the
 * database is a backup of everything. Images are resized before they are stored.
 */
export const files = schoolTable(
  'files',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (t) => [index('files_school').on(t.schoolId)],
);

import { customType, index, integer, text } from 'drizzle-orm/pg-core';
import { schoolTable, tenantColumns } from '../../resource.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Uploaded and generated files (school logo, student photos, staff resources, printed batches).
 * Their bytes are in `bytes` (the default: a backup of the database is a backup of everything) or,
 * per the server's FILE_STORAGE, on disk or in an S3 bucket under `storage_key`. Images are resized
 * before they are stored.
 */
export const files = schoolTable(
  'files',
  {
    ...tenantColumns(),
    kind: text().notNull(),
    mime: text().notNull(),
    size: integer().notNull(),
    bytes: bytea(),
    storageKey: text('storage_key'),
  },
  (t) => [index('files_school').on(t.schoolId)],
);

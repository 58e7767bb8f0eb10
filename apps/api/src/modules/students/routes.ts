import type { ModuleContext } from '../module.js';
import { admissionRoutes } from './admission/add.js';
import { importRoutes } from './admission/import.js';
import { idCardRoutes } from './documents/id-cards.js';
import { passOutRoutes } from './documents/pass-outs.js';
import { migrationRoutes } from './promotion/migration.js';
import { accountRoutes } from './records/accounts.js';
import { bulkEditRoutes } from './records/bulk-edit.js';
import { listRoutes } from './records/lists.js';
import { photoRoutes } from './records/photos.js';
import { profileRoutes } from './records/profile.js';
import { summaryRoutes } from './records/summary.js';

/** The student register: admissions, lists, profile, bulk edits, migration, imports, photos, accounts, ID cards, pass-outs. */
export function studentRoutes(ctx: ModuleContext) {
  admissionRoutes(ctx);
  listRoutes(ctx);
  profileRoutes(ctx);
  summaryRoutes(ctx);
  bulkEditRoutes(ctx);
  migrationRoutes(ctx);
  importRoutes(ctx);
  photoRoutes(ctx);
  accountRoutes(ctx);
  idCardRoutes(ctx);
  passOutRoutes(ctx);
}

import type { ModuleContext } from '../module.js';
import { accountRoutes } from './accounts.js';
import { admissionRoutes } from './admissions.js';
import { bulkEditRoutes } from './bulk-edit.js';
import { idCardRoutes } from './id-cards.js';
import { importRoutes } from './imports.js';
import { listRoutes } from './lists.js';
import { migrationRoutes } from './migration.js';
import { passOutRoutes } from './pass-outs.js';
import { photoRoutes } from './photos.js';
import { profileRoutes } from './profile.js';
import { summaryRoutes } from './summary.js';

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

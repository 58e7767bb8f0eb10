// The operations area's public face: the server's health and readiness, and its backups, for an operator.
import type { Area } from '../module.js';
import { backupRoutes, operationsRoutes } from './routes.js';

export { backupFileName, scheduleBackups } from './backup-runs.js';
export { BackupRefused, restoreBackup, writeBackup } from './backups.js';
export { ImportRefused } from './import-words.js';
export { exportSchool } from './school-export.js';
export {
  defaultImportLimits,
  firstPasswordLinks,
  type Imported,
  type ImportLimits,
  importLimitsFrom,
  importSchool,
} from './school-import.js';

/** The operations area as the app registers it (`modules/areas.ts`): its parts' routes in this order. */
export const area: Area = {
  name: 'operations',
  routes(ctx) {
    operationsRoutes(ctx);
    backupRoutes(ctx);
  },
};

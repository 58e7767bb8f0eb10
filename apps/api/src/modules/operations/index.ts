// The operations area's public face: the server's health and readiness, and its backups, for an operator.

export { backupFileName, scheduleBackups } from './backup-runs.js';
export { BackupRefused, restoreBackup, writeBackup } from './backups.js';
export { backupRoutes, operationsRoutes } from './routes.js';
export { exportSchool, importSchool } from './school-export.js';

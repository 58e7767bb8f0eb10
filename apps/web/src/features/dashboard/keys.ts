/** The dashboard's query keys (lib/query-keys.ts). */
export const dashboardKeys = { figures: ['dashboard'] as const, exams: ['dashboard_exams'] as const };

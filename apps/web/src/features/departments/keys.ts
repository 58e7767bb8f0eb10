/** Departments' query keys (lib/query-keys.ts). */
export const departmentKeys = {
  resources: (category: unknown, search: unknown) => ['staff_resources', category, search] as const,
  reports: (departmentId: unknown, status: unknown) => ['department_reports', departmentId, status] as const,
};

/** The attendance area's query keys (lib/query-keys.ts). */
export const attendanceKeys = {
  all: ['attendance'] as const,
  gate: (person: string, mode: string) => ['attendance', person, mode] as const,
};

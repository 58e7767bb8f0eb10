/** The visitors area's query keys (lib/query-keys.ts). */
export const visitorKeys = {
  list: ['visitors'] as const,
  student: (studentId: number) => ['visitors', 'student', studentId] as const,
};

/** The subjects area's query keys (lib/query-keys.ts). */
export const subjectKeys = {
  combinations: (choice: unknown) => ['class-combinations', choice] as const,
  consideredPapers: (classId: unknown) => ['considered-papers', classId] as const,
  optional: (choice: unknown) => ['optional-subjects', choice] as const,
};

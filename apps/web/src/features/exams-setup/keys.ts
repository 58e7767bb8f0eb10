/** Exam set-up's query keys (lib/query-keys.ts). */
export const examSetupKeys = {
  grading: ['grading'] as const,
  consideredSets: (input: unknown) => ['considered-sets', input] as const,
  reportSettings: ['report_settings'] as const,
  competences: ['competences'] as const,
  competencesOf: (term: unknown, classId: unknown, subjectId: unknown) =>
    ['competences', term, classId, subjectId] as const,
};

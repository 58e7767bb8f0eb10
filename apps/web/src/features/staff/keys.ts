/** The staff area's query keys (lib/query-keys.ts); the staff list itself is `resourceKey('staff')`. */
export const staffKeys = {
  profile: (id: number) => ['staff', 'profile', id] as const,
  teachingLoadAll: ['teaching-load-grid'] as const,
  teachingLoad: (classId: unknown) => ['teaching-load-grid', classId] as const,
};

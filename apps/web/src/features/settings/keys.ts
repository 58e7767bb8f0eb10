/** Settings' query keys (lib/query-keys.ts); the school's current settings are `currentSettingsKey` (lib). */
export const settingsKeys = {
  backups: ['backups'] as const,
  termDatesAll: ['term-dates'] as const,
  termDates: (year: unknown) => ['term-dates', year] as const,
  curriculum: ['curriculum'] as const,
};

/**
 * Choices offered in forms and checked by the server, kept apart from the table declarations so that
 * screens using them do not load drizzle.
 */

export const levels = [
  { value: 'olevel', label: 'O Level (S1–S4)' },
  { value: 'alevel', label: 'A Level (S5–S6)' },
] as const;

export const curricula = [
  { value: 'new', label: 'New lower secondary curriculum' },
  { value: 'old', label: 'Old O Level curriculum' },
  { value: 'alevel', label: 'A Level' },
] as const;

export const genders = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
] as const;

export const sections = [
  { value: 'day', label: 'Day' },
  { value: 'boarding', label: 'Boarding' },
] as const;

/** current: on the register; trashed: removed by mistake or pending deletion; left: an old student. */
export const studentStatuses = [
  { value: 'current', label: 'Current' },
  { value: 'trashed', label: 'Trashed' },
  { value: 'left', label: 'Left' },
] as const;

export const relationships = [
  'Father',
  'Mother',
  'Guardian',
  'Uncle',
  'Aunt',
  'Grandparent',
  'Brother',
  'Sister',
  'Sponsor',
  'Other',
].map((r) => ({ value: r, label: r }));

export const passOutTypes = [
  'Medical',
  'Home visit',
  'Emergency',
  'Official errand',
  'Fees',
  'Suspension',
  'Other',
].map((v) => ({
  value: v,
  label: v,
}));

export const passOutStatuses = [
  { value: 'out', label: 'Out' },
  { value: 'returned', label: 'Returned' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

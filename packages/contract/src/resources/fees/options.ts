/** Choices shared by the fees tables. */
export const sectionChoices = [
  { value: 'all', label: 'Day and boarding' },
  { value: 'day', label: 'Day' },
  { value: 'boarding', label: 'Boarding' },
] as const;

/** Ugandan students are nationals; others pay the international rate where a school has one. */
export const nationalityChoices = [
  { value: 'all', label: 'All students' },
  { value: 'national', label: 'Ugandans' },
  { value: 'international', label: 'Non-Ugandans' },
] as const;

/** New entrants (admitted that term) often pay admission, uniform and similar one-off items. */
export const entrantChoices = [
  { value: 'all', label: 'All students' },
  { value: 'new', label: 'New entrants only' },
] as const;

export const termChoices = [
  { value: '1', label: 'Term 1' },
  { value: '2', label: 'Term 2' },
  { value: '3', label: 'Term 3' },
] as const;

export const paymentModeKinds = [
  { value: 'cash', label: 'Cash' },
  { value: 'bank', label: 'Bank account' },
  { value: 'mobile_money', label: 'Mobile money' },
  { value: 'aggregator', label: 'SchoolPay / aggregator' },
] as const;

export const nationalityGroup = (nationality: string) =>
  /^ugand/i.test(nationality.trim()) ? 'national' : 'international';

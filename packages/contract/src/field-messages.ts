/**
 * Field errors as sentences (issue 9 §6): one error map for every zod schema of the API, so a 422
 * reads "Enter the amount" or "Amount must be at most 2,147,483,647", never zod's own "Expected
 * number, received null". A schema's own message (e.g. `money`'s "Enter a whole number of shillings")
 * still wins; this map only words the issues nobody worded. The API installs it with `z.config`.
 */

/**
 * The range every whole number the API takes must fit: every numeric column is PostgreSQL `integer`
 * (32-bit; a test checks every table), so this is each column's range, kept in this one place.
 */
export const wholeNumberRange = { min: -2_147_483_648, max: 2_147_483_647 } as const;

const numbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
/** 2147483647 → "2,147,483,647". */
export const formatNumber = (n: number | bigint) => numbers.format(n);

/** The screen's name of a field from its JSON path: `lines.0.unit_price` → "Unit price", `class_id` → "Class". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((p) => typeof p === 'string' && !/^\d+$/.test(p));
  if (typeof key !== 'string' || key === '') return 'This value';
  const words = key
    .replace(/_ids?$/, (m) => (m === '_ids' ? 's' : ''))
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const lower = (label: string) => (label === 'This value' ? 'this value' : label.toLowerCase());

const kinds: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
  nan: 'a number',
};

/** The parts of a zod issue the map reads (zod 4's raw issue, before its message is set). */
export interface FieldIssue {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  format?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
  inclusive?: boolean;
  divisor?: number;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** A sentence for one zod issue, naming the field as the screen labels it. */
export function fieldMessage(issue: FieldIssue): string {
  const path = issue.path ?? [];
  const label = fieldLabel(path);
  switch (issue.code) {
    case 'invalid_type': {
      if (path.length === 0 && issue.expected === 'object') return 'Send the details as a JSON object';
      if (issue.input === undefined || issue.input === null || issue.input === '') return `Enter the ${lower(label)}`;
      return `${label} must be ${kinds[issue.expected ?? ''] ?? 'of another kind'}`;
    }
    case 'too_big': {
      const max = issue.maximum ?? 0;
      if (issue.origin === 'string') return `${label} is too long: at most ${formatNumber(max)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${label} can have at most ${formatNumber(max)} entries`;
      if (issue.origin === 'date') return `${label} is too late`;
      return issue.inclusive === false
        ? `${label} must be less than ${formatNumber(max)}`
        : `${label} must be at most ${formatNumber(max)}`;
    }
    case 'too_small': {
      const min = issue.minimum ?? 0;
      if (issue.origin === 'string')
        return Number(min) <= 1
          ? `Enter the ${lower(label)}`
          : `${label} needs at least ${formatNumber(min)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return Number(min) <= 1
          ? `Add at least one to ${lower(label)}`
          : `${label} needs at least ${formatNumber(min)} entries`;
      if (issue.origin === 'date') return `${label} is too early`;
      if (Number(min) === 0 && issue.inclusive === false) return `${label} must be more than 0`;
      return issue.inclusive === false
        ? `${label} must be more than ${formatNumber(min)}`
        : `${label} must be at least ${formatNumber(min)}`;
    }
    case 'invalid_format': {
      if (issue.format === 'date') return `${label} must be a date`;
      if (issue.format === 'datetime') return `${label} must be a date and time`;
      if (issue.format === 'time') return `${label} must be a time`;
      if (issue.format === 'email') return `${label} must be an e-mail address`;
      return `${label} is not written the right way`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${formatNumber(issue.divisor ?? 1)}`;
    case 'invalid_value': {
      const values = (issue.values ?? []).map(String).filter((v) => v !== '');
      return values.length === 1 ? `${label} must be ${values[0]}` : `${label} must be one of: ${values.join(', ')}`;
    }
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return `Remove the unknown field${keys.length === 1 ? '' : 's'} ${keys.join(', ')}`;
    }
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return `Check the ${lower(label)}`;
    default:
      return `Check the ${lower(label)}`;
  }
}

/** The message of a text field holding a character PostgreSQL cannot store (NUL). */
export const controlCharacterMessage = (path: readonly PropertyKey[]) =>
  `Remove the control characters from ${fieldLabel(path)}`;

/** The message of a whole number outside its column's range. */
export const outOfRangeMessage = (path: readonly PropertyKey[], n: number) =>
  n > wholeNumberRange.max
    ? `${fieldLabel(path)} must be at most ${formatNumber(wholeNumberRange.max)}`
    : `${fieldLabel(path)} must be at least ${formatNumber(wholeNumberRange.min)}`;

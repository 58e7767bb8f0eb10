import { z } from 'zod';

/**
 * Phones are kept in one form (issue 9 §5): a Ugandan number as `+256` and its nine digits
 * (`+256772123456`), another country's as `+` and its digits. People type and read the 07… form;
 * `phoneDisplay` gives it back. Pure, for the API, the web and the data migration's rule alike.
 */

export const phoneMessage = 'Enter a phone number such as 0772 123456';

/** Spaces, dots, dashes and brackets people type between digits. */
const separators = /[\s().-]/g;

/** The one stored form of a typed phone, or null when it is not a phone number. */
export function normalisePhone(typed: string): string | null {
  const raw = typed.trim().replace(separators, '');
  if (!/^\+?\d+$/.test(raw)) return null;
  const digits = raw.replace('+', '');
  // Uganda: 0772123456, 772123456, 256772123456, +256772123456 (and the odd +2560772123456).
  if (/^0\d{9}$/.test(digits) && !raw.startsWith('+')) return `+256${digits.slice(1)}`;
  if (/^[1-9]\d{8}$/.test(digits) && !raw.startsWith('+')) return `+256${digits}`;
  if (/^2560?\d{9}$/.test(digits)) return `+256${digits.slice(-9)}`;
  // Elsewhere: an international number written with its +, 7 to 15 digits (ITU E.164).
  if (raw.startsWith('+') && /^[1-9]\d{6,14}$/.test(digits)) return `+${digits}`;
  return null;
}

/** A stored phone as the app shows it: `+256772123456` → `0772 123456`; others as they are. */
export function phoneDisplay(stored: string | null | undefined): string {
  if (!stored) return '';
  const m = /^\+256(\d{3})(\d{6})$/.exec(stored);
  return m ? `0${m[1]} ${m[2]}` : stored;
}

/**
 * The digits a phone-like search term matches inside stored phones (digits only), without the
 * country code or trunk 0 of a whole Ugandan number, so "0772 123456", "+256772123456" and
 * "772123456" all find "+256772123456". Null when the term is not phone-like; a fragment of six or
 * more digits ("091723") is kept as typed.
 */
export function phoneSearchDigits(term: string): string | null {
  if (!/^[\d\s+().-]+$/.test(term.trim())) return null;
  let digits = term.replace(/\D/g, '');
  if (/^0\d{9}$/.test(digits)) digits = digits.slice(1);
  else if (/^2560?\d{9}$/.test(digits)) digits = digits.slice(-9);
  return digits.length >= 6 ? digits : null;
}

/** A required phone input: trimmed, normalised, refused with `phoneMessage` (or the given one). */
export const phoneInput = (message = phoneMessage) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(40, message)
    // A refinement, not a failing transform: its issue does not abort, so inside a union (a guardian
    // new or existing) the field's own message reaches the form instead of "Check the guardians".
    .refine((s) => normalisePhone(s) !== null, message)
    .transform((s) => normalisePhone(s) as string);

/** An optional phone: empty or null means none. */
export const optionalPhoneInput = (message = phoneMessage) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), phoneInput(message).nullable().optional());

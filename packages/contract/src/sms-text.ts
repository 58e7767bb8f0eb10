/**
 * The GSM 03.38 alphabet an SMS is written in, shared by the server (counting parts and credits) and
 * the message editors (pointing out the characters that make a message Unicode, which costs about
 * double: 70 characters a message instead of 160).
 */

/** GSM 03.38's basic alphabet (one septet each). */
const gsmBasic = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: each is sent as an escape and the character, so it counts twice. */
export const gsmExtension: ReadonlySet<string> = new Set('^{}\\[~]|€\f');

export type SmsEncoding = 'gsm' | 'unicode';

const inGsm = (ch: string) => gsmBasic.has(ch) || gsmExtension.has(ch);

/** 'gsm' when every character is in the GSM alphabet (basic or extension), else 'unicode'. */
export function smsEncoding(text: string): SmsEncoding {
  for (const ch of text) if (!inGsm(ch)) return 'unicode';
  return 'gsm';
}

/** Typographic characters (curly quotes, long dashes, spaces a word processor puts in) and their plain ones. */
const plainOf: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '•': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u2002': ' ',
  '\u2003': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
  '\u200b': '',
  '\u200c': '',
  '\u200d': '',
  '\ufeff': '',
  '×': 'x',
};

/** A character's plain GSM form: a typographic one's, an accented letter without its accent, else null. */
function plainCharacter(ch: string): string | null {
  if (ch in plainOf) return plainOf[ch];
  const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
  return bare && bare !== ch && [...bare].every(inGsm) ? bare : null;
}

/** The characters of a text that make it Unicode, each once, in order, and whether each has a plain form. */
export function unicodeCharacters(text: string): { character: string; plain: string | null }[] {
  const seen = new Set<string>();
  const out: { character: string; plain: string | null }[] = [];
  for (const ch of text) {
    if (inGsm(ch) || seen.has(ch)) continue;
    seen.add(ch);
    out.push({ character: ch, plain: plainCharacter(ch) });
  }
  return out;
}

/** The text with every character that has a plain form replaced by it (others, such as emoji, are left). */
export const plainSmsText = (text: string) =>
  Array.from(text, (ch) => (inGsm(ch) ? ch : (plainCharacter(ch) ?? ch))).join('');

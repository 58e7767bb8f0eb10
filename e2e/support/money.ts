/** An amount as the app shows it with its currency: 1250000 → "UGX 1,250,000". */
export const ugx = (n: number) => `UGX ${n.toLocaleString('en-GB')}`;

/** An amount as a table cell shows it: 1250000 → "1,250,000". */
export const plain = (n: number) => n.toLocaleString('en-GB');

/** "UGX 1,250,000" or "1,250,000" → 1250000. */
export const num = (text: string) => Number(text.replace(/[^0-9-]/g, ''));

import type PDFKit from 'pdfkit';
import type Pdfmake from 'pdfmake';
import type { Content, CustomTableLayout, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { SchoolForDocuments } from './types.js';

// The fourteen PDF standard fonts are built into every reader, so no font files ship with the API.
const helvetica = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
};
const standardFonts = new Set(Object.values(helvetica));

/** pdfmake and pdfkit take a sixth of a second to load: they are loaded by the first PDF, not at start-up. */
let loaded: Promise<typeof Pdfmake> | undefined;
let kitLoaded: Promise<typeof PDFKit> | undefined;

/** pdfkit, its standard fonts' metrics read once for every document (documents drawn straight on it). */
export function pdfkitReady() {
  kitLoaded ??= import('pdfkit').then(({ default: pdfkit }) => {
    keepStandardFontMetrics(pdfkit);
    return pdfkit;
  });
  return kitLoaded;
}

function pdfmakeReady() {
  loaded ??= Promise.all([import('pdfmake'), pdfkitReady()]).then(([{ default: pdfmake }]) => {
    pdfmake.setFonts({ Helvetica: helvetica });
    // Documents are built from the database only: never fetch a URL, and read no file but the standard fonts.
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => standardFonts.has(path));
    return pdfmake;
  });
  return loaded;
}

// The standard fonts write Windows-1252 (WinAnsi): any other character would print as a wrong glyph
// ("→" as "!’"). Such characters are written in words or their nearest plain form instead.
const winAnsiExtra = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const otherClass = `[^\\t\\n\\r\\x20-\\x7e\\xa0-\\xff${winAnsiExtra}]`;
const hasOther = new RegExp(otherClass, 'u');
const notWinAnsi = new RegExp(otherClass, 'gu');
const inWords: Record<string, string> = {
  '→': ' to ',
  '←': ' from ',
  '⇒': ' to ',
  '≤': '<=',
  '≥': '>=',
  '≠': 'not',
  '−': '-',
  ŋ: "ng'",
  Ŋ: "Ng'",
  '✓': 'yes',
  '✔': 'yes',
  '✗': 'no',
  '✘': 'no',
  '′': "'",
  '″': '"',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
};

/** A text the standard fonts print as written: characters outside Windows-1252 in words, else as "?". */
export function printable(text: string): string {
  if (!hasOther.test(text)) return text;
  return text
    .normalize('NFC')
    .replace(notWinAnsi, (c) => {
      if (c in inWords) return inWords[c] as string;
      // A letter with an accent the font lacks keeps its letter (ŵ as w); anything else is "?".
      const plain = c.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return plain && !hasOther.test(plain) ? plain : '?';
    })
    .replace(/ {2,}/g, ' ');
}

/**
 * Every string of a document made printable (images left as they are; only plain objects and arrays are
 * walked). A node is copied only where something in it changed: most documents come back as they were.
 */
function printableDoc<T>(node: T): T {
  if (typeof node === 'string') return printable(node) as T;
  if (Array.isArray(node)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < node.length; i++) {
      const value = printableDoc(node[i]);
      if (value === node[i]) continue;
      out ??= [...node];
      out[i] = value;
    }
    return (out ?? node) as T;
  }
  if (node && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
    let out: Record<string, unknown> | null = null;
    for (const key in node) {
      if (key === 'image' || key === 'images') continue;
      const value = (node as Record<string, unknown>)[key];
      const made = printableDoc(value);
      if (made === value) continue;
      out ??= { ...(node as Record<string, unknown>) };
      out[key] = made;
    }
    return (out ?? node) as T;
  }
  return node;
}

/**
 * pdfmake embeds an image given in place (a data URL) again at each use: the school's logo on 100 ID cards was
 * 100 copies (31 MB and 10 s for a 300 KB logo). Each distinct image is named once in the document's `images`
 * instead, and every use refers to its name: embedded once. Nodes are copied only where an image is named.
 */
function namedImages<T>(node: T, names: Map<string, string>): T {
  if (Array.isArray(node)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < node.length; i++) {
      const value = namedImages(node[i], names);
      if (value === node[i]) continue;
      out ??= [...node];
      out[i] = value;
    }
    return (out ?? node) as T;
  }
  if (node && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
    let out: Record<string, unknown> | null = null;
    for (const key in node) {
      if (key === 'images') continue;
      const value = (node as Record<string, unknown>)[key];
      let made = value;
      if (key === 'image' && typeof value === 'string' && value.startsWith('data:')) {
        made = names.get(value);
        if (made === undefined) {
          made = `image ${names.size + 1}`;
          names.set(value, made as string);
        }
      } else if (typeof value === 'object') made = namedImages(value, names);
      if (made === value) continue;
      out ??= { ...(node as Record<string, unknown>) };
      out[key] = made;
    }
    return (out ?? node) as T;
  }
  return node;
}

/** Renders a document definition to PDF bytes, in Helvetica unless the document says otherwise. */
export async function renderPdf(doc: TDocumentDefinitions): Promise<Buffer> {
  const pdfmake = await pdfmakeReady();
  const names = new Map<string, string>();
  const printed = namedImages(printableDoc(doc), names);
  const images: Record<string, string> = { ...(doc.images as Record<string, string> | undefined) };
  for (const [url, name] of names) images[name] = url;
  return pdfmake
    .createPdf({
      ...printed,
      ...(names.size ? { images } : {}),
      info: { creator: 'Somero', producer: 'Somero', ...doc.info },
      defaultStyle: { font: 'Helvetica', ...doc.defaultStyle },
    })
    .getBuffer();
}

/** A stored image as pdfmake takes it, or null when pdfmake cannot draw that format (it knows JPEG and PNG). */
export function pdfImage(image: { bytes: Uint8Array; mime: string } | null): string | null {
  if (!image || !['image/jpeg', 'image/png'].includes(image.mime)) return null;
  return `data:${image.mime};base64,${Buffer.from(image.bytes).toString('base64')}`;
}

/** One line of the school's contacts: "P.O. Box 1, Mbarara · 0772 000000 · info@school.ug". */
export function schoolContacts(school: SchoolForDocuments): string {
  return [school.address, school.phone, school.email].filter(Boolean).join('  ·  ');
}

const ruleBelow: CustomTableLayout = {
  hLineWidth: (i) => (i === 1 ? 0.8 : 0),
  vLineWidth: () => 0,
  paddingLeft: () => 0,
  paddingRight: () => 0,
  paddingTop: () => 0,
  paddingBottom: () => 5,
};

/** The heading every printed document starts with: logo, school name, motto, contacts, then the title. */
export function schoolHeader(school: SchoolForDocuments, title: string): Content {
  const logo = pdfImage(school.logo);
  const lines: Content[] = [{ text: school.name.toUpperCase(), bold: true, fontSize: 14 }];
  if (school.motto) lines.push({ text: `“${school.motto}”`, italics: true, fontSize: 8.5, margin: [0, 1, 0, 0] });
  const contacts = schoolContacts(school);
  if (contacts) lines.push({ text: contacts, fontSize: 7.5, margin: [0, 2, 0, 0] });

  // An empty column as wide as the logo keeps the name centred on the page.
  const logoWidth = 50;
  const identity: Content = logo
    ? {
        columns: [
          { width: logoWidth, image: logo, fit: [logoWidth, logoWidth] },
          { width: '*', stack: lines, alignment: 'center' },
          { width: logoWidth, text: '' },
        ],
        columnGap: 6,
      }
    : { stack: lines, alignment: 'center' };

  // A one-cell table whose bottom border is the rule under the school's name, as wide as the page allows.
  return {
    stack: [
      { table: { widths: ['*'], body: [[identity]] }, layout: ruleBelow },
      { text: title.toUpperCase(), bold: true, fontSize: 11, alignment: 'center', margin: [0, 5, 0, 0] },
    ],
    margin: [0, 0, 0, 10],
  };
}

/** The tables pdfkit fills when it parses a standard font's AFM metrics. */
interface FontMetrics {
  attributes: Record<string, unknown>;
  glyphWidths: Record<string, number>;
  boundingBoxes: Record<string, unknown>;
  kernPairs: Record<string, number>;
}

/**
 * pdfkit reads and parses a standard font's AFM file again for every document: a third of a receipt's
 * rendering time. The metrics never change and pdfkit only reads them after parsing, so the first parse
 * of each font is kept and every later document shares its tables. pdfkit does not export the parser's
 * class; it is reached through a document's default font. If a later pdfkit has another shape, nothing
 * is changed and pdfkit parses as before.
 */
type StandardFontClass = { prototype: { name: string; widthOfString: (text: string, size: number) => number } };

/**
 * A text's width in a standard font, worked out once per font and text: report cards measure the same
 * subjects, grades, marks and key lines on every page (pdfmake measures each word as it lays it out).
 */
function rememberWidths(font: StandardFontClass | undefined) {
  const widthOf = font?.prototype.widthOfString;
  if (!font || typeof widthOf !== 'function' || widthOf.length !== 2) return;
  const widths = new Map<string, number>();
  font.prototype.widthOfString = function rememberedWidth(text: string, size: number) {
    const key = `${this.name}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      if (widths.size > 200_000) widths.clear();
      width = widthOf.call(this, text, 1000);
      widths.set(key, width);
    }
    return width * (size / 1000);
  };
}

function keepStandardFontMetrics(PDFDocument: typeof PDFKit) {
  const probe = new PDFDocument({ autoFirstPage: false }) as unknown as { _font?: { font?: object } };
  rememberWidths(probe._font?.constructor as StandardFontClass | undefined);
  const parser = probe._font?.font?.constructor as { prototype: Record<string, unknown> } | undefined;
  const parse = parser?.prototype.parse;
  if (typeof parse !== 'function' || parse.length !== 1) return;
  const kept = new Map<string, FontMetrics>();
  parser!.prototype.parse = function parseOnce(this: FontMetrics, contents: string) {
    let metrics = kept.get(contents);
    if (!metrics) {
      parse.call(this, contents);
      metrics = {
        attributes: this.attributes,
        glyphWidths: this.glyphWidths,
        boundingBoxes: this.boundingBoxes,
        kernPairs: this.kernPairs,
      };
      kept.set(contents, metrics);
    }
    Object.assign(this, metrics);
  };
}

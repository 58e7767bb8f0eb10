import type PDFKit from 'pdfkit';
import { pdfkitReady, printable } from './pdf.js';

/**
 * Pages drawn straight on pdfkit, for the documents printed by the thousand (report cards): texts and
 * fixed-width tables laid out here in one pass, without pdfmake's general layout (a third of the work
 * per card). Texts are in the standard Helvetica, so a text's width is known without reading a font file.
 */

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'center' | 'right';

/** A part of a text in its own face ("Name: " in bold, then the name). */
export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
}
export type Texts = string | Run[];

export interface Style {
  size: number;
  bold?: boolean;
  italic?: boolean;
  color?: string;
  align?: Align;
}

interface Piece {
  text: string;
  font: string;
  width: number;
}
interface Line {
  pieces: Piece[];
  width: number;
}

const fontOf = (bold?: boolean, italic?: boolean) =>
  bold ? (italic ? 'Helvetica-BoldOblique' : 'Helvetica-Bold') : italic ? 'Helvetica-Oblique' : 'Helvetica';

/** Helvetica's height of a line (ascender to descender) per point of size, as pdfmake lays it out. */
const lineFactor = 0.925;
export const lineHeight = (size: number) => size * lineFactor;

/** A stored image pdfkit can draw (JPEG or PNG), or null. */
export type Picture = { bytes: Uint8Array; mime: string } | null;

/** A table cell: its text (or lines one under another), and how it is printed. `null` is a cell covered by a span. */
export interface Cell {
  text?: Texts;
  stack?: { text: string; size: number; bold?: boolean; color?: string }[];
  size?: number;
  bold?: boolean;
  color?: string;
  align?: Align;
  fill?: string;
  rowSpan?: number;
  colSpan?: number;
}

export interface Table {
  /** Each column's width for its text ('*' shares what is left); the padding is added, as pdfmake does. */
  widths: (number | '*')[];
  rows: (Cell | string | null)[][];
  /** Rows repeated at the top of a new page. */
  headerRows?: number;
  size: number;
  align?: Align;
  /** Lines around every cell, or none. */
  lines?: { width: number; color: string } | null;
  fill?: string;
  padding?: [number, number, number, number];
}

const defaultPadding: [number, number, number, number] = [4, 2, 4, 2];

/**
 * The parts of pdfkit (0.19, pinned) the text is written with: a standard font's id on the page, its
 * encoding of a text with the kerning of each pair, and the page's content stream. pdfkit's own `text()`
 * writes a dozen operators and buffers for every fragment; a card has hundreds, so each drawn run of lines
 * is written here as one string (`BT … ET`) with the same operators pdfkit would write.
 */
interface KitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], { xAdvance: number; advanceWidth: number }[]];
}
interface Kit {
  _font: KitFont;
  page: { height: number; fonts: Record<string, unknown> };
  addContent(data: string): unknown;
}

const pdfNumber = (n: number) => String(Math.round(n * 100) / 100);

/** A colour's fill operator ("#b42318" as "0.706 0.137 0.094 rg"). */
const fills = new Map<string, string>();
function fillOperator(color: string) {
  let op = fills.get(color);
  if (op === undefined) {
    const hex = color.replace('#', '');
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const channel = (i: number) => String(Math.round((Number.parseInt(full.slice(i, i + 2), 16) / 255) * 1000) / 1000);
    op = `${channel(0)} ${channel(2)} ${channel(4)} rg`;
    fills.set(color, op);
  }
  return op;
}

/** A text's show operator in a font ("[<48656c6c6f> 15 <21> 0] TJ"), kerned as pdfkit does; the same in every document. */
const shown = new Map<string, string>();
function showText(font: KitFont, name: string, text: string) {
  const key = `${name}\u0000${text}`;
  let op = shown.get(key);
  if (op === undefined) {
    const [encoded, positions] = font.encode(text);
    const parts: string[] = [];
    let last = 0;
    for (let i = 0; i < positions.length; i++) {
      const pos = positions[i] as { xAdvance: number; advanceWidth: number };
      const kern = pos.xAdvance - pos.advanceWidth;
      if (kern !== 0 || i === positions.length - 1) {
        parts.push(`<${encoded.slice(last, i + 1).join('')}> ${pdfNumber(-kern)}`);
        last = i + 1;
      }
    }
    op = `[${parts.join(' ')}] TJ`;
    if (shown.size > 100_000) shown.clear();
    shown.set(key, op);
  }
  return op;
}

/** A document of A4 pages and the cursor down the current page. */
export class Pages {
  readonly doc: Doc;
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly bottom: number;
  y: number;
  private readonly widths = new Map<string, number>();
  private readonly images = new Map<Uint8Array, unknown>();
  private readonly fonts = new Map<string, KitFont>();
  private readonly laidOut = new Map<string, Line[]>();
  private color: string | null = null;
  /** Text written since the last drawing of another kind, and its colour: written out as one text object. */
  private pendingText = '';
  private textColor: string | null = null;

  constructor(doc: Doc, margins: { top: number; left: number; right: number; bottom: number }) {
    this.doc = doc;
    this.left = margins.left;
    this.top = margins.top;
    // A4 in points.
    this.width = 595.28 - margins.left - margins.right;
    this.bottom = 841.89 - margins.bottom;
    this.y = this.top;
  }

  newPage() {
    this.flushText();
    this.doc.addPage();
    this.y = this.top;
    // A page starts in black.
    this.color = null;
  }

  private fill(color: string) {
    this.flushText();
    if (color !== this.color) this.doc.fillColor(color);
    this.color = color;
  }

  /** The text drawn so far, written to the page (before anything drawn over or under it, and at a page's end). */
  flushText() {
    if (!this.pendingText) return;
    const kit = this.doc as unknown as Kit;
    // pdfkit's pages run downwards: text is written in PDF's own upward space, inside q … Q.
    kit.addContent(`q 1 0 0 -1 0 ${pdfNumber(kit.page.height)} cm BT${this.pendingText} ET Q`);
    this.pendingText = '';
    this.textColor = null;
  }

  private font(name: string): KitFont {
    let font = this.fonts.get(name);
    if (!font) {
      this.doc.font(name);
      font = (this.doc as unknown as Kit)._font;
      this.fonts.set(name, font);
    }
    return font;
  }

  /** A new page when `height` does not fit on this one (what is taller than a page starts on one of its own). */
  ensure(height: number) {
    if (this.y + height > this.bottom && this.y > this.top) this.newPage();
  }

  widthOf(font: string, text: string, size: number) {
    const key = `${font}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.doc.font(font).fontSize(1000).widthOfString(text) / 1000;
      this.widths.set(key, w);
    }
    return w * size;
  }

  /** A text's lines within `width`, broken between words (a word longer than the line between letters). */
  lines(texts: Texts, style: Style, width: number): Line[] {
    // The same texts come again on every card (subjects, descriptors, remarks, marks): laid out once.
    const key = `${style.size}|${style.bold ? 1 : 0}${style.italic ? 1 : 0}|${width}|${
      typeof texts === 'string'
        ? texts
        : texts.map((r) => `${r.bold ? 1 : 0}${r.italic ? 1 : 0}${r.text}`).join('\u0001')
    }`;
    let laid = this.laidOut.get(key);
    if (!laid) {
      laid = this.wrap(texts, style, width);
      this.laidOut.set(key, laid);
    }
    return laid;
  }

  private wrap(texts: Texts, style: Style, width: number): Line[] {
    const runs: Run[] = typeof texts === 'string' ? [{ text: texts, bold: style.bold, italic: style.italic }] : texts;
    const size = style.size;
    const lines: Line[] = [];
    let line: Line = { pieces: [], width: 0 };
    let space: Piece | null = null;
    const add = (text: string, font: string, w: number) => {
      const last = line.pieces[line.pieces.length - 1];
      if (last && last.font === font) {
        last.text += text;
        last.width += w;
      } else line.pieces.push({ text, font, width: w });
      line.width += w;
    };
    const breakLine = () => {
      lines.push(line);
      line = { pieces: [], width: 0 };
      space = null;
    };
    for (const run of runs) {
      const font = fontOf(run.bold ?? style.bold, run.italic ?? style.italic);
      for (const token of printable(run.text).match(/\n| +|[^ \n]+/g) ?? []) {
        if (token === '\n') breakLine();
        else if (token[0] === ' ') {
          if (line.pieces.length) space = { text: token, font, width: this.widthOf(font, token, size) };
        } else {
          let word = token;
          let w = this.widthOf(font, word, size);
          const gap = space ? space.width : 0;
          if (line.pieces.length && line.width + gap + w > width + 0.01) breakLine();
          else if (space) add(space.text, space.font, space.width);
          space = null;
          // A word wider than the line goes on in pieces as wide as the line.
          while (w > width && word.length > 1) {
            let n = word.length - 1;
            while (n > 1 && this.widthOf(font, word.slice(0, n), size) > width) n--;
            add(word.slice(0, n), font, this.widthOf(font, word.slice(0, n), size));
            breakLine();
            word = word.slice(n);
            w = this.widthOf(font, word, size);
          }
          add(word, font, w);
        }
      }
    }
    if (line.pieces.length || lines.length === 0) lines.push(line);
    return lines;
  }

  /** Lines drawn from (x, y) in a column `width` wide; returns their height. */
  drawLines(lines: Line[], style: Style, x: number, y: number, width: number) {
    const size = style.size;
    const h = lineHeight(size);
    const kit = this.doc as unknown as Kit;
    const pageHeight = kit.page.height;
    const color = style.color ?? '#000';
    let ops = color === this.textColor ? '' : ` ${fillOperator(color)}`;
    this.textColor = color;
    let top = y;
    for (const line of lines) {
      let at = x;
      if (style.align === 'center') at = x + (width - line.width) / 2;
      else if (style.align === 'right') at = x + width - line.width;
      for (const piece of line.pieces) {
        const font = this.font(piece.font);
        kit.page.fonts[font.id] ??= font.ref();
        // From the baseline, in PDF's upward space.
        const baseline = pageHeight - top - (font.ascender / 1000) * size;
        ops += ` /${font.id} ${size} Tf 1 0 0 1 ${pdfNumber(at)} ${pdfNumber(baseline)} Tm ${showText(font, piece.font, piece.text)}`;
        at += piece.width;
      }
      top += h;
    }
    this.pendingText += ops;
    return lines.length * h;
  }

  /** A text across the page (or within `box`'s x and width) at the cursor, which moves below it. */
  text(
    texts: Texts,
    style: Style,
    margin: [number, number, number, number] = [0, 0, 0, 0],
    x = this.left,
    width = this.width,
  ) {
    const w = width - margin[0] - margin[2];
    const lines = this.lines(texts, style, w);
    this.ensure(margin[1] + lines.length * lineHeight(style.size));
    this.y += margin[1];
    this.y += this.drawLines(lines, style, x + margin[0], this.y, w);
    this.y += margin[3];
  }

  /** The height a text takes in `width`. */
  heightOf(texts: Texts, style: Style, width: number) {
    return this.lines(texts, style, width).length * lineHeight(style.size);
  }

  /** An image fitted in a box, from its top left corner; nothing when it cannot be read. */
  image(picture: Picture, x: number, y: number, fit: [number, number]) {
    if (!picture || !['image/jpeg', 'image/png'].includes(picture.mime)) return false;
    let image = this.images.get(picture.bytes);
    if (image === undefined) {
      try {
        // pdfkit's types lack openImage: an image read once and drawn on every page that prints it.
        const doc = this.doc as Doc & { openImage: (src: Buffer) => unknown };
        image = doc.openImage(Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength));
      } catch {
        image = null;
      }
      this.images.set(picture.bytes, image);
    }
    if (!image) return false;
    this.flushText();
    this.doc.image(image as never, x, y, { fit });
    return true;
  }

  rule(x1: number, x2: number, y: number, width: number, color = '#000') {
    this.flushText();
    this.doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
  }

  fillRect(x: number, y: number, width: number, height: number, color: string) {
    this.fill(color);
    this.doc.rect(x, y, width, height).fill();
  }

  /** A table at the cursor: rows kept whole (with the rows their spans reach), header rows again on a new page. */
  table(table: Table, margin: [number, number, number, number] = [0, 0, 0, 0]) {
    const [pl, padTop, pr, pb] = table.padding ?? defaultPadding;
    // Text starts below the line over its cell, as pdfmake lays it out.
    const pt = padTop + (table.lines?.width ?? 0);
    const fixed = table.widths.reduce<number>((sum, w) => sum + (w === '*' ? 0 : w + pl + pr), 0);
    const stars = table.widths.filter((w) => w === '*').length;
    const starWidth = stars ? (this.width - fixed) / stars : 0;
    const cols = table.widths.map((w) => (w === '*' ? starWidth : w + pl + pr));
    const xs = [this.left];
    for (const w of cols) xs.push((xs[xs.length - 1] as number) + w);

    // Each cell's lines and each row's height.
    type Laid = { cell: Cell; col: number; row: number; w: number; lines: Line[] | null; height: number; style: Style };
    const laid: Laid[][] = [];
    const heights: number[] = [];
    table.rows.forEach((row, r) => {
      const out: Laid[] = [];
      let tallest = 0;
      row.forEach((raw, c) => {
        if (raw === null) return;
        const cell: Cell = typeof raw === 'string' ? { text: raw } : raw;
        const span = cell.colSpan ?? 1;
        const w = (xs[c + span] as number) - (xs[c] as number) - pl - pr;
        const style: Style = {
          size: cell.size ?? table.size,
          bold: cell.bold,
          color: cell.color,
          align: cell.align ?? table.align ?? 'left',
        };
        let lines: Line[] | null = null;
        let height = 0;
        if (cell.stack) for (const s of cell.stack) height += this.heightOf(s.text, { ...style, ...s }, w);
        else if (cell.text !== undefined && cell.text !== '') {
          lines = this.lines(cell.text, style, w);
          height = lines.length * lineHeight(style.size);
        }
        height += pt + pb;
        out.push({ cell, col: c, row: r, w, lines, height, style });
        if ((cell.rowSpan ?? 1) === 1) tallest = Math.max(tallest, height);
      });
      laid.push(out);
      heights.push(Math.max(tallest, lineHeight(table.size) + pt + pb));
    });
    // A cell spanning rows taller than them makes its last row taller.
    for (const row of laid)
      for (const l of row) {
        const span = l.cell.rowSpan ?? 1;
        if (span === 1) continue;
        const last = Math.min(l.row + span, heights.length) - 1;
        let sum = 0;
        for (let r = l.row; r <= last; r++) sum += heights[r] as number;
        if (l.height > sum) heights[last] = (heights[last] as number) + l.height - sum;
      }
    // Rows that go together: a row with the rows its spans cover.
    const groups: [number, number][] = [];
    for (let r = 0; r < laid.length; ) {
      let end = r;
      for (let k = r; k <= end; k++)
        for (const l of laid[k] as Laid[]) end = Math.max(end, Math.min(k + (l.cell.rowSpan ?? 1), laid.length) - 1);
      groups.push([r, end]);
      r = end + 1;
    }

    const header = table.headerRows ?? 0;
    const drawRows = (from: number, to: number) => {
      const tops: number[] = [];
      let y = this.y;
      for (let r = from; r <= to; r++) {
        tops.push(y);
        y += heights[r] as number;
      }
      const bottomOf = (r: number) => (tops[r - from] as number) + (heights[r] as number);
      // Each cell's box on the page (a small object: spreading the cell into it costs more than the drawing).
      const boxes: { l: Laid; x: number; y: number; width: number; height: number }[] = [];
      for (let r = from; r <= to; r++)
        for (const l of laid[r] as Laid[]) {
          const last = Math.min(r + (l.cell.rowSpan ?? 1) - 1, to);
          const x = xs[l.col] as number;
          const top = tops[r - from] as number;
          const width = (xs[l.col + (l.cell.colSpan ?? 1)] as number) - x;
          boxes.push({ l, x, y: top, width, height: bottomOf(last) - top });
        }
      if (table.fill) this.fillRect(this.left, this.y, this.width, y - this.y, table.fill);
      for (const b of boxes) if (b.l.cell.fill) this.fillRect(b.x, b.y, b.width, b.height, b.l.cell.fill);
      for (const { l, x, y } of boxes) {
        // Text from the top of the cell, as pdfmake prints it.
        if (l.cell.stack) {
          let top = y + pt;
          for (const s of l.cell.stack) {
            const style = { ...l.style, ...s };
            top += this.drawLines(this.lines(s.text, style, l.w), style, x + pl, top, l.w);
          }
        } else if (l.lines) this.drawLines(l.lines, l.style, x + pl, y + pt, l.w);
      }
      if (table.lines) {
        // Each line once: every cell's top and left, then the table's right and bottom.
        // One path, written as one string (pdfkit writes a buffer for every moveTo and lineTo).
        const n = pdfNumber;
        const right = xs[xs.length - 1] as number;
        for (const b of boxes) {
          const x = n(b.x);
          const top = n(b.y);
          path += `${x} ${top} m ${n(b.x + b.width)} ${top} l ${x} ${top} m ${x} ${n(b.y + b.height)} l `;
        }
        path += `${n(right)} ${n(this.y)} m ${n(right)} ${n(y)} l ${n(this.left)} ${n(y)} m ${n(right)} ${n(y)} l `;
      }
      this.y = y;
    };
    // The table's lines, stroked once a page.
    let path = '';
    const stroke = () => {
      if (!path || !table.lines) return;
      this.flushText();
      this.doc.lineWidth(table.lines.width).strokeColor(table.lines.color);
      (this.doc as unknown as Kit).addContent(`${path}S`);
      path = '';
    };

    this.ensure(margin[1] + (heights[0] ?? 0));
    this.y += margin[1];
    for (const [from, to] of groups) {
      let h = 0;
      for (let r = from; r <= to; r++) h += heights[r] as number;
      if (this.y + h > this.bottom && this.y > this.top && from >= header) {
        stroke();
        this.newPage();
        if (header) drawRows(0, header - 1);
      }
      drawRows(from, to);
    }
    stroke();
    this.y += margin[3];
  }
}

/** A document's pages drawn by `draw`, as PDF bytes. */
export async function drawPdf(title: string, draw: (pages: Pages) => void): Promise<Buffer> {
  const PDFDocument = await pdfkitReady();
  const margins = { top: 24, left: 28, right: 28, bottom: 24 };
  const doc = new PDFDocument({
    size: 'A4',
    margins,
    autoFirstPage: false,
    info: { Title: printable(title), Creator: 'Somero', Producer: 'Somero' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pages = new Pages(doc, margins);
  draw(pages);
  pages.flushText();
  doc.end();
  return done;
}

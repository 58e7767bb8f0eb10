import type { ReportCard, ReportCards } from '@somero/contract';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderReportCards } from '../src/documents/report-card.js';
import type { SchoolForDocuments } from '../src/documents/types.js';
import { pdfPages } from './pdf-text.js';

/**
 * The cards are drawn straight on the PDF (documents/pdf-draw.ts), not laid out by a general library: what
 * that library did for free is pinned here. A card longer than a page goes on to the next with the table's
 * heading again and nothing lost; a subject's papers stay together; a photo that cannot be read is left
 * out, never the card; a long word is broken rather than printed over the next column.
 */
const school: SchoolForDocuments = {
  name: 'Mbarara Hill School',
  motto: 'Work and pray',
  address: 'P.O. Box 1, Mbarara',
  phone: '0772 000000',
  email: null,
  logo: null,
};
const noImages = { photos: new Map(), signature: null, stamp: null };

function card(id: number, subjects: number, extra: Partial<ReportCard> = {}): ReportCard {
  return {
    student: {
      id,
      name: `Student ${id}`,
      admission_no: `2026/${id}`,
      lin: null,
      gender: 'M',
      class_name: 'S3',
      stream_name: 'East',
      combination: null,
      photo_file_id: null,
    },
    rows: Array.from({ length: subjects }, (_, k) => ({
      subject_id: k,
      code: `S${k}`,
      name: `Subject ${String(k + 1).padStart(2, '0')}`,
      kind: 'subject' as const,
      marks: [70],
      mark: 70,
      grade: 'C3',
      remark: 'Good',
      initials: 'AB',
    })),
    summary: {
      average: 70,
      aggregate: 24,
      division: 2,
      points: null,
      principal_passes: null,
      result: null,
      result_reason: null,
      position: 1,
      out_of: 2,
    },
    project: null,
    comments: {
      class_teacher: 'Keep it up → aim higher.',
      head_teacher: null,
      conduct: null,
      generic_skills: null,
      values: null,
      from_bank: false,
    },
    balance: null,
    next_term_fees: null,
    attendance: null,
    promotion: null,
    withheld: false,
    ...extra,
  } as ReportCard;
}

function cardsOf(list: ReportCard[], extra: Partial<ReportCards> = {}): ReportCards {
  return {
    kind: 'old_reports',
    title: 'Report cards',
    class_name: 'S3',
    stream_name: null,
    year: 2026,
    term: 3,
    sets: [{ name: 'EOT', weight: 100, max_mark: 100 }],
    positions: true,
    points_max: null,
    mark_decimals: 0,
    subject_places: false,
    grading_key: ['Grades: D1 80–100, F9 0–39.'],
    next_term_begins: null,
    cards: list,
    ...extra,
  } as ReportCards;
}

const pageCount = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPageCount();

describe('report cards drawn on the page', () => {
  it('gives each student a page of their own, in the order given', async () => {
    const pdf = await renderReportCards(school, cardsOf([card(1, 8), card(2, 8), card(3, 8)]), noImages);
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(3);
    expect(pages.map((p) => /Student (\d)/.exec(p)?.[1])).toEqual(['1', '2', '3']);
    expect(pages[0]).toContain('MBARARA HILL SCHOOL');
    expect(pages[0]).toContain('Keep it up to aim higher.');
  });

  it('goes on to a second page when a card is longer than one, with the heading again and every subject once', async () => {
    const pdf = await renderReportCards(school, cardsOf([card(1, 70), card(2, 5)]), noImages);
    expect(await pageCount(pdf)).toBe(3);
    const [first, second, third] = await pdfPages(pdf);
    const subjects = `${first}\n${second}`.match(/Subject \d\d/g) ?? [];
    expect(subjects).toHaveLength(70);
    expect(new Set(subjects).size).toBe(70);
    // The table's heading starts the second page too; the comments come after the last subject.
    expect(second).toMatch(/^Subject\s+EOT\s+Mark %\s+Grade/m);
    expect(second).toContain('Subject 70');
    expect(second).toContain("Class teacher's comment");
    expect(first).not.toContain("Class teacher's comment");
    expect(third).toContain('Student 2');
  });

  it("keeps an A-level subject's papers together on one page", async () => {
    const principal = (k: number) => ({
      subject_id: k,
      code: `P${k}`,
      name: `Principal ${String(k).padStart(2, '0')}`,
      kind: 'principal' as const,
      marks: [60],
      mark: 60,
      grade: 'C',
      points: 4,
      initials: 'AB',
      papers: [1, 2, 3].map((n) => ({ number: n, marks: [60], mark: 60, grade: 'C5' })),
    });
    const long = card(1, 0, { rows: Array.from({ length: 24 }, (_, k) => principal(k + 1)) as never });
    const pdf = await renderReportCards(school, cardsOf([long], { kind: 'alevel_reports', points_max: 20 }), noImages);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBe(2);
    // Every subject's three papers are on the page that names the subject.
    for (const page of pages) {
      const named = page.match(/Principal \d\d/g) ?? [];
      expect(page.match(/\bP1\b/g)?.length ?? 0).toBe(named.length);
      expect(page.match(/\bP3\b/g)?.length ?? 0).toBe(named.length);
    }
  });

  it('prints the card without a photo that cannot be read, and with one that can', async () => {
    const broken = { bytes: new Uint8Array([1, 2, 3, 4]), mime: 'image/png' };
    const photo = {
      bytes: new Uint8Array(
        await sharp({ create: { width: 40, height: 50, channels: 3, background: '#884422' } })
          .jpeg()
          .toBuffer(),
      ),
      mime: 'image/jpeg',
    };
    const pdf = await renderReportCards(school, cardsOf([card(1, 4), card(2, 4)]), {
      photos: new Map([
        [1, broken],
        [2, photo],
      ]),
      signature: null,
      stamp: null,
    });
    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Student 1');
    // The readable photo is in the file once.
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  });

  it('breaks a word longer than its column instead of printing it over the next', async () => {
    const word = 'Supercalifragilisticexpialidocious'.repeat(3);
    const long = card(1, 1, {});
    long.rows[0] = { ...long.rows[0], remark: word } as never;
    const [page] = await pdfPages(await renderReportCards(school, cardsOf([long]), noImages));
    // The remark column is 110 points wide: the word comes out in pieces, every letter kept.
    const pieces = (page as string).split(/\s+/).filter((t) => /^[Supercalifragilisticexpialidocious]{8,}$/.test(t));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(word);
  });
});

import { describe, expect, it } from 'vitest';
import {
  childMatches,
  choiceOf,
  feesText,
  helpText,
  menu,
  pagesOf,
  resultText,
  screen,
  smsQuestion,
  ussdSteps,
} from '../src/modules/parent-line/rules.js';

/** The parents' line's pure rules: steps, screens of 160 characters, the words of the answers, keywords. */
describe("parents' line rules", () => {
  it('reads the steps the gateway joins with *', () => {
    expect(ussdSteps('')).toEqual([]);
    expect(ussdSteps(' 1*2*98 ')).toEqual(['1', '2', '98']);
    expect(choiceOf('2', 3)).toBe(1);
    expect(choiceOf('0', 3)).toBeNull();
    expect(choiceOf('4', 3)).toBeNull();
    expect(choiceOf('1a', 3)).toBeNull();
    expect(choiceOf(undefined, 3)).toBeNull();
  });

  it('pages a long answer into screens of at most 160 characters with 98 More', () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Line ${i + 1}: UGX 1,250,000 paid, receipt no. ${1000 + i}.`,
    ).join('\n');
    const pages = pagesOf(long);
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((_, i) => {
      const shown = screen(pages, i);
      expect(shown.length).toBeLessThanOrEqual(160);
      expect(shown.startsWith(i < pages.length - 1 ? 'CON ' : 'END ')).toBe(true);
      if (i < pages.length - 1) expect(shown.endsWith('\n98 More')).toBe(true);
    });
    // Nothing lost, lines kept whole.
    expect(pages.join('\n')).toBe(long);
    // A word longer than a screen is cut, never dropped.
    const word = 'x'.repeat(400);
    expect(pagesOf(word).join('')).toBe(word);
    expect(pagesOf('Short.')).toEqual(['Short.']);
  });

  it('fits a menu on one screen, cutting long names', () => {
    const m = menu('Choose the school:', ['A'.repeat(90), 'B'.repeat(90), 'C'.repeat(90)]);
    expect(m.length).toBeLessThanOrEqual(160);
    expect(m).toMatch(/^CON Choose the school:\n1\. A+\.\n2\. B+\.\n3\. C+\.$/);
  });

  it('words the answers for a parent, money with separators', () => {
    expect(feesText('Brian', { year: 2026, term: 2 }, 1_250_000, 400_000)).toBe(
      'Brian, Term 2 2026:\nFees balance UGX 1,250,000.\nOverdue from earlier terms: UGX 400,000.',
    );
    expect(feesText('Brian', { year: 2026, term: 2 }, 0, 0)).toBe('Brian, Term 2 2026:\nNo fees owed. Thank you.');
    expect(feesText('Brian', { year: 2026, term: 2 }, -5_000, 0)).toContain('Credit UGX 5,000.');
    const base = {
      division: null,
      aggregate: null,
      points: null,
      pointsMax: null,
      principalPasses: null,
      result: null,
    };
    expect(
      resultText(
        'Amina',
        { year: 2026, term: 3 },
        { ...base, curriculum: 'old', division: 2, aggregate: 28, average: 61.24, position: 4, outOf: 40 },
      ),
    ).toBe('Amina, Term 3 2026:\nDivision 2, aggregate 28.\nAverage 61.2.\nPosition 4 of 40.');
    expect(
      resultText(
        'Joel',
        { year: 2026, term: 3 },
        {
          ...base,
          curriculum: 'alevel',
          points: 15,
          pointsMax: 20,
          principalPasses: 3,
          average: null,
          position: null,
          outOf: 9,
        },
      ),
    ).toBe('Joel, Term 3 2026:\n15 points of 20, 3 principal passes.');
    expect(
      resultText(
        'Nabirye',
        { year: 2026, term: 3 },
        { ...base, curriculum: 'new', result: 1, average: null, position: null, outOf: 30 },
      ),
    ).toBe('Nabirye, Term 3 2026:\nResult 1.');
  });

  it('reads a text question: keyword and the child named', () => {
    expect(smsQuestion('bal')).toEqual({ asked: 'fees', child: null });
    expect(smsQuestion('  BALANCE  S1/0042 ')).toEqual({ asked: 'fees', child: 'S1/0042' });
    expect(smsQuestion('Pay Brian')).toEqual({ asked: 'payments', child: 'Brian' });
    expect(smsQuestion('RESULTS.')).toEqual({ asked: 'results', child: null });
    expect(smsQuestion('hello')).toEqual({ asked: null, child: null });
    expect(smsQuestion('')).toEqual({ asked: null, child: null });
    const brian = { admissionNo: 'S1/0042', surname: 'Okello', otherNames: 'Brian Peter' };
    expect(childMatches(brian, 's1/0042')).toBe(true);
    expect(childMatches(brian, 'brian')).toBe(true);
    expect(childMatches(brian, 'Okello Brian')).toBe(true);
    expect(childMatches(brian, 'Bella')).toBe(false);
    expect(helpText('Hill SS', ['fees', 'next_term'])).toBe(
      "Hill SS: send BAL and your child's first name if you have several children, e.g. BAL Brian.",
    );
  });
});

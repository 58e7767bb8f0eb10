import { describe, expect, it } from 'vitest';
import { dayFirst, formatDate, parseDayFirst } from './format';

describe('dates are day first whatever the browser', () => {
  it('shows an input value day first', () => {
    expect(dayFirst('2026-05-01')).toBe('01/05/2026');
    expect(dayFirst('2026-11-23T17:05')).toBe('23/11/2026 17:05');
    expect(dayFirst('')).toBe('');
    expect(formatDate('2026-05-01')).toBe('1 May 2026');
  });

  it('reads what a Ugandan types, day first', () => {
    expect(parseDayFirst('01/05/2026')).toBe('2026-05-01');
    expect(parseDayFirst('1/5/26')).toBe('2026-05-01');
    expect(parseDayFirst('23-11-2026')).toBe('2026-11-23');
    expect(parseDayFirst('23.11.2026')).toBe('2026-11-23');
    expect(parseDayFirst('1 May 2026')).toBe('2026-05-01');
    expect(parseDayFirst('23 November 2026')).toBe('2026-11-23');
    expect(parseDayFirst('2026-05-01')).toBe('2026-05-01');
  });

  it('refuses what is no date', () => {
    expect(parseDayFirst('31/02/2026')).toBeNull();
    expect(parseDayFirst('13/13/2026')).toBeNull();
    expect(parseDayFirst('23/11')).toBeNull();
    expect(parseDayFirst('soon')).toBeNull();
    expect(parseDayFirst('1 Mayo 2026')).toBeNull();
    expect(parseDayFirst('01/05/2026 17:00')).toBeNull();
  });

  it('reads a date and time', () => {
    expect(parseDayFirst('01/05/2026 17:00', true)).toBe('2026-05-01T17:00');
    expect(parseDayFirst('2026-05-01T07:30', true)).toBe('2026-05-01T07:30');
    expect(parseDayFirst('01/05/2026 24:00', true)).toBeNull();
    expect(parseDayFirst('01/05/2026', true)).toBeNull();
  });
});

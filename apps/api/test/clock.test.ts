import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clockFrom, kampalaDay, now, setClock, today } from '@somero/contract';
import { afterEach, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/config.js';
import { startClock } from '../src/core/dates.js';
import { testClockStart, testClockStartedAt } from './test-clock.js';

/** Every .ts and .tsx file under a folder of the repository, but tests. */
function sources(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
    }
  };
  walk(path.join(repoRoot, folder));
  return out;
}

/** The literal text of every template literal in `code` (not its `${…}` parts), with where it starts. */
function templateTexts(code: string): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  // A stack of what we are in: code (with its open braces) or a template's text.
  const stack: ({ kind: 'code'; braces: number } | { kind: 'tpl'; start: number })[] = [{ kind: 'code', braces: 0 }];
  for (let i = 0; i < code.length; i++) {
    const top = stack.at(-1)!;
    const c = code[i];
    if (top.kind === 'code') {
      if (c === '/' && code[i + 1] === '/') i = code.indexOf('\n', i) === -1 ? code.length : code.indexOf('\n', i);
      else if (c === '/' && code[i + 1] === '*')
        i = code.indexOf('*/', i + 2) === -1 ? code.length : code.indexOf('*/', i + 2) + 1;
      else if (c === "'" || c === '"') {
        for (i++; i < code.length && code[i] !== c; i++) if (code[i] === '\\') i++;
      } else if (c === '`') stack.push({ kind: 'tpl', start: i + 1 });
      else if (c === '{') top.braces++;
      else if (c === '}') {
        if (top.braces === 0 && stack.length > 1) {
          stack.pop();
          (stack.at(-1) as { start: number }).start = i + 1;
        } else top.braces--;
      }
    } else if (c === '\\') i++;
    else if (c === '`' || (c === '$' && code[i + 1] === '{')) {
      out.push({ index: top.start, text: code.slice(top.start, i) });
      if (c === '`') stack.pop();
      else {
        stack.push({ kind: 'code', braces: 0 });
        i++;
      }
    }
  }
  return out;
}

describe('one clock', () => {
  test('no code of the server or the web app reads the machine’s time past the clock', () => {
    const found: string[] = [];
    for (const file of [...sources('apps/api/src'), ...sources('apps/web/src')]) {
      const text = readFileSync(file, 'utf8');
      const at = (index: number) => `${path.relative(repoRoot, file)}:${text.slice(0, index).split('\n').length}`;
      // The machine's time in code.
      for (const m of text.matchAll(/new Date\(\)|Date\.now\(\)/g)) found.push(`${at(m.index)}: ${m[0]}`);
      // SQL's own clock in a template literal's text (a test server on a clock of its own would not see it).
      for (const { index, text: sqlText } of templateTexts(text))
        for (const m of sqlText.matchAll(/\bnow\(\)|\bcurrent_(?:date|timestamp)\b|\blocaltimestamp\b/gi))
          found.push(`${at(index + m.index)}: ${m[0]} in SQL`);
    }
    expect(found).toEqual([]);
  });

  afterEach(() => startClock(new Date(testClockStart), new Date(testClockStartedAt)));

  test('runs on from where it was started, in Uganda’s calendar', () => {
    // 22:30 in UTC is 01:30 the next morning in Kampala.
    setClock(clockFrom(new Date('2027-01-31T22:30:00Z')));
    expect(today()).toBe('2027-02-01');
    expect(kampalaDay(new Date('2027-01-31T20:59:59Z'))).toBe('2027-01-31');
    const first = now().getTime();
    expect(Math.abs(first - Date.parse('2027-01-31T22:30:00Z'))).toBeLessThan(60_000);
  });
});

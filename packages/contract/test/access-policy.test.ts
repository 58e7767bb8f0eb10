import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accessPolicy, accessPolicyText } from '../src/access-policy.js';
import { isPermissionFlag, screenRoutes } from '../src/index.js';

const file = new URL('../access-policy.tsv', import.meta.url);
const committed = readFileSync(file, 'utf8');
const shown = (line: string) => line.replaceAll('\t', ' ').trimEnd();

describe('the access policy (packages/contract/access-policy.tsv)', () => {
  it('is what the contract declares: a change of who may do what is a reviewed diff', () => {
    const lines = (text: string) => new Set(text.split('\n').filter(Boolean));
    const [table, contract] = [lines(committed), lines(accessPolicyText())];
    const differences = [
      ...[...table].filter((l) => !contract.has(l)).map((l) => `- ${shown(l)}`),
      ...[...contract].filter((l) => !table.has(l)).map((l) => `+ ${shown(l)}`),
    ];
    expect(
      differences,
      'The contract and packages/contract/access-policy.tsv differ (- the table, + the contract). Run `npm run policy` and review the diff: it changes who may open a screen or make a call.',
    ).toEqual([]);
    // Same lines in the same order: the file is the generator's output, sorted and stable.
    expect(committed, 'Run `npm run policy`: the table is out of order.').toBe(accessPolicyText());
  });

  it('lists every screen and call once, sorted, each with an access the server understands', () => {
    const rows = accessPolicy();
    expect(rows.filter((r) => r.kind === 'screen')).toHaveLength(screenRoutes.length);
    expect(rows.filter((r) => r.kind === 'call').length).toBeGreaterThan(400);
    const keys = rows.map((r) => `${r.kind} ${r.path} ${r.method}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of rows) {
      const ok = r.access
        .split(' | ')
        .every((a) => isPermissionFlag(a) || ['everyone', 'admin', 'public', 'operator'].includes(a));
      expect(ok, `${r.kind} ${r.method} ${r.path}: ${r.access}`).toBe(true);
    }
  });

  it('gives every money call one flag (or admin), and the payments export the payments flag', () => {
    const byCall = new Map(accessPolicy().map((r) => [`${r.method} ${r.path}`, r]));
    for (const r of byCall.values()) if (r.money) expect(isPermissionFlag(r.access) || r.access === 'admin').toBe(true);
    expect(byCall.get('POST export_fees_payments')?.access).toBe('view_fees_payments');
  });
});

import { readFileSync } from 'node:fs';
import { policyAccess } from '@somero/contract/access-policy';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support.js';

/**
 * The server guards every route as the reviewed table says (packages/contract/access-policy.tsv, which a
 * contract test keeps equal to the contract): no route outside it, none with another access, none of
 * its calls left unserved. every-route.test.ts then proves the guard answers 401 and 403 as declared.
 */
const t = useTestApp();
const table = readFileSync(new URL('../../../packages/contract/access-policy.tsv', import.meta.url), 'utf8');
const calls = new Map(
  table
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter(([kind]) => kind === 'call')
    .map(([, method, path, access]) => [`${method} ${path}`, access]),
);
/** The API's documentation (Swagger UI and the OpenAPI document) is public and no call of the contract. */
const documentation = (url: string) => url === '/api/openapi.json' || url.startsWith('/api/docs');

describe('the access policy on the server', () => {
  it('serves every call of the table, each with the access the table gives it, and nothing else', () => {
    const served = new Set<string>();
    const wrong: string[] = [];
    for (const r of t.app.registeredRoutes) {
      if (documentation(r.url)) {
        expect(r.access, r.url).toBe('public');
        continue;
      }
      const call = `${r.method} ${r.url.replace(/^\/api\//, '').replace(/:(\w+)/g, '{$1}')}`;
      served.add(call);
      const access = policyAccess(r.access);
      if (!calls.has(call)) wrong.push(`${call} (${access}) is not in the table`);
      else if (calls.get(call) !== access)
        wrong.push(`${call} is served to ${access}; the table says ${calls.get(call)}`);
    }
    for (const call of calls.keys()) if (!served.has(call)) wrong.push(`${call} is in the table but not served`);
    expect(wrong, 'Run `npm run policy` and review the diff of packages/contract/access-policy.tsv').toEqual([]);
    expect(served.size).toBe(calls.size);
  });
});

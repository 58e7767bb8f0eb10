import type { Call } from './call.js';
import * as contract from './index.js';
import type { CallAccess } from './permissions.js';

/**
 * Who may do what, as one reviewed table: every screen and every API call (the declared calls and each
 * declared entity's generic calls) with its access. `npm run policy` writes it to
 * packages/contract/access-policy.tsv; a test fails when the contract and that committed file differ, so
 * a change of access is always a visible diff in review. Not exported from index.ts (it reads it).
 */

export interface PolicyRow {
  kind: 'screen' | 'call';
  /** GET, POST, PUT or DELETE for a call; empty for a screen. */
  method: string;
  /** A screen's path, or a call's path relative to /api as the contract writes it. */
  path: string;
  /** A flag; several flags (any one lets a user in) joined by ' | ', sorted; everyone, admin or public. */
  access: string;
  /** 'money' when the call records, amends, voids or moves money. */
  money: string;
}

export const policyAccess = (access: CallAccess) =>
  typeof access === 'string' ? access : [...access].sort().join(' | ');

const isCall = (value: unknown): value is Call =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Call).method === 'string' &&
  typeof (value as Call).path === 'string' &&
  'access' in value &&
  'input' in value &&
  'output' in value;

/** Every call the contract exports, alone or in a group (an array or object of calls), once each. */
function declaredCalls(): Call[] {
  const found = new Map<string, Call>();
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number) => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 2) return;
    seen.add(value);
    if (isCall(value)) {
      const key = `${value.method} ${value.path}`;
      const before = found.get(key);
      if (before && before !== value) throw new Error(`Two calls declare ${key}`);
      found.set(key, value);
      return;
    }
    if (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype)
      for (const item of Object.values(value)) walk(item, depth + 1);
  };
  for (const value of Object.values(contract)) walk(value, 0);
  return [...found.values()];
}

/** The generic calls the API serves for a declared entity (apps/api/src/resources/engine.ts). */
function resourceCalls(): PolicyRow[] {
  const rows: PolicyRow[] = [];
  const row = (method: string, path: string, access: CallAccess): PolicyRow => ({
    kind: 'call',
    method,
    path,
    access: policyAccess(access),
    money: '',
  });
  for (const r of contract.resources) {
    if (r.calls.includes('list')) rows.push(row('GET', r.path, r.read));
    if (r.calls.includes('create')) rows.push(row('POST', r.path, r.write));
    if (r.calls.includes('update')) rows.push(row('PUT', `${r.path}/{id}`, r.write));
    if (r.calls.includes('delete')) rows.push(row('DELETE', `${r.path}/{id}`, r.write));
  }
  return rows;
}

const compare = (a: PolicyRow, b: PolicyRow) =>
  a.kind.localeCompare(b.kind, 'en') || a.path.localeCompare(b.path, 'en') || a.method.localeCompare(b.method, 'en');

/** Every screen and call with its access, sorted by kind (calls first), path and method. */
export function accessPolicy(): PolicyRow[] {
  const screens: PolicyRow[] = contract.screenRoutes.map((r) => ({
    kind: 'screen',
    method: '',
    path: r.path,
    access: r.access,
    money: '',
  }));
  const calls: PolicyRow[] = declaredCalls().map((c) => ({
    kind: 'call',
    method: c.method,
    path: c.path,
    access: policyAccess(c.access),
    money: c.money ? 'money' : '',
  }));
  const rows = [...screens, ...calls, ...resourceCalls()].sort(compare);
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    if (compare(a, b) === 0) throw new Error(`${b.kind} ${b.method} ${b.path} is declared twice`);
  }
  return rows;
}

export const policyHeading = ['kind', 'method', 'path', 'access', 'money'] as const;

/** The committed file's text: a heading line, then one tab-separated line per row, ending in a newline. */
export const accessPolicyText = (rows: PolicyRow[] = accessPolicy()) =>
  `${[policyHeading, ...rows.map((r) => policyHeading.map((k) => r[k]))].map((cells) => cells.join('\t')).join('\n')}\n`;

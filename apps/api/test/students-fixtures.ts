import { schoolSettings } from '@somero/contract';
import { expect } from 'vitest';
import type { App } from '../src/app.js';
import type { Database } from '../src/db/open.js';
import { bearer, newSchool, type TestSchool } from './support.js';

/** Helpers shared by the student register's tests (apps/api/test/students*.test.ts). */

// biome-ignore lint/suspicious/noExplicitAny: JSON replies, read field by field in assertions
export type Json = Record<string, any>;

export function client(app: App, token: string) {
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
}

export interface RegisterSchool extends TestSchool {
  api: ReturnType<typeof client>;
  /** Class ids by name: S1…S6. */
  classes: Record<string, number>;
  /** Stream ids by "S1 East". */
  streams: Record<string, number>;
}

/**
 * A school with classes S1–S6 (S1→S2→S3→S4, S5→S6; S4 and S6 leave), streams East and West in S1–S4 and
 * Arts and Sciences in S5–S6, in term `term` of `year`.
 */
export async function registerSchool(
  app: App,
  database: Database,
  { year = 2026, term = 2 }: { year?: number; term?: number } = {},
): Promise<RegisterSchool> {
  const school = await newSchool(app, database);
  const api = client(app, school.adminToken);
  const names = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'];
  const classes: Record<string, number> = {};
  // A new school may already have its classes; make those that are missing.
  for (const c of (await api.get('/classes?per_page=100')).json().data as Json[]) classes[c.name] = c.id;
  for (const [i, name] of names.entries()) {
    if (classes[name]) continue;
    const res = await api.post('/classes', {
      name,
      level: i < 4 ? 'olevel' : 'alevel',
      curriculum: i < 4 ? 'new' : 'alevel',
      rank: i + 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    classes[name] = res.json().data.id;
  }
  for (const [from, to] of [
    ['S1', 'S2'],
    ['S2', 'S3'],
    ['S3', 'S4'],
    ['S5', 'S6'],
  ]) {
    await api.put(`/classes/${classes[from]}`, { promotes_to_id: classes[to] });
  }
  for (const name of ['S4', 'S6']) await api.put(`/classes/${classes[name]}`, { promotes_to_id: null });
  const streams: Record<string, number> = {};
  for (const name of names) {
    for (const stream of name < 'S5' ? ['East', 'West'] : ['Arts', 'Sciences']) {
      const res = await api.post('/streams', { class_id: classes[name], name: stream });
      expect(res.statusCode, res.body).toBe(200);
      streams[`${name} ${stream}`] = res.json().data.id;
    }
  }
  await database.db
    .insert(schoolSettings)
    .values({ schoolId: school.schoolId, currentYear: year, currentTerm: term })
    .onConflictDoUpdate({ target: schoolSettings.schoolId, set: { currentYear: year, currentTerm: term } });
  return { ...school, api, classes, streams };
}

let serial = 0;
/** A distinct phone number per call, so searches by phone find one family even in a shared database. */
export const newPhone = () => {
  serial += 1;
  const n = (process.pid * 1000 + serial) % 1_000_000;
  return `+256 77${Math.floor(Math.random() * 10)} ${String(n).padStart(6, '0')}`;
};

/** Admits a student (S1 East, a girl, day scholar unless told otherwise); answers the profile. */
export async function admit(school: RegisterSchool, fields: Json = {}): Promise<Json> {
  const res = await school.api.post('/students', {
    surname: 'Nakato',
    other_names: 'Sarah',
    gender: 'F',
    class_id: school.classes.S1,
    stream_id: school.streams['S1 East'],
    admitted_on: '2026-02-10',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, newSchool, staffWith, type TestSchool, unique, useTestApp } from './support.js';

const t = useTestApp();
const as = (token: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) }),
  post: (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload }),
  put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: bearer(token), payload }),
  del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: bearer(token) }),
});

let a: TestSchool;
let b: TestSchool;
beforeAll(async () => {
  a = await newSchool(t.app, t.database, unique('Ntare School '));
  b = await newSchool(t.app, t.database, unique('Mengo SS '));
});

async function addGroup(token: string, name = unique('Bursars ')) {
  const res = await as(token).post('/api/roles', { name, description: 'Fees office' });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: number; name: string };
}

async function addUser(token: string, fields: Record<string, unknown> = {}) {
  const username = unique('user');
  const res = await as(token).post('/api/users', {
    name: 'Nakato Sarah',
    username,
    type: 1,
    password: 'long-enough-1',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; username: string; name: string };
}

describe('users', () => {
  it('adds, lists with search and paging, updates and removes users', async () => {
    const group = await addGroup(a.adminToken);
    const added = await addUser(a.adminToken, {
      name: 'Mukasa Peter',
      type: 2,
      role_id: group.id,
      email: `${unique('p')}@x.example`,
    });
    expect(added).toMatchObject({ name: 'Mukasa Peter', role: group.name, active: true });
    const found = await as(a.adminToken).get('/api/users?search=mukasa&per_page=1');
    expect(found.json()).toMatchObject({ page: 1, per_page: 1, total: 1, data: [{ id: added.id }] });
    const updated = await as(a.adminToken).put(`/api/users/${added.id}`, {
      name: 'Mukasa Peter K.',
      username: added.username,
      type: 2,
      role_id: group.id,
      active: true,
    });
    expect(updated.json().data.name).toBe('Mukasa Peter K.');
    // The password did not change when none was given.
    await login(t.app, added.username, 'long-enough-1');
    const removed = await as(a.adminToken).del(`/api/users/${added.id}`);
    expect(removed.json().message).toBe('User Mukasa Peter K. deleted Successfully');
    expect((await as(a.adminToken).get('/api/users?search=mukasa')).json().total).toBe(0);
  });

  it('refuses a taken user name and a staff user without a user group', async () => {
    const taken = await as(a.adminToken).post('/api/users', {
      name: 'Copy',
      username: b.adminUsername,
      type: 1,
      password: 'long-enough-1',
    });
    expect(taken.statusCode).toBe(202);
    expect(taken.json().message).toMatch(/already taken/);
    const noGroup = await as(a.adminToken).post('/api/users', {
      name: 'Staff',
      username: unique('s'),
      type: 2,
      password: 'long-enough-1',
    });
    expect(noGroup.statusCode).toBe(422);
    expect(noGroup.json().errors.role_id).toEqual(['Choose a user group for a staff user']);
  });

  it('a user cannot delete or demote themselves, and the last administrator stays', async () => {
    const self = await as(a.adminToken).del(`/api/users/${a.adminId}`);
    expect(self.statusCode).toBe(202);
    expect(self.json().message).toBe('You cannot delete your own account.');
    const group = await addGroup(a.adminToken);
    const demote = await as(a.adminToken).put(`/api/users/${a.adminId}`, {
      name: 'Head',
      username: a.adminUsername,
      type: 2,
      role_id: group.id,
      active: true,
    });
    expect(demote.statusCode).toBe(202);

    // A second administrator may remove the first while one remains…
    const s = await newSchool(t.app, t.database);
    const second = await addUser(s.adminToken, { type: 1 });
    const secondToken = await login(t.app, second.username, 'long-enough-1');
    expect((await as(secondToken).del(`/api/users/${s.adminId}`)).statusCode).toBe(200);
    // …but a user manager who is not an administrator cannot remove or demote the last one.
    const managers = await addGroup(secondToken);
    await as(secondToken).put(`/api/permissions/${managers.id}`, { flags: { view_users: true } });
    const manager = await addUser(secondToken, { type: 2, role_id: managers.id });
    const managerToken = await login(t.app, manager.username, 'long-enough-1');
    const removeLast = await as(managerToken).del(`/api/users/${second.id}`);
    expect(removeLast.statusCode).toBe(202);
    expect(removeLast.json().message).toBe('The last administrator of the school cannot be removed.');
    const demoteLast = await as(managerToken).put(`/api/users/${second.id}`, {
      name: 'Second Admin',
      username: second.username,
      type: 2,
      role_id: managers.id,
      active: true,
    });
    expect(demoteLast.statusCode).toBe(202);
    expect(demoteLast.json().message).toMatch(/last administrator/);
  });

  it('never shows or touches another school’s users (404)', async () => {
    const other = await addUser(b.adminToken);
    expect(
      (await as(a.adminToken).get('/api/users?per_page=500')).json().data.map((u: { id: number }) => u.id),
    ).not.toContain(other.id);
    expect(
      (
        await as(a.adminToken).put(`/api/users/${other.id}`, {
          name: 'Hijack',
          username: other.username,
          type: 1,
          active: true,
        })
      ).statusCode,
    ).toBe(404);
    expect((await as(a.adminToken).del(`/api/users/${other.id}`)).statusCode).toBe(404);
    const groupOfB = await addGroup(b.adminToken);
    const cross = await as(a.adminToken).post('/api/users', {
      name: 'X',
      username: unique('x'),
      type: 2,
      role_id: groupOfB.id,
      password: 'long-enough-1',
    });
    expect(cross.statusCode).toBe(422);
    expect(
      (await as(a.adminToken).put(`/api/permissions/${groupOfB.id}`, { flags: { pay_fees: true } })).statusCode,
    ).toBe(404);
  });
});

describe('user groups and permissions', () => {
  it('names are unique per school, and a group in use cannot be removed', async () => {
    const group = await addGroup(a.adminToken, 'Store Office');
    const dup = await as(a.adminToken).post('/api/roles', { name: 'store office' });
    expect(dup.statusCode).toBe(202);
    expect(dup.json().message).toBe('User group store office already exists');
    // Another school may use the same name.
    expect((await as(b.adminToken).post('/api/roles', { name: 'Store Office' })).statusCode).toBe(200);
    const member = await addUser(a.adminToken, { type: 2, role_id: group.id });
    const inUse = await as(a.adminToken).del(`/api/roles/${group.id}`);
    expect(inUse.statusCode).toBe(202);
    expect(inUse.json().message).toMatch(/1 user is in the user group Store Office/);
    await as(a.adminToken).del(`/api/users/${member.id}`);
    expect((await as(a.adminToken).del(`/api/roles/${group.id}`)).statusCode).toBe(200);
  });

  it('the flags of a group decide what its users may call, at once', async () => {
    const group = await addGroup(a.adminToken);
    const clerk = await addUser(a.adminToken, { type: 2, role_id: group.id });
    const token = await login(t.app, clerk.username, 'long-enough-1');
    expect((await as(token).post('/api/audits', {})).statusCode).toBe(403);
    const me = (await as(token).get('/api/user')).json().data;
    expect(me.permission).toMatchObject({ role: group.name, flags: { view_audits: false } });

    const saved = await as(a.adminToken).put(`/api/permissions/${group.id}`, {
      flags: { view_audits: true, pay_fees: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(Object.keys(saved.json().data.flags)).toHaveLength(99);
    expect((await as(token).post('/api/audits', {})).statusCode).toBe(200);
    expect((await as(token).get('/api/user')).json().data.permission.flags).toMatchObject({
      view_audits: true,
      pay_fees: true,
      view_users: false,
    });
    expect((await as(token).get('/api/users')).statusCode).toBe(403);

    const listed = (await as(a.adminToken).get('/api/permissions'))
      .json()
      .data.find((r: { id: number }) => r.id === group.id);
    expect(listed.flags).toMatchObject({ view_audits: true, pay_fees: true, view_dashboard: false });
    expect(
      (await as(a.adminToken).put(`/api/permissions/${group.id}`, { flags: { no_such_flag: true } })).statusCode,
    ).toBe(422);
  });
});

describe('audit trail', () => {
  it('records every write with who, what, before and after, and never a password hash', async () => {
    const s = await newSchool(t.app, t.database);
    const group = await addGroup(s.adminToken, 'Nurses');
    await as(s.adminToken).put(`/api/roles/${group.id}`, { name: 'Sick Bay' });
    await as(s.adminToken).put(`/api/permissions/${group.id}`, { flags: { manage_medication_center: true } });
    const user = await addUser(s.adminToken, { type: 2, role_id: group.id });
    const res = await as(s.adminToken).post('/api/audits', { entity: 'roles' });
    const rows = res.json().data;
    expect(rows.map((r: { action: string }) => r.action).slice(0, 3)).toEqual(['permissions', 'update', 'create']);
    const rename = rows.find((r: { action: string }) => r.action === 'update');
    expect(rename).toMatchObject({
      user: 'Head Administrator',
      module: 'users',
      entity_id: String(group.id),
      before: { name: 'Nurses' },
      after: { name: 'Sick Bay' },
    });
    const userAudit = (await as(s.adminToken).post('/api/audits', { entity: 'users', search: String(user.id) })).json()
      .data;
    expect(userAudit[0].after.username).toBe(user.username);
    expect(JSON.stringify(userAudit)).not.toMatch(/passwordHash|\$argon2/);
  });

  it('filters by user, date range and module, and pages', async () => {
    const s = await newSchool(t.app, t.database);
    for (let i = 0; i < 3; i++) await addGroup(s.adminToken);
    const today = new Date().toISOString().slice(0, 10);
    const page = await as(s.adminToken).post('/api/audits', {
      module: 'users',
      user_id: s.adminId,
      from: today,
      to: today,
      per_page: 2,
    });
    expect(page.json()).toMatchObject({ page: 1, per_page: 2 });
    expect(page.json().total).toBeGreaterThanOrEqual(3);
    expect(page.json().data).toHaveLength(2);
    const past = await as(s.adminToken).post('/api/audits', { to: '2020-01-01' });
    expect(past.json().total).toBe(0);
    // Another school's trail is not visible.
    const other = await as(b.adminToken).post('/api/audits', { user_id: s.adminId });
    expect(other.json().total).toBe(0);
  });
});

describe('dashboard', () => {
  it('counts users, active users, user groups and today’s sign-ins of the school only', async () => {
    const s = await newSchool(t.app, t.database);
    await addUser(s.adminToken, { active: false });
    const res = await as(s.adminToken).post('/api/dashboard', {});
    expect(res.json().data).toMatchObject({
      users: 2,
      active_users: 1,
      roles: 7,
      signed_in_today: 1,
      current_term: { year: new Date().getFullYear() },
    });
    expect(res.json().data.current_term.label).toMatch(/^Term [123] \d{4}$/);
    // A new school: no students, nothing collected; fee tiles only for those who may see payments.
    expect(res.json().data).toMatchObject({ students: 0, fees: { collected_today: 0, students_owing: 0 } });
    const teacher = await staffWith(t.app, t.database, s, ['view_dashboard']);
    expect((await as(teacher.token).post('/api/dashboard', {})).json().data.fees).toBeNull();
    expect(res.json().data.recent[0]).toMatchObject({ action: 'create', entity: 'users' });
  });
});

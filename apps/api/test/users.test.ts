import { permissionFlags } from '@somero/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
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

    // An administrator may remove another administrator (not the owner: only the owner edits the owner)…
    const s = await newSchool(t.app, t.database);
    const second = await addUser(s.adminToken, { type: 1 });
    const secondToken = await login(t.app, second.username, 'long-enough-1');
    const third = await addUser(secondToken, { type: 1 });
    expect((await as(secondToken).del(`/api/users/${third.id}`)).statusCode).toBe(200);
    expect((await as(secondToken).del(`/api/users/${s.adminId}`)).statusCode).toBe(202);
    // …but a user manager who is not an administrator cannot remove or demote an administrator.
    const managers = await addGroup(secondToken);
    await as(secondToken).put(`/api/permissions/${managers.id}`, { flags: { view_users: true } });
    const manager = await addUser(secondToken, { type: 2, role_id: managers.id });
    const managerToken = await login(t.app, manager.username, 'long-enough-1');
    const removeLast = await as(managerToken).del(`/api/users/${second.id}`);
    expect(removeLast.statusCode).toBe(202);
    expect(removeLast.json().message).toBe('Only an administrator can add, change or remove an administrator.');
    const demoteLast = await as(managerToken).put(`/api/users/${second.id}`, {
      name: 'Second Admin',
      username: second.username,
      type: 2,
      role_id: managers.id,
      active: true,
    });
    expect(demoteLast.statusCode).toBe(202);
    expect(demoteLast.json().message).toBe('Only an administrator can add, change or remove an administrator.');
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
    expect(Object.keys(saved.json().data.flags)).toHaveLength(permissionFlags.length);
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
    const today = now().toISOString().slice(0, 10);
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
      current_term: { year: now().getFullYear() },
    });
    expect(res.json().data.current_term.label).toMatch(/^Term [123] \d{4}$/);
    // A new school: no students, nothing collected; fee tiles only for those who may see payments.
    expect(res.json().data).toMatchObject({ students: 0, fees: { collected_today: 0, students_owing: 0 } });
    const teacher = await staffWith(t.app, t.database, s, ['view_dashboard']);
    expect((await as(teacher.token).post('/api/dashboard', {})).json().data.fees).toBeNull();
    expect(res.json().data.recent[0]).toMatchObject({ action: 'create', entity: 'users' });
  });
});

describe('no one grants what they do not hold', () => {
  let c: TestSchool;
  let admin: { id: number; username: string; token: string };
  /** A staff user whose group holds only view_users. */
  let manager: Awaited<ReturnType<typeof staffWith>>;
  let small: { id: number; name: string };
  let big: { id: number; name: string };
  const onlyAdmins = 'Only an administrator can add, change or remove an administrator.';
  const fields = (u: { username: string }, more: Record<string, unknown> = {}) => ({
    name: 'Some Name',
    username: u.username,
    active: true,
    ...more,
  });

  beforeAll(async () => {
    c = await newSchool(t.app, t.database);
    const added = await addUser(c.adminToken, { type: 1 });
    admin = { ...added, token: await login(t.app, added.username, 'long-enough-1') };
    manager = await staffWith(t.app, t.database, c, ['view_users']);
    small = await addGroup(c.adminToken);
    await as(c.adminToken).put(`/api/permissions/${small.id}`, { flags: { view_users: true } });
    big = await addGroup(c.adminToken);
    await as(c.adminToken).put(`/api/permissions/${big.id}`, { flags: { view_users: true, pay_fees: true } });
  });

  const refused = async (res: { statusCode: number; json: () => { message: string } }, message: string) => {
    expect(res.statusCode).toBe(202);
    expect(res.json().message).toBe(message);
  };

  it('a view_users manager cannot add an administrator, nor a user in a group holding more than they do', async () => {
    const username = unique('newadmin');
    const asAdmin = await as(manager.token).post('/api/users', {
      ...fields({ username }, { type: 1 }),
      password: 'long-enough-1',
    });
    await refused(asAdmin, onlyAdmins);
    const inBig = await as(manager.token).post('/api/users', {
      ...fields({ username }, { type: 2, role_id: big.id }),
      password: 'long-enough-1',
    });
    await refused(inBig, `The user group ${big.name} holds permissions you do not hold.`);
    expect((await as(c.adminToken).get(`/api/users?search=${username}`)).json().total).toBe(0);
    // A staff user in a group the manager may assign is fine.
    const inSmall = await as(manager.token).post('/api/users', {
      ...fields({ username }, { type: 2, role_id: small.id }),
      password: 'long-enough-1',
    });
    expect(inSmall.statusCode, inSmall.body).toBe(200);
  });

  it('nobody changes their own type or group', async () => {
    const self = { username: manager.username };
    await refused(
      await as(manager.token).put(`/api/users/${manager.userId}`, fields(self, { type: 1 })),
      'You cannot change your own user type or user group.',
    );
    await refused(
      await as(manager.token).put(`/api/users/${manager.userId}`, fields(self, { type: 2, role_id: small.id })),
      'You cannot change your own user type or user group.',
    );
    await refused(
      await as(admin.token).put(`/api/users/${admin.id}`, fields(admin, { type: 2, role_id: small.id })),
      'You cannot change your own user type or user group.',
    );
    const me = (await as(manager.token).get('/api/user')).json().data;
    expect(me).toMatchObject({ type: 2, permission: { flags: { view_users: true, pay_fees: false } } });
    // Editing one's own name, keeping type and group, is fine.
    const kept = await as(manager.token).put(
      `/api/users/${manager.userId}`,
      fields(self, { type: 2, role_id: manager.roleId, name: 'Renamed Manager' }),
    );
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("only the owner edits the owner; a manager cannot set an administrator's password or remove one", async () => {
    const owner = { username: c.adminUsername };
    const newPassword = { type: 1, password: 'taken-over-99' };
    await refused(
      await as(manager.token).put(`/api/users/${c.adminId}`, fields(owner, newPassword)),
      "Only the owner can change the owner's account.",
    );
    await refused(
      await as(admin.token).put(`/api/users/${c.adminId}`, fields(owner, newPassword)),
      "Only the owner can change the owner's account.",
    );
    await refused(
      await as(admin.token).del(`/api/users/${c.adminId}`),
      "Only the owner can change the owner's account.",
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: c.adminUsername, password: 'taken-over-99' },
    });
    expect(signIn.statusCode).not.toBe(200);
    await login(t.app, c.adminUsername, c.password);

    await refused(await as(manager.token).put(`/api/users/${admin.id}`, fields(admin, newPassword)), onlyAdmins);
    await refused(await as(manager.token).del(`/api/users/${admin.id}`), onlyAdmins);
    // An administrator may set another administrator's password; the owner may edit anyone.
    const byAdmin = await as(admin.token).post('/api/users', {
      ...fields({ username: unique('adm') }, { type: 1 }),
      password: 'long-enough-1',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const other = byAdmin.json().data;
    expect((await as(admin.token).put(`/api/users/${other.id}`, fields(other, newPassword))).statusCode).toBe(200);
    await login(t.app, other.username, 'taken-over-99');
    expect((await as(c.adminToken).put(`/api/users/${admin.id}`, fields(admin, { type: 1 }))).statusCode).toBe(200);
  });

  it("a manager edits staff users only within their own flags, and never a user's type", async () => {
    const low = await addUser(c.adminToken, { type: 2, role_id: small.id });
    const high = await addUser(c.adminToken, { type: 2, role_id: big.id });
    await refused(
      await as(manager.token).put(`/api/users/${low.id}`, fields(low, { type: 2, role_id: big.id })),
      `The user group ${big.name} holds permissions you do not hold.`,
    );
    await refused(
      await as(manager.token).put(`/api/users/${low.id}`, fields(low, { type: 1 })),
      "Only an administrator can change a user's type.",
    );
    // A user whose group holds more than the manager is not theirs to edit (a new password) or remove.
    await refused(
      await as(manager.token).put(
        `/api/users/${high.id}`,
        fields(high, { type: 2, role_id: big.id, password: 'taken-over-99' }),
      ),
      `The user group ${big.name} holds permissions you do not hold.`,
    );
    await refused(
      await as(manager.token).del(`/api/users/${high.id}`),
      `The user group ${big.name} holds permissions you do not hold.`,
    );
    await login(t.app, high.username, 'long-enough-1');
    // The list and the group list say so, so the screen offers only what the server allows.
    const listed = (await as(manager.token).get('/api/users?per_page=500')).json().data as {
      id: number;
      manageable: boolean;
    }[];
    const manageable = (id: number) => listed.find((u) => u.id === id)?.manageable;
    expect([manageable(low.id), manageable(high.id), manageable(c.adminId), manageable(admin.id)]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    const groups = (await as(manager.token).get('/api/roles')).json().data as { id: number; assignable: boolean }[];
    expect(groups.find((g) => g.id === small.id)?.assignable).toBe(true);
    expect(groups.find((g) => g.id === big.id)?.assignable).toBe(false);
    const ok = await as(manager.token).put(
      `/api/users/${low.id}`,
      fields(low, { type: 2, role_id: small.id, password: 'new-password-1' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await as(manager.token).del(`/api/users/${low.id}`)).statusCode).toBe(200);
  });

  it('a manage_permissions user grants only flags they hold, and not to their own group', async () => {
    const keeper = await staffWith(t.app, t.database, c, ['manage_permissions', 'view_dashboard']);
    const all = Object.fromEntries(
      Object.keys((await as(c.adminToken).get('/api/permissions')).json().data[0].flags).map((f) => [f, true]),
    );
    expect(Object.keys(all)).toHaveLength(permissionFlags.length);
    const offered = (await as(keeper.token).get('/api/permissions')).json().data as { id: number; editable: boolean }[];
    expect(offered.find((r) => r.id === keeper.roleId)?.editable).toBe(false);
    expect(offered.find((r) => r.id === small.id)?.editable).toBe(true);
    await refused(
      await as(keeper.token).put(`/api/permissions/${keeper.roleId}`, { flags: all }),
      'You cannot change the permissions of your own user group.',
    );
    await refused(
      await as(keeper.token).put(`/api/permissions/${keeper.roleId}`, { flags: { view_dashboard: true } }),
      'You cannot change the permissions of your own user group.',
    );
    await refused(
      await as(keeper.token).put(`/api/permissions/${small.id}`, { flags: { pay_fees: true } }),
      'You cannot grant a permission you do not hold.',
    );
    await refused(
      await as(keeper.token).put(`/api/permissions/${small.id}`, { flags: all }),
      'You cannot grant a permission you do not hold.',
    );
    const flagsOf = async (id: number) =>
      (await as(c.adminToken).get('/api/permissions')).json().data.find((r: { id: number }) => r.id === id).flags;
    expect(await flagsOf(keeper.roleId)).toMatchObject({ manage_permissions: true, view_users: false });
    expect(await flagsOf(small.id)).toMatchObject({ pay_fees: false, view_dashboard: false });
    // A flag the keeper holds may be granted; a flag the group already holds may be sent again unchanged.
    const granted = await as(keeper.token).put(`/api/permissions/${big.id}`, {
      flags: { ...(await flagsOf(big.id)), view_dashboard: true },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data.flags).toMatchObject({ view_dashboard: true, pay_fees: true, view_users: true });
  });
});

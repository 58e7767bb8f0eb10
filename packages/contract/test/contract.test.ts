import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allows,
  financeReportsMenu,
  flagGroups,
  isPermissionFlag,
  moreFeaturesMenu,
  permissionFlags,
  projectFlagBeside,
  projectFlags,
  projectScreens,
  screenRoute,
  screenRoutes,
  sidebarGroups,
  sidebarItems,
  topMenuFlags,
} from '../src/index.js';

/** The specification's lists, kept among the fixtures (copied from shared/spec). */
const tsv = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));

describe('route table', () => {
  const specRoutes = tsv('routes.tsv');

  it('holds exactly the 186 screens of the specification, each in its area', () => {
    expect(specRoutes).toHaveLength(186);
    const ours = screenRoutes.filter((r) => !projectScreens.includes(r.path));
    expect(ours.map((r) => r.path).sort()).toEqual(specRoutes.map(([p]) => p).sort());
    // The project's own screens are in the table too, none of them the specification's.
    for (const path of projectScreens) expect(screenRoute(path), path).toBeDefined();
    expect(projectScreens.filter((p) => specRoutes.some(([s]) => s === p))).toEqual([]);
    for (const [path, area] of specRoutes) expect(screenRoute(path)?.area, path).toBe(area.split(' ')[0]);
  });

  it('gives every screen a title, and no two menu screens the same one', () => {
    for (const r of screenRoutes) expect(r.title.length, r.path).toBeGreaterThan(2);
    const titles = screenRoutes.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('marks only the public screens and /streams as not needing sign-in', () => {
    const open = screenRoutes.filter((r) => !r.auth).map((r) => r.path);
    expect(open.sort()).toEqual(
      ['/login', '/register', '/recover', '/lock', '/notfound', '/error500', '/maintenance', '/streams'].sort(),
    );
  });

  it('has the More Features and Finance Reports menus of the specification, in order', () => {
    expect(moreFeaturesMenu).toHaveLength(28);
    expect(moreFeaturesMenu[0]).toBe('/audits');
    expect(moreFeaturesMenu.at(-1)).toBe('/data/imports');
    expect(financeReportsMenu).toHaveLength(12);
    for (const p of [...moreFeaturesMenu, ...financeReportsMenu]) expect(screenRoute(p), p).toBeDefined();
  });

  it('has the sixteen sidebar groups in order, with the fees and expenses items as listed', () => {
    expect(sidebarGroups.map((g) => g.title)).toEqual([
      'Dashboard',
      'Manage Students',
      'Manage Fees',
      'Manage Expenses',
      'Manage Revenues',
      'O Level',
      'Advanced Level',
      'Manage Staff',
      'Sick Bay',
      'Store Section',
      'Notification Center',
      'Manage Assets',
      'Visitors Book',
      'Manage Attendance',
      'Events',
      'School Life',
    ]);
    expect(sidebarItems('fees').map((r) => r.path)[1]).toBe('/fees/pay');
    expect(sidebarItems('expenses').map((r) => r.path)).toEqual([
      '/new/requisition',
      '/requisitions/view',
      '/expenses/categories',
      '/expenses/record',
      '/expenses/view',
      '/expenses/creditors',
      '/suppliers',
    ]);
    for (const g of sidebarGroups) expect(sidebarItems(g.key).length, g.key).toBeGreaterThan(0);
  });

  it('never puts a detail screen (with a {param}) in a menu', () => {
    for (const r of screenRoutes.filter((r) => r.path.includes('{'))) {
      expect(r.sidebar ?? r.topMenu, r.path).toBeUndefined();
    }
  });

  it('shows Term Dates, Download Center, E-Learning, Departments, Department Reports and Data Imports to everyone', () => {
    const everyone = screenRoutes.filter((r) => r.access === 'everyone').map((r) => r.path);
    for (const p of [
      '/term/dates',
      '/staff/resources',
      '/e-learning',
      '/departments',
      '/department/reports',
      '/data/imports',
    ]) {
      expect(everyone).toContain(p);
    }
  });
});

describe('permission flags', () => {
  const specFlags = tsv('flags.tsv');

  it('are the 99 flags of the specification, top menu then sidebar, then the project’s own', () => {
    expect(specFlags).toHaveLength(99);
    expect([...permissionFlags]).toEqual([...specFlags.map(([f]) => f), ...projectFlags]);
    expect([...projectFlags]).toEqual(['write_head_teacher_comments', 'send_sms', 'send_emails', 'buy_sms_packages']);
    expect([...topMenuFlags]).toEqual(specFlags.filter(([, m]) => m === 'top-menu').map(([f]) => f));
  });

  it('each guard a screen or a sidebar group (a project flag sits beside one), and the permission grid shows each exactly once', () => {
    const used = new Set<string>([...screenRoutes.map((r) => r.access), ...sidebarGroups.map((g) => g.flag)]);
    for (const f of permissionFlags) {
      const guard = (projectFlags as readonly string[]).includes(f)
        ? (projectFlagBeside[f as (typeof projectFlags)[number]] ?? f)
        : f;
      expect(used.has(guard), f).toBe(true);
    }
    const grid = flagGroups().flatMap((g) => g.flags);
    expect(grid.sort()).toEqual([...permissionFlags].sort());
  });

  it('every screen access is a flag or one of everyone, admin, public', () => {
    for (const r of screenRoutes) {
      expect(isPermissionFlag(r.access) || ['everyone', 'admin', 'public'].includes(r.access), r.path).toBe(true);
    }
  });

  it('administrators (type 0 and 1) hold every flag; staff only those set true', () => {
    for (const type of [0, 1]) expect(allows({ type, flags: {} }, 'view_audits')).toBe(true);
    expect(allows({ type: 1, flags: {} }, 'admin')).toBe(true);
    const staff = { type: 2, flags: { pay_fees: true, view_audits: false } };
    expect(allows(staff, 'pay_fees')).toBe(true);
    expect(allows(staff, 'view_audits')).toBe(false);
    expect(allows(staff, 'view_users')).toBe(false);
    expect(allows(staff, 'admin')).toBe(false);
    expect(allows(staff, 'everyone')).toBe(true);
  });
});

import type { ScreenLoader } from './lazy-screen';

const dashboard: ScreenLoader = () => import('../features/dashboard/dashboard');

/** The screens built so far, each its own chunk. Every other route shares the planned chunk. */
export const builtScreens: Record<string, ScreenLoader> = {
  '/login': () => import('../features/public/login'),
  '/register': () => import('../features/public/register'),
  '/recover': () => import('../features/public/recover'),
  '/lock': () => import('../features/public/lock'),
  '/notfound': () => import('../features/public/not-found'),
  '/error500': () => import('../features/public/server-error'),
  '/maintenance': () => import('../features/public/maintenance'),
  '/dashboardv1': dashboard,
  '/dashboardh': dashboard,
  '/users': () => import('../features/users/users'),
  '/user/role': () => import('../features/users/roles'),
  '/user/permissions': () => import('../features/users/permissions'),
  '/user/profile': () => import('../features/users/profile'),
  '/audits': () => import('../features/audits/audits'),
};

export const plannedScreen: ScreenLoader = () => import('../features/planned/planned-screen');

export const screenLoader = (path: string): ScreenLoader => builtScreens[path] ?? plannedScreen;

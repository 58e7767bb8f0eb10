import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

const departments = (load: ScreenLoader) => withStrings('departments', load);

/** This area's routes; its strings are `locales/en/departments.json`. */
export const departmentScreens: Record<string, ScreenLoader> = {
  '/departments': resourceScreen('departments'),
  '/staff/resources': departments(() => import('./download-center')),
  '/department/reports': departments(() => import('./department-reports')),
};

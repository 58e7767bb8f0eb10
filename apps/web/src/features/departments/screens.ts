import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

/** Both screens come from one chunk, so the first page carries one preload list for them, not two. */
const area = (name: 'DownloadCenter' | 'DepartmentReports'): ScreenLoader =>
  withStrings('departments', () => import('./area').then((m) => ({ default: m[name] })));

/** This area's routes; its strings are `locales/en/departments.json`. */
export const departmentScreens: Record<string, ScreenLoader> = {
  '/departments': resourceScreen('departments'),
  '/staff/resources': area('DownloadCenter'),
  '/department/reports': area('DepartmentReports'),
};

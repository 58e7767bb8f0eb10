import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

/** Fees reports use the students area's class and stream selects, so both areas' strings load first. */
const reports = (load: ScreenLoader) => withStrings('fees-reports', withStrings('students', load));

/** This area's routes; its strings are `locales/en/fees-reports.json` (load a screen with `withStrings('fees-reports', …)`). */
export const feesReportScreens: Record<string, ScreenLoader> = {
  '/fees/summary': reports(() => import('./fees-summary')),
  '/fees/demand': reports(() => import('./demand-notes')),
  '/fees/reports/payments': reports(() => import('./payments-report')),
  '/fees/reports/custom/payments': reports(() => import('./custom-payments-report')),
  '/fees/reports/periodic': reports(() => import('./periodic-report')),
  '/fees/reports/summary': reports(() => import('./category-summary')),
  '/online/payments': reports(() => import('./online/online-payments')),
  '/pending/online/payments': reports(() => import('./online/pending-online-payments')),
};

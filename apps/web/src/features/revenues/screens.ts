import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

/** The revenues list voids with the fees desk's dialog, so that area's strings load too. */
const revenues = (load: ScreenLoader) => withStrings('revenues', withStrings('fees-desk', load));
/** The report uses the fees reports' date range, export button and panels. */
const report = (load: ScreenLoader) => withStrings('revenues', withStrings('fees-reports', load));

/** This area's routes; its strings are `locales/en/revenues.json`. */
export const revenueScreens: Record<string, ScreenLoader> = {
  '/revenues/categories': resourceScreen('revenue_categories'),
  '/revenues/sources': resourceScreen('revenue_sources'),
  '/revenues/view': revenues(() => import('./revenues')),
  '/reports/revenues': report(() => import('./revenue-report')),
};

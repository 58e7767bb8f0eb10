import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

/** The finance reports use the fees reports' export button, so both areas' strings load first. */
const report = (load: ScreenLoader) => withStrings('finance-reports', withStrings('fees-reports', load));

/** This area's routes (issue 12 §4, all read from the journal); strings in `locales/en/finance-reports.json`. */
export const financeReportScreens: Record<string, ScreenLoader> = {
  '/income/statement': report(() => import('./income-statement')),
  '/reports/income/expenditure': report(() => import('./income-expenditure')),
  '/reports/cash/flow': report(() => import('./cash-flow')),
  '/reports/account/analysis': report(() => import('./account-analysis')),
};

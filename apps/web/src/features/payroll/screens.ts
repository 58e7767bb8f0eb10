import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

/** The payroll screens use the fees desk's void dialog, the reports' figure, the expenses' pay dialog. */
const payroll = (load: ScreenLoader) =>
  withStrings('payroll', withStrings('fees-desk', withStrings('expenses', withStrings('fees-reports', load))));

/** This area's routes; its strings are `locales/en/payroll.json`. */
export const payrollScreens: Record<string, ScreenLoader> = {
  '/salary/temp': payroll(() => import('./salary-temp')),
  '/salary/payments': payroll(() => import('./salary-payments')),
  '/salary/ledger': payroll(() => import('./salary-ledger')),
  '/staff/advances': payroll(() => import('./advances')),
  '/salary/deductions': payroll(() => import('./deductions')),
};

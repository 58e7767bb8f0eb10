import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

const expenses = (load: ScreenLoader) => withStrings('expenses', load);
/** The expenses list voids with the fees desk's dialog and filters by the fees reports' mode select. */
const list = (load: ScreenLoader) =>
  withStrings('expenses', withStrings('fees-desk', withStrings('fees-reports', load)));
/** The report uses the fees reports' date range, export button and panels. */
const report = (load: ScreenLoader) => withStrings('expenses', withStrings('fees-reports', load));

/** This area's routes; its strings are `locales/en/expenses.json`. */
export const expenseScreens: Record<string, ScreenLoader> = {
  '/expenses/categories': withStrings(
    'imports',
    expenses(() => import('./setup/categories-and-items')),
  ),
  '/new/requisition': expenses(() => import('./requisitions/new-requisition')),
  '/requisitions/view': withStrings(
    'fees-desk',
    expenses(() => import('./requisitions/requisitions')),
  ),
  '/suppliers': resourceScreen('suppliers'),
  '/expenses/record': expenses(() => import('./record-expense')),
  '/expenses/view': list(() => import('./expenses')),
  '/expenses/creditors': expenses(() => import('./reports/creditors')),
  '/reports/expenses': report(() => import('./reports/expenditure-report')),
};

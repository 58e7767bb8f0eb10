import { createElement } from 'react';
import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

type Side = 'revenue' | 'expense';

// The side is given here, not imported, so the screens' code loads with them and not with the app.
const sided = (load: () => Promise<{ default: (p: { side: Side }) => React.ReactNode }>, side: Side): ScreenLoader =>
  withStrings('budget', () => load().then((m) => ({ default: () => createElement(m.default, { side }) })));

/** The budget area's routes; strings in `locales/en/budget.json`. */
export const budgetScreens: Record<string, ScreenLoader> = {
  '/budget/fyear': withStrings('budget', () => import('./years')),
  '/revenues/projection': sided(() => import('./budget-grid'), 'revenue'),
  '/expenses/projection': sided(() => import('./budget-grid'), 'expense'),
  '/revenues/budget': sided(() => import('./budget-view'), 'revenue'),
  '/expenses/budget': sided(() => import('./budget-view'), 'expense'),
  '/reports/budgetToActualOutrun': withStrings('budget', () => import('./outturn')),
};

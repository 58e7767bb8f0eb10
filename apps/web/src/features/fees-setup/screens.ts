import type { ScreenLoader } from '../../app/lazy-screen';
import { resourceScreen, withStrings } from '../../app/with-strings';

/**
 * Fees set-up screens use the students area's class and stream selects and the imports area's import
 * card, so those strings load with them.
 */
const setup = (load: ScreenLoader) => withStrings('fees-setup', withStrings('students', withStrings('imports', load)));

/** This area's routes; its strings are `locales/en/fees-setup.json`. */
export const feesSetupScreens: Record<string, ScreenLoader> = {
  '/fees/categories': resourceScreen('fees_categories'),
  '/bursary/categories': resourceScreen('bursary_categories'),
  '/fees/breakdowns': resourceScreen('fees_breakdowns'),
  '/fees/structure': setup(() => import('./fees-structure')),
  '/fees/bursaries': setup(() => import('./bursaries/bursaries')),
  '/fees/additions': setup(() => import('./adjustments/additions')),
  '/fees/deductions': setup(() => import('./adjustments/deductions')),
  '/fees/previous/debts': setup(() => import('./debts/previous-debts')),
  '/settings/modes': setup(() => import('./modes/payment-modes')),
  '/statement/{id}': setup(() => import('./modes/mode-statement')),
};

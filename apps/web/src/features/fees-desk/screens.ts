import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const desk = (load: ScreenLoader) => withStrings('fees-desk', load);

/** This area's routes; its strings are `locales/en/fees-desk.json` (load a screen with `withStrings('fees-desk', …)`). */
export const feesDeskScreens: Record<string, ScreenLoader> = {
  '/fees/pay': desk(() => import('./pay-fees')),
  '/fees/payments': desk(() => import('./payments')),
  '/fees/receipts': desk(() => import('./receipts')),
  '/search/receipt': desk(() => import('./search-receipt')),
  '/fees/payment/{id}': desk(() => import('./payment-detail')),
  '/student/ledger/{id}/{name}': desk(() => import('./student-ledger')),
  '/students/payment/{id}': desk(() => import('./student-payments')),
  '/old/students/receipts': desk(() => import('./old-receipts')),
};

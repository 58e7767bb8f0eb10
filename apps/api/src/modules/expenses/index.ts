// The expenses area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { expenseRoutes } from './routes.js';

export { expenseDocument } from './documents.js';
export { type Purchase, recordPurchase, storePurchasesCategory, voidPurchase } from './purchases.js';
export {
  type PurchaseHead,
  purchaseDays,
  purchaseHeads,
  purchaseLineRow,
  purchasesWaiting,
  type StoreLine,
  storeLines,
  storeLinesOf,
} from './store-lines.js';
export { type RequisitionsWaiting, requisitionsWaiting } from './tiles.js';

/** The expenses area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'expenses', routes: expenseRoutes };

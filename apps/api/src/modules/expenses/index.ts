// The expenses area's public face: what other areas and the app may import.

export { expenseDocument } from './documents.js';
export { type Purchase, recordPurchase, storePurchasesCategory, voidPurchase } from './purchases.js';
export { expenseRoutes } from './routes.js';
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

// The expenses area's public face: what other areas and the app may import.

export { expenseDocument } from './documents.js';
export { type Purchase, recordPurchase, storePurchasesCategory, voidPurchase } from './purchases.js';
export { expenseRoutes } from './routes.js';
export { type RequisitionsWaiting, requisitionsWaiting } from './tiles.js';

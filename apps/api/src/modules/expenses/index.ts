// The expenses area's public face: what other areas and the app may import.

export { expenseDocument, writeExpense } from './documents.js';
export { recordPurchaseExpense } from './purchase.js';
export { expenseRoutes } from './routes.js';

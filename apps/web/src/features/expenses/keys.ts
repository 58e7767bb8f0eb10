/** The expenses area's query keys (lib/query-keys.ts). */
export const expenseKeys = {
  list: ['expenses'] as const,
  amendments: (id: number) => ['expenses', 'amendments', id] as const,
  cart: ['expense-cart'] as const,
  requisitions: ['requisitions'] as const,
  requisitionCart: ['requisition-cart'] as const,
  creditors: ['creditors'] as const,
};

/** The store's query keys (lib/query-keys.ts). */
export const storeKeys = {
  choices: ['store-choices'] as const,
  level: ['store-level'] as const,
  logAll: ['store-log'] as const,
  log: (itemId: number) => ['store-log', itemId] as const,
  requirementsInStore: ['requirements-in-store'] as const,
  /** Purchases waiting to be received against. */
  purchases: ['store-purchases'] as const,
};
/** What a movement changes: the levels, the forms' choices and every item's log. */
export const afterMovement = [storeKeys.level, storeKeys.choices, storeKeys.logAll];

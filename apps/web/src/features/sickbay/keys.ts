/** The sick bay's query keys (lib/query-keys.ts). */
export const sickbayKeys = { visits: (patient: string) => ['sickbay', patient] as const };

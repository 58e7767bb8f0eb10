/** Missing marks' query keys (lib/query-keys.ts). */
export const missingMarkKeys = {
  list: (scope: unknown, filters: unknown) => ['missing-marks', scope, filters] as const,
};

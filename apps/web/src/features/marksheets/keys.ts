/** The marksheets' query keys (lib/query-keys.ts); report cards reload a sheet by its call's path. */
export const marksheetKeys = {
  ofCall: (path: string) => ['marksheets', path] as const,
  sheet: (path: string, asked: unknown, extra: unknown) => ['marksheets', path, asked, extra] as const,
};

import type { ScreenLoader } from '../../app/lazy-screen';

/** This area's routes; its strings are `locales/en/fees-reports.json` (load a screen with `withStrings('fees-reports', …)`). */
export const feesReportScreens: Record<string, ScreenLoader> = {};

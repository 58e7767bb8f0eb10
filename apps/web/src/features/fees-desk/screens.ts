import type { ScreenLoader } from '../../app/lazy-screen';

/** This area's routes; its strings are `locales/en/fees-desk.json` (load a screen with `withStrings('fees-desk', …)`). */
export const feesDeskScreens: Record<string, ScreenLoader> = {};

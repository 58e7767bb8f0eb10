import type { ScreenLoader } from '../../app/lazy-screen';

/** This area's routes; its strings are `locales/en/fees-setup.json` (load a screen with `withStrings('fees-setup', …)`). */
export const feesSetupScreens: Record<string, ScreenLoader> = {};

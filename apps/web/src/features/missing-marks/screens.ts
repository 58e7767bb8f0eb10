import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const missing = (load: ScreenLoader) => withStrings('missing-marks', load);

/** This area's routes; its strings are `locales/en/missing-marks.json`. */
export const missingMarksScreens: Record<string, ScreenLoader> = {
  '/missing/marks': missing(() => import('./school-missing-marks')),
  '/class/missing/marks': missing(() => import('./class-missing-marks')),
  '/alevel/missing/marks': missing(() => import('./alevel-missing-marks')),
};

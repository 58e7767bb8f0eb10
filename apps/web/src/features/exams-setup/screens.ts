import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const setup = (load: ScreenLoader) => withStrings('exams-setup', load);

/** This area's routes; its strings are `locales/en/exams-setup.json`. */
export const examsSetupScreens: Record<string, ScreenLoader> = {
  '/exams/grading': setup(() => import('./grading')),
  '/exams/considered/sets': setup(() => import('./considered-sets')),
  '/exams/competences': setup(() => import('./competences')),
  '/report/setting': setup(() => import('./report-settings')),
};

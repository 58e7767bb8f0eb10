import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const sheet = (load: ScreenLoader) => withStrings('marksheets', load);

/**
 * The marksheet routes. The specification names the screens without saying which is which: /new/marksheet
 * is the old O-Level sheet, /new/marksheet100 the new-curriculum sheet out of 100 (CA/20 + exam/80) and
 * /new/subjectmarksheet one new-curriculum subject by competence.
 */
export const marksheetScreens: Record<string, ScreenLoader> = {
  '/new/marksheet': sheet(() => import('./olevel-marksheet')),
  '/new/marksheet100': sheet(() => import('./nlsc-marksheet')),
  '/new/subjectmarksheet': sheet(() => import('./nlsc-subject-marksheet')),
  '/view/alevel/marksheet': sheet(() => import('./alevel-marksheet')),
  '/alevel/subject/marksheet': sheet(() => import('./alevel-subject-marksheet')),
};

import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const subjects = (load: ScreenLoader) => withStrings('subjects', load);

/** This area's routes; its strings are `locales/en/subjects.json`. */
export const subjectScreens: Record<string, ScreenLoader> = {
  '/optional/subjects': subjects(() => import('./optional-subjects')),
  '/considered/papers': subjects(() => import('./considered-papers')),
  '/students/combination': subjects(() => import('./student-combinations')),
};

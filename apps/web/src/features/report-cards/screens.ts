import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

// These screens share the marksheets' class-and-term bar, whose strings are the marksheets'.
const cards = (load: ScreenLoader) => withStrings('report-cards', withStrings('marksheets', load));
const comments = () => import('./report-comments');

/** Comments, projects and report cards; strings in `locales/en/report-cards.json`. */
export const reportCardScreens: Record<string, ScreenLoader> = {
  '/report/comments': cards(() => comments().then((m) => ({ default: m.OlevelReportComments }))),
  '/report/comments/alevel': cards(() => comments().then((m) => ({ default: m.AlevelReportComments }))),
  '/report/comments/new': cards(() => comments().then((m) => ({ default: m.NewReportComments }))),
  '/student/comments': cards(() => import('./student-comments')),
  '/exams/projects': cards(() => import('./projects')),
};

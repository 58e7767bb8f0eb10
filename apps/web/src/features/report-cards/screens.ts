import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

// These screens share the marksheets' class-and-term bar, whose strings are the marksheets'.
const cards = (load: ScreenLoader) => withStrings('report-cards', withStrings('marksheets', load));
const comments = () => import('./report-comments');
const cardScreen = (name: keyof typeof import('./report-cards')) =>
  cards(() => import('./report-cards').then((m) => ({ default: m[name] })));

/** Comments, projects and report cards; strings in `locales/en/report-cards.json`. */
export const reportCardScreens: Record<string, ScreenLoader> = {
  '/report/comments': cards(() => comments().then((m) => ({ default: m.OlevelReportComments }))),
  '/report/comments/alevel': cards(() => comments().then((m) => ({ default: m.AlevelReportComments }))),
  '/report/comments/new': cards(() => comments().then((m) => ({ default: m.NewReportComments }))),
  '/student/comments': cards(() => import('./student-comments')),
  '/exams/projects': cards(() => import('./projects')),
  '/exams/ncdc/report': cards(() => import('./ncdc-report')),
  '/exams/reports': cardScreen('OlevelCards'),
  '/exams/vd/reports': cardScreen('OlevelDetailedCards'),
  '/exams/new/reports': cardScreen('NewCards'),
  '/exams/new/reports100': cardScreen('NewCards100'),
  '/exams/new/reports100kc': cardScreen('NewCards100Competences'),
  '/exams/newc/reports': cardScreen('NewTermReports'),
  '/exams/cbc/reports': cardScreen('CbcCards'),
  '/exams/alevel/reports': cardScreen('AlevelCards'),
  '/nc/alevel/reports': cardScreen('NewAlevelCards'),
};

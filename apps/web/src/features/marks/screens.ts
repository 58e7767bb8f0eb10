import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

const screen = (name: 'SelectExam' | 'OldMarks' | 'NewMarks' | 'AlevelMarks' | 'StaffMarks' | 'ViewMarks') =>
  withStrings('marks', () => import('./screens-list').then((m) => ({ default: m[name] })));

/** This area's routes; its strings are `locales/en/marks.json`. */
export const marksScreens: Record<string, ScreenLoader> = {
  '/select/enter/exam': screen('SelectExam'),
  '/enter/exam': screen('OldMarks'),
  '/enter/exam/new': screen('NewMarks'),
  '/enter/alevel/exam': screen('AlevelMarks'),
  '/enter/staff_marks': screen('StaffMarks'),
  '/view/exam/marks': screen('ViewMarks'),
};

import type { AnalysisName } from '@somero/contract';
import { createElement } from 'react';
import type { ScreenLoader } from '../../app/lazy-screen';
import { withStrings } from '../../app/with-strings';

type Curriculum = 'old' | 'new' | 'alevel';
interface Props {
  call: AnalysisName;
  curriculum: Curriculum | Curriculum[];
  bySet?: boolean;
}

// The analyses share the marksheets' class-and-term bar, whose strings are the marksheets'. The call is
// named, not imported, so its schemas load with the screen, not with the app.
const analysis = (props: Props): ScreenLoader =>
  withStrings(
    'analysis',
    withStrings('marksheets', () =>
      import('./analysis-screen').then((m) => ({ default: () => createElement(m.default, props) })),
    ),
  );

/** The analyses' routes; strings in `locales/en/analysis.json`. */
export const analysisScreens: Record<string, ScreenLoader> = {
  '/exam/set/analysis': analysis({ call: 'olevelSetAnalysis', curriculum: ['old', 'new'], bySet: true }),
  '/exam/class/performance': analysis({ call: 'olevelClassPerformance', curriculum: ['old', 'new'] }),
  '/alevel/set/analysis': analysis({ call: 'alevelSetAnalysis', curriculum: 'alevel', bySet: true }),
  '/alevel/subject/analysis': analysis({ call: 'alevelSubjectAnalysis', curriculum: 'alevel' }),
  '/alevel/paper/analysis': analysis({ call: 'alevelPaperAnalysis', curriculum: 'alevel' }),
  '/alevel/points/analysis': analysis({ call: 'alevelPointsAnalysis', curriculum: 'alevel' }),
  '/new/subject/bygrade': analysis({ call: 'nlscSubjectPerformance', curriculum: 'new' }),
  '/new/subject/byidf': analysis({ call: 'nlscSubjectPerformanceByIdentifier', curriculum: 'new' }),
};

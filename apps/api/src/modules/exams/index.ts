// The exams area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { analysisRoutes } from './analysis/routes.js';
import { competenceRoutes } from './competences.js';
import { marksRoutes } from './marks/marks.js';
import { missingMarksRoutes } from './marks/missing.js';
import { marksheetRoutes } from './marksheets/routes.js';
import { ncdcRoutes } from './ncdc-export.js';
import { projectRoutes } from './projects.js';
import { connectFeesBalances } from './report-cards/cards.js';
import { commentRoutes } from './report-cards/comments.js';
import { reportCardRoutes } from './report-cards/routes.js';
import { reportSettingsRoutes } from './report-cards/settings.js';
import { curriculumRoutes } from './setup/curriculum-change.js';
import { gradingRoutes } from './setup/grading-routes.js';
import { setRoutes } from './setup/sets-routes.js';

export { academicTile, teacherTile } from './dashboard.js';
export { alevelMarksheet, principalResult, readAlevelMarks } from './marksheets/alevel.js';
export { type ClassMarks, readClassMarks, termMark } from './marksheets/data.js';
export { nlscMarksheet, nlscResult, readNlscMarks } from './marksheets/nlsc.js';
export { olevelMarksheet } from './marksheets/olevel.js';
export { alevelSubjectMarksheet, nlscSubjectMarksheet } from './marksheets/subjects.js';
export { yearEndDecisions } from './report-cards/cards.js';
export { parentResult } from './report-cards/parent-result.js';
export { studentReportCardPdf } from './report-cards/routes.js';
export { defaultReportSettings, type ReportSettings, readReportSettings } from './report-cards/settings.js';
export {
  defaultGrading,
  defaultMarksPolicy,
  type MarksPolicy,
  type SchoolGrading,
  schoolGrading,
} from './setup/grading.js';
export { type ConsideredSet, consideredSetsFor } from './setup/sets.js';
export { type ClassOfTerm, classRoster, curriculumLevels, type RosterStudent, subjectTakers } from './takers.js';

/** The exams area as the app registers it (`modules/areas.ts`): its parts' routes in this order. */
export const area: Area = {
  name: 'exams',
  routes(ctx) {
    // The report cards read fees balances from the context, as every area does.
    connectFeesBalances(ctx.feesBalances);
    missingMarksRoutes(ctx);
    marksheetRoutes(ctx);
    reportSettingsRoutes(ctx);
    commentRoutes(ctx);
    curriculumRoutes(ctx);
    projectRoutes(ctx);
    reportCardRoutes(ctx);
    ncdcRoutes(ctx);
    analysisRoutes(ctx);
    gradingRoutes(ctx);
    setRoutes(ctx);
    competenceRoutes(ctx);
    marksRoutes(ctx);
  },
};

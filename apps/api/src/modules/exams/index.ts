// The exams area's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { analysisRoutes } from './analysis.js';
import { commentRoutes } from './comments.js';
import { competenceRoutes } from './competences.js';
import { curriculumRoutes } from './curriculum-change.js';
import { gradingRoutes } from './grading-routes.js';
import { marksRoutes } from './marks.js';
import { marksheetRoutes } from './marksheet-routes.js';
import { missingMarksRoutes } from './missing.js';
import { ncdcRoutes } from './ncdc-export.js';
import { projectRoutes } from './projects.js';
import { reportCardRoutes } from './report-card-routes.js';
import { connectFeesBalances } from './report-cards.js';
import { reportSettingsRoutes } from './report-settings.js';
import { setRoutes } from './sets-routes.js';

export { academicTile, teacherTile } from './dashboard.js';
export { defaultGrading, defaultMarksPolicy, type MarksPolicy, type SchoolGrading, schoolGrading } from './grading.js';
export { alevelMarksheet, principalResult, readAlevelMarks } from './marksheet-alevel.js';
export { type ClassMarks, readClassMarks, termMark } from './marksheet-data.js';
export { nlscMarksheet, nlscResult, readNlscMarks } from './marksheet-nlsc.js';
export { olevelMarksheet } from './marksheet-olevel.js';
export { alevelSubjectMarksheet, nlscSubjectMarksheet } from './marksheet-subjects.js';
export { studentReportCardPdf } from './report-card-routes.js';
export { yearEndDecisions } from './report-cards.js';
export { defaultReportSettings, type ReportSettings, readReportSettings } from './report-settings.js';
export { type ConsideredSet, consideredSetsFor } from './sets.js';
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

// The exams area's public face: what other areas and the app may import.

export { analysisRoutes } from './analysis.js';
export { commentRoutes } from './comments.js';
export { competenceRoutes } from './competences.js';
export { curriculumRoutes } from './curriculum-change.js';
export { academicTile, teacherTile } from './dashboard.js';
export { defaultGrading, defaultMarksPolicy, type MarksPolicy, type SchoolGrading, schoolGrading } from './grading.js';
export { gradingRoutes } from './grading-routes.js';
export { marksRoutes } from './marks.js';
export { alevelMarksheet, principalResult, readAlevelMarks } from './marksheet-alevel.js';
export { type ClassMarks, readClassMarks, termMark } from './marksheet-data.js';
export { nlscMarksheet, nlscResult, readNlscMarks } from './marksheet-nlsc.js';
export { olevelMarksheet } from './marksheet-olevel.js';
export { marksheetRoutes } from './marksheet-routes.js';
export { alevelSubjectMarksheet, nlscSubjectMarksheet } from './marksheet-subjects.js';
export { missingMarksRoutes } from './missing.js';
export { ncdcRoutes } from './ncdc-export.js';
export { parentResult } from './parent-result.js';
export { projectRoutes } from './projects.js';
export { reportCardRoutes, studentReportCardPdf } from './report-card-routes.js';
export { yearEndDecisions } from './report-cards.js';
export {
  defaultReportSettings,
  type ReportSettings,
  readReportSettings,
  reportSettingsRoutes,
} from './report-settings.js';
export { type ConsideredSet, consideredSetsFor } from './sets.js';
export { setRoutes } from './sets-routes.js';
export { type ClassOfTerm, classRoster, curriculumLevels, type RosterStudent, subjectTakers } from './takers.js';

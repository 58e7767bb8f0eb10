// The exams area's public face: what other areas and the app may import.

export { competenceRoutes } from './competences.js';
export { defaultGrading, defaultMarksPolicy, type MarksPolicy, type SchoolGrading, schoolGrading } from './grading.js';
export { gradingRoutes } from './grading-routes.js';
export { type ConsideredSet, consideredSetsFor } from './sets.js';
export { setRoutes } from './sets-routes.js';
export { type ClassOfTerm, classRoster, curriculumLevels, type RosterStudent, subjectTakers } from './takers.js';

// The exams area's public face: what other areas and the app may import.
export { defaultGrading, defaultMarksPolicy, type MarksPolicy, type SchoolGrading, schoolGrading } from './grading.js';
export { marksRoutes } from './marks.js';
export { type ConsideredSet, consideredSetsFor } from './sets.js';
export { type ClassOfTerm, classRoster, curriculumLevels, type RosterStudent, subjectTakers } from './takers.js';

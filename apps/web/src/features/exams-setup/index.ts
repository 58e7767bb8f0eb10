// Exams set-up's public face: the school's grading for marks entry and marksheets.
export { gradingKey, type MarkKind, type SchoolGrading, useSchoolGrading } from './use-school-grading';

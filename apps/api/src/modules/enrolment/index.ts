// Enrolment (a student's class, stream and section in each term, `student_terms`): written by students
// (admission, edits, migration) and read by fees (what each term charges). Its own area, so that
// neither depends on the other for it.
export {
  dropEnrolments,
  enrolAdmitted,
  enrolledCurrentTerm,
  enrolmentsOf,
  ensureEnrolled,
  followPlacement,
} from './enrolment.js';

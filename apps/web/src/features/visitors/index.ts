// The visitors book's public face: the student profile's Visits tab (loaded when the tab is opened).
export { default as StudentVisits } from './student-visits';

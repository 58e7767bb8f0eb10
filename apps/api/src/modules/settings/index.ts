// The settings area's public face (the school, its calendar and current term): what other areas and
// the app may import.
export { settingsRoutes } from './routes.js';
export { calendarOf, currentTerm, schoolDetailsOf, schoolForDocuments, setUpNewSchool } from './school.js';

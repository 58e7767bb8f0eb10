// The sick bay area's public face: what other areas and the app may import.
export { defaultSickbayProblems, fillDemoSickbay, seedSickbayProblems } from './demo.js';
export { sickbayRoutes } from './routes.js';
export { type SickbayToday, sickbayToday } from './tiles.js';

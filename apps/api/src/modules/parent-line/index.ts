// The parents' line's public face (issue 29): what other areas and the app may import.
export { fillDemoParentLine } from './demo.js';
export { parentLineRoutes } from './routes.js';
export { unansweredQuestions } from './sessions.js';

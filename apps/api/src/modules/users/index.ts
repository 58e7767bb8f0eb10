// The users area's public face: what other areas and the app may import.
export { userRoutes } from './routes.js';
export { holdsAll, mayManage, refuseGroupBeyond, refuseManaging } from './rules.js';
export { createSchool } from './school.js';

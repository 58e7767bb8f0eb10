// The audits area's public face: what other areas and the app may import.
export { auditRoutes, auditRows, recentActivity } from './routes.js';

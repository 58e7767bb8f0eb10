// The assets area's public face: what other areas and the app may import.
export { assetRoutes } from './routes.js';

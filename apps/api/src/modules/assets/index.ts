// The assets area's public face: what other areas and the app may import.
export { assetPurchaseDocument, assetRoutes } from './routes.js';

// The store's public face: what other areas and the app may import.
import type { Area } from '../module.js';
import { storeRoutes } from './routes.js';

export { fillDemoStore, seedStoreUnits } from './demo.js';
export { type Receipt, receiveStock } from './movements.js';
export { type StoreBelowReorder, storeBelowReorder } from './tiles.js';

/** The store as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'store', routes: storeRoutes };

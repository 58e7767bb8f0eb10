// The store's public face: what other areas and the app may import.
export { fillDemoStore, seedStoreUnits } from './demo.js';
export { type Receipt, receiveStock } from './movements.js';
export { storeRoutes } from './routes.js';
export { type StoreBelowReorder, storeBelowReorder } from './tiles.js';

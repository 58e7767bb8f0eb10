// The operator area's public face: the service's console (the person who runs Somero for many schools).
import type { Area } from '../module.js';
import { operatorRoutes } from './routes.js';

export { addOperator, disableOperator } from './accounts.js';
export { schoolStatusOf } from './schools.js';

/** The operator's console as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'operator', routes: operatorRoutes };

// The departments area's public face: Download Center, departments and their reports.
import type { Area } from '../module.js';
import { departmentRoutes } from './routes.js';

export { fillDemoDepartments, smallPdf } from './demo.js';
// The Download Center's upload check (content, size) and file sending, which E-Learning reuses.
export { checkedUpload, sendKept } from './routes.js';

/** The departments area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'departments', routes: departmentRoutes };

// The finance reports' public face (issue 12 §4): income statement, income and expenditure, cash flow, account analysis.
import type { Area } from '../module.js';
import { financeReportRoutes } from './routes.js';

/** The finance-reports area as the app registers it (`modules/areas.ts`). */
export const area: Area = { name: 'finance-reports', routes: financeReportRoutes };

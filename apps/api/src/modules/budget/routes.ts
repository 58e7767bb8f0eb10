import type { ModuleContext } from '../module.js';
import { outturnRoutes } from './outturn.js';
import { projectionRoutes } from './projections.js';
import { yearRoutes } from './years.js';

/** The budget area's calls: financial years, the revenue and expense budgets, and budget to actual. */
export function budgetRoutes(ctx: ModuleContext) {
  yearRoutes(ctx);
  projectionRoutes(ctx);
  outturnRoutes(ctx);
}

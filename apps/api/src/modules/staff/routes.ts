import type { ModuleContext } from '../module.js';
import { importRoutes } from './imports.js';
import { profileRoutes } from './profile.js';
import { registerRoutes } from './register.js';
import { teachingLoadRoutes } from './teaching-load.js';

/**
 * The staff register's own verbs (issue 10 §2): adding and changing with unique initials, the
 * profile, one teaching load by name (GET staff_subjects/{id}), the sign-in link, the import and the
 * teaching load's grid. Positions, listing, removing and the teaching load's rows are declared entities.
 * Payroll, advances and the rest of staff come later, in this area.
 */
export function staffRoutes(ctx: ModuleContext) {
  registerRoutes(ctx);
  profileRoutes(ctx);
  importRoutes(ctx);
  teachingLoadRoutes(ctx);
}

import type { ModuleContext } from '../module.js';

/** School details, current settings, term dates, curriculum, stream lists and files. */
export function settingsRoutes(_ctx: ModuleContext) {}

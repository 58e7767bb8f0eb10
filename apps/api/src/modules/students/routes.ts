import type { ModuleContext } from '../module.js';

/** The student register: admissions, lists, profile, bulk edits, migration, imports, photos, accounts, ID cards, pass-outs. */
export function studentRoutes(_ctx: ModuleContext) {}

import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

const screens: Record<string, () => Promise<ComponentType>> = {
  Lists: () => import('./lists').then((m) => m.default),
  Collection: () => import('./collection').then((m) => m.default),
  Arrears: () => import('./arrears').then((m) => m.default),
  Report: () => import('./report').then((m) => m.default),
};
export type RequirementsScreen = 'Lists' | 'Collection' | 'Arrears' | 'Report';

/** A screen with its strings loaded: the area's own and the fees reports' (the export button). */
export async function withStrings(name: RequirementsScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([
    screens[name](),
    ...['requirements', 'fees-reports', 'fees-desk'].map((ns) => loadStrings(ns)),
  ]);
  return { default: screen as ComponentType };
}

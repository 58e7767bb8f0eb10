import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

const screens: Record<string, () => Promise<ComponentType>> = {
  Visitors: () => import('./visitors').then((m) => m.default),
  VisitorsReport: () => import('./visitors-report').then((m) => m.default),
};
export type VisitorsScreen = 'Visitors' | 'VisitorsReport';

/** A screen with its strings: the area's own, the fees desk's (the delete dialog), the fees reports' (export). */
export async function withStrings(name: VisitorsScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([
    screens[name](),
    ...['visitors', 'fees-desk', 'fees-reports'].map((ns) => loadStrings(ns)),
  ]);
  return { default: screen as ComponentType };
}

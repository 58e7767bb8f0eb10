import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

const screens: Record<string, () => Promise<ComponentType>> = {
  Events: () => import('./events').then((m) => m.default),
  EventsReport: () => import('./events-report').then((m) => m.default),
};
export type EventsScreen = 'Events' | 'EventsReport';

/** A screen with its strings: the area's own and the fees reports' (the export button). */
export async function withStrings(name: EventsScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([screens[name](), ...['events', 'fees-reports'].map((ns) => loadStrings(ns))]);
  return { default: screen as ComponentType };
}

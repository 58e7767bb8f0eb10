import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';
import VisitsScreen from './visits';

// One chunk for the area's four routes keeps the app's route table small (one import, not four); the
// reports, with the chart library, still load only when opened.

/** /student/medication: students' visits. */
function StudentVisits() {
  return <VisitsScreen patient="student" />;
}

/** /staff/medication: staff's visits. */
function StaffVisits() {
  return <VisitsScreen patient="staff" />;
}

const screens: Record<string, () => Promise<ComponentType>> = {
  StudentVisits: async () => StudentVisits,
  StaffVisits: async () => StaffVisits,
  SickbayReport: () => import('./sickbay-report').then((m) => m.default),
  SickbayPeriodic: () => import('./sickbay-periodic').then((m) => m.default),
};
export type SickbayScreen = 'StudentVisits' | 'StaffVisits' | 'SickbayReport' | 'SickbayPeriodic';

/**
 * A screen with its strings loaded: the area's own, the fees desk's (the delete dialog) and the fees
 * reports' (the export button).
 */
export async function withStrings(name: SickbayScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([
    screens[name](),
    ...['sickbay', 'fees-desk', 'fees-reports'].map((ns) => loadStrings(ns)),
  ]);
  return { default: screen as ComponentType };
}

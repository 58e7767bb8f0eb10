import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

// One chunk for the area's routes keeps the app's route table small; each screen loads on its own.
const screens = {
  Register: () => import('./register').then((m) => m.default),
  StudentCheckIn: () => import('./gate').then((m) => m.StudentCheckIn),
  StudentCheckOut: () => import('./gate').then((m) => m.StudentCheckOut),
  StaffCheckIn: () => import('./gate').then((m) => m.StaffCheckIn),
  StaffCheckOut: () => import('./gate').then((m) => m.StaffCheckOut),
  StudentReport: () => import('./report').then((m) => m.StudentReport),
  StudentSummary: () => import('./summary').then((m) => m.StudentSummary),
  StaffReport: () => import('./report').then((m) => m.StaffReport),
  StaffSummary: () => import('./summary').then((m) => m.StaffSummary),
  RollcallCategories: () =>
    import('../../components/resource/resource-screen').then((m) => m.resourceScreenFor('rollcal/categories')),
  TakeRollcall: () => import('./rollcall-take').then((m) => m.default),
  RollcallReport: () => import('./rollcall-report').then((m) => m.default),
} satisfies Record<string, () => Promise<ComponentType>>;
export type AttendanceScreen = keyof typeof screens;

/** A screen with its strings loaded: the area's own and the fees reports' (the export button). */
export async function withStrings(name: AttendanceScreen): Promise<ScreenModule> {
  const [screen] = await Promise.all([screens[name](), ...['attendance', 'fees-reports'].map((ns) => loadStrings(ns))]);
  return { default: screen as ComponentType };
}

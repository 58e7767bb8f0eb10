import { reportSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import type { SchoolScope } from '../../core/scope.js';

export type ReportSettings = Omit<typeof reportSettings.$inferSelect, 'schoolId' | 'updatedAt'>;

/** What a school that saved nothing prints: the table's defaults (no positions for the new curriculum). */
export const defaultReportSettings: ReportSettings = {
  positionsOlevel: true,
  positionsAlevel: true,
  positionsNew: false,
  showNextTermFees: true,
  showBalance: true,
  showGradingKey: true,
  headTeacherSignatureFileId: null,
  stampFileId: null,
  withholdWhenOwing: false,
  withholdAbove: 0,
};

/** The school's report settings (`/report/setting`), or the defaults where it saved none. */
export async function readReportSettings(scope: SchoolScope): Promise<ReportSettings> {
  const [row] = await scope.db.select().from(reportSettings).where(eq(reportSettings.schoolId, scope.schoolId));
  if (!row) return { ...defaultReportSettings };
  const { schoolId: _school, updatedAt: _updated, ...settings } = row;
  return settings;
}

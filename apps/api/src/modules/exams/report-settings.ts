import { getReportSettings, type ReportSettingsView, reportSettings, saveReportSettings } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { saveFile } from '../../core/files.js';
import type { SchoolScope } from '../../core/scope.js';
import { prepareImage } from '../../documents/images.js';
import type { ModuleContext } from '../module.js';

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

const view = (s: ReportSettings): ReportSettingsView => ({
  positions_olevel: s.positionsOlevel,
  positions_alevel: s.positionsAlevel,
  positions_new: s.positionsNew,
  show_next_term_fees: s.showNextTermFees,
  show_balance: s.showBalance,
  show_grading_key: s.showGradingKey,
  withhold_when_owing: s.withholdWhenOwing,
  withhold_above: s.withholdAbove,
  head_teacher_signature_file_id: s.headTeacherSignatureFileId,
  stamp_file_id: s.stampFileId,
});

/** An image sent: stored (checked and resized like the logo); null: removed; left out: unchanged. */
async function imageField(scope: SchoolScope, kind: 'signature' | 'stamp', sent: { data: string } | null | undefined) {
  if (sent === undefined) return undefined;
  if (sent === null) return null;
  return saveFile(scope, kind, await prepareImage(sent.data, 'logo'));
}

/** `/report/setting`: GET and POST report_settings (one row per school, written whole on first save). */
export function reportSettingsRoutes({ serve }: ModuleContext) {
  serve(getReportSettings, async ({ scope }) => ({ data: view(await readReportSettings(scope)) }));

  serve(saveReportSettings, async ({ input, scope }) => {
    const saved = await scope.transaction(async (tx) => {
      const before = await readReportSettings(tx);
      const signature = await imageField(tx, 'signature', input.signature);
      const stamp = await imageField(tx, 'stamp', input.stamp);
      const after: ReportSettings = {
        positionsOlevel: input.positions_olevel ?? before.positionsOlevel,
        positionsAlevel: input.positions_alevel ?? before.positionsAlevel,
        positionsNew: input.positions_new ?? before.positionsNew,
        showNextTermFees: input.show_next_term_fees ?? before.showNextTermFees,
        showBalance: input.show_balance ?? before.showBalance,
        showGradingKey: input.show_grading_key ?? before.showGradingKey,
        withholdWhenOwing: input.withhold_when_owing ?? before.withholdWhenOwing,
        withholdAbove: input.withhold_above ?? before.withholdAbove,
        headTeacherSignatureFileId: signature === undefined ? before.headTeacherSignatureFileId : signature,
        stampFileId: stamp === undefined ? before.stampFileId : stamp,
      };
      await tx.db
        .insert(reportSettings)
        .values({ schoolId: tx.schoolId, ...after })
        .onConflictDoUpdate({ target: reportSettings.schoolId, set: { ...after, updatedAt: new Date() } });
      await tx.audit({
        action: 'update',
        module: 'exams',
        entity: 'report_settings',
        entityId: tx.schoolId,
        before,
        after,
      });
      return after;
    });
    return { data: view(saved), message: 'Report Settings Saved Successfully' };
  });
}

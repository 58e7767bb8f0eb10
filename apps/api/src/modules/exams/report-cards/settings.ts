import {
  getReportSettings,
  promotions,
  type ReportSettingsView,
  reportSettings,
  savePromotion,
  saveReportSettings,
  students,
} from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { NotFound } from '../../../core/errors.js';
import { saveFile } from '../../../core/files.js';
import type { SchoolScope } from '../../../core/scope.js';
import { prepareImage } from '../../../documents/images.js';
import type { ModuleContext } from '../../module.js';

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
  markDecimals: 0,
  subjectPlaces: true,
  showPromotion: true,
  promoteDivision: 4,
  promoteAverage: 40,
  promotePoints: 2,
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
  mark_decimals: s.markDecimals,
  subject_places: s.subjectPlaces,
  show_promotion: s.showPromotion,
  promote_division: s.promoteDivision,
  promote_average: s.promoteAverage,
  promote_points: s.promotePoints,
  head_teacher_signature_file_id: s.headTeacherSignatureFileId,
  stamp_file_id: s.stampFileId,
});

/** An image sent: stored (checked and resized like the logo); null: removed; left out: unchanged. */
async function imageField(scope: SchoolScope, kind: 'signature' | 'stamp', sent: { data: string } | null | undefined) {
  if (sent === undefined) return undefined;
  if (sent === null) return null;
  return saveFile(scope, kind, await prepareImage(sent.data, 'logo'));
}

/**
 * `/report/setting`: GET and POST report_settings (one row per school, written whole on first save);
 * the promotion decision per student, over the settings' rule.
 */
export function reportSettingsRoutes({ serve }: ModuleContext) {
  serve(savePromotion, async ({ input, scope, caller }) => {
    await scope.transaction(async (tx) => {
      const [student] = await tx.db
        .select({ id: students.id })
        .from(students)
        .where(tx.mine(students, eq(students.id, input.student_id)));
      if (!student) throw new NotFound('student');
      const which = tx.mine(
        promotions,
        and(eq(promotions.studentId, input.student_id), eq(promotions.year, input.year)),
      );
      const [before] = await tx.db.select().from(promotions).where(which);
      if (input.decision === null) {
        if (!before) return;
        await tx.db.delete(promotions).where(which);
        await tx.audit({ action: 'delete', module: 'exams', entity: 'promotions', entityId: before.id, before });
        return;
      }
      const [after] = before
        ? await tx.db
            .update(promotions)
            .set({ decision: input.decision, decidedBy: caller.userId, updatedAt: now() })
            .where(which)
            .returning()
        : await tx.db
            .insert(promotions)
            .values({
              schoolId: tx.schoolId,
              studentId: input.student_id,
              year: input.year,
              decision: input.decision,
              decidedBy: caller.userId,
            })
            .returning();
      await tx.audit({
        action: before ? 'update' : 'create',
        module: 'exams',
        entity: 'promotions',
        entityId: after?.id ?? 0,
        before: before ?? null,
        after,
      });
    });
    return {
      data: { student_id: input.student_id, decision: input.decision },
      message: 'Promotion Saved Successfully',
    };
  });

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
        markDecimals: input.mark_decimals ?? before.markDecimals,
        subjectPlaces: input.subject_places ?? before.subjectPlaces,
        showPromotion: input.show_promotion ?? before.showPromotion,
        promoteDivision: input.promote_division ?? before.promoteDivision,
        promoteAverage: input.promote_average ?? before.promoteAverage,
        promotePoints: input.promote_points ?? before.promotePoints,
        headTeacherSignatureFileId: signature === undefined ? before.headTeacherSignatureFileId : signature,
        stampFileId: stamp === undefined ? before.stampFileId : stamp,
      };
      await tx.db
        .insert(reportSettings)
        .values({ schoolId: tx.schoolId, ...after })
        .onConflictDoUpdate({ target: reportSettings.schoolId, set: { ...after, updatedAt: now() } });
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

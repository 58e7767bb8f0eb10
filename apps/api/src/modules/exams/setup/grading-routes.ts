import {
  type GradingKind,
  type GradingKindRow,
  getGrading,
  gradeMark,
  gradingKindId,
  gradingKindOf,
  gradingKinds,
  gradingRowsInput,
  gradingTables,
  putGrading,
  resetGrading,
} from '@somero/contract';
import {
  disputedPrincipalTuples,
  gradeName,
  nlscGrade,
  olevelGrade,
  type PrincipalTable,
  uacePrincipal,
} from '@somero/grading';
import { eq } from 'drizzle-orm';
import { HttpError, NotFound } from '../../../core/errors.js';
import type { SchoolScope } from '../../../core/scope.js';
import type { ModuleContext } from '../../module.js';
import { disputedReadings, effectiveRows, isDefault, principalChanges, readingOf, schoolGrading } from './grading.js';

const module = 'exams';

/** The school's saved row of a kind, if any. */
async function savedRow(scope: SchoolScope, kind: GradingKind) {
  const [row] = await scope.db
    .select()
    .from(gradingTables)
    .where(scope.mine(gradingTables, eq(gradingTables.kind, kind)));
  return row;
}

/** One kind as the screen shows it: the table in force, whether it is the default, the reading. */
function kindView(kind: GradingKind, saved: unknown): GradingKindRow {
  const rows = effectiveRows(kind, saved);
  const view: GradingKindRow = {
    id: gradingKindId(kind),
    kind,
    label: gradingKinds.find((k) => k.value === kind)!.label,
    rows,
    is_default: saved == null,
    reading: readingOf(kind, rows),
  };
  if (kind === 'alevel_principal')
    view.disputed = disputedPrincipalTuples.map((tuple) => ({
      tuple,
      grade: uacePrincipal(tuple.split('-').map(Number) as never, rows as PrincipalTable),
      ...disputedReadings[tuple],
    }));
  return view;
}

function kindOf(id: number): GradingKind {
  const kind = gradingKindOf(id);
  if (!kind) throw new NotFound('grading table');
  return kind;
}

export function gradingRoutes({ serve }: ModuleContext) {
  serve(getGrading, async ({ scope }) => {
    const saved = await scope.db.select().from(gradingTables).where(scope.mine(gradingTables));
    const byKind = new Map(saved.map((r) => [r.kind, r.rows]));
    return { data: gradingKinds.map((k) => kindView(k.value, byKind.get(k.value))) };
  });

  serve(putGrading, async ({ id, input, scope }) => {
    const kind = kindOf(id);
    const parsed = gradingRowsInput[kind].safeParse(input.rows);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = ['rows', ...issue.path.map(String)].join('.');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      throw new HttpError(422, 'Some fields need attention', errors);
    }
    // A principal table keeps only the cells the school changed; the default table fills the rest.
    const rows = kind === 'alevel_principal' ? principalChanges(parsed.data as PrincipalTable) : parsed.data;
    const effective = effectiveRows(kind, rows);
    const view = await scope.transaction(async (tx) => {
      const before = await savedRow(tx, kind);
      const table = tx.table(gradingTables, module);
      // Saving exactly the default is a reset: the school follows the default again.
      if (isDefault(kind, effective)) {
        if (before) await table.remove(before.id);
        return kindView(kind, undefined);
      }
      const values = { kind, rows, reading: readingOf(kind, effective) };
      if (before) await table.update(before.id, values);
      else await table.insert(values);
      return kindView(kind, rows);
    });
    return { data: view, message: 'Grading Saved Successfully' };
  });

  serve(resetGrading, async ({ id, scope }) => {
    const kind = kindOf(id);
    await scope.transaction(async (tx) => {
      const before = await savedRow(tx, kind);
      if (before) await tx.table(gradingTables, module).remove(before.id);
    });
    return { data: kindView(kind, undefined), message: 'Default Grading Restored' };
  });

  serve(gradeMark, async ({ input, scope }) => {
    const grading = await schoolGrading(scope);
    if (input.kind === 'nlsc')
      return { data: { mark: input.mark, kind: input.kind, grade: nlscGrade(input.mark, grading.nlsc), value: null } };
    const value = olevelGrade(input.mark, input.kind === 'olevel' ? grading.olevel : grading.alevelPaper);
    return { data: { mark: input.mark, kind: input.kind, grade: gradeName(value), value } };
  });
}

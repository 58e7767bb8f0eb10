import { type GradingKind, type GradingKindRow, getGrading } from '@somero/contract';
import {
  gradeName,
  type NlscGradeTable,
  nlscGrade,
  type OlevelGradeTable,
  olevelGrade,
  type PrincipalTable,
  type UacePointsScheme,
} from '@somero/grading';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchData } from '../../lib/api';
import { examSetupKeys } from './keys';

export const gradingKey = examSetupKeys.grading;

/** The kinds a single mark is graded by. */
export type MarkKind = 'olevel' | 'alevel_paper' | 'nlsc';

export interface SchoolGrading {
  /** Each kind as GET grading answers it (the school's table or the default, and the reading in force). */
  kinds: Partial<Record<GradingKind, GradingKindRow>>;
  olevel?: OlevelGradeTable;
  alevelPaper?: OlevelGradeTable;
  alevelPrincipal?: PrincipalTable;
  uacePoints?: UacePointsScheme;
  nlsc?: NlscGradeTable;
  policy?: { missingMarks: 'exclude' | 'zero'; positions: boolean };
  /**
   * The grade of a mark out of 100 under the school's table ("C3", "B"), computed here as the teacher
   * types; null while the tables load or for a mark that is not 0–100.
   */
  grade: (kind: MarkKind, mark: number | null | undefined) => string | null;
}

/** The school's grading tables (GET grading, cached) and a grader over them, for marks entry and the grading screen. */
export function useSchoolGrading() {
  const query = useQuery({ queryKey: gradingKey, queryFn: () => fetchData(getGrading, {}).then((r) => r.data) });
  const grading = useMemo<SchoolGrading>(() => {
    const kinds = Object.fromEntries((query.data ?? []).map((k) => [k.kind, k])) as SchoolGrading['kinds'];
    const rows = <T>(kind: GradingKind) => kinds[kind]?.rows as T | undefined;
    const olevel = rows<OlevelGradeTable>('olevel');
    const alevelPaper = rows<OlevelGradeTable>('alevel_paper');
    const nlsc = rows<NlscGradeTable>('nlsc');
    return {
      kinds,
      olevel,
      alevelPaper,
      alevelPrincipal: rows<PrincipalTable>('alevel_principal'),
      uacePoints: rows<UacePointsScheme>('uace_points'),
      nlsc,
      policy: rows('policy'),
      grade: (kind, mark) => {
        if (mark == null || !Number.isFinite(mark) || mark < 0 || mark > 100) return null;
        if (kind === 'nlsc') return nlsc ? nlscGrade(mark, nlsc) : null;
        const table = kind === 'olevel' ? olevel : alevelPaper;
        return table ? gradeName(olevelGrade(mark, table)) : null;
      },
    };
  }, [query.data]);
  return { ...grading, query };
}

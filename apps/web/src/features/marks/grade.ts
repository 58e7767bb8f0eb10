import { gradeName, nlscGrade, olevelGrade } from '@somero/grading';

/**
 * The grade shown beside a mark as it is typed, on the mark out of 100. The package's default tables
 * for now: when the school's grading (GET grading, `useSchoolGrading()` of features/exams-setup) lands,
 * this one function takes the school's tables instead.
 */
export function gradeOf(curriculum: string, mark: number, max: number): string {
  const outOf100 = Math.round((mark * 100) / max);
  if (curriculum === 'new') return nlscGrade(outOf100);
  return gradeName(olevelGrade(outOf100));
}

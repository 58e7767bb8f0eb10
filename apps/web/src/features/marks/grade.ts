import type { SchoolGrading } from '../exams-setup';

/**
 * The grade shown beside a mark as it is typed: the mark out of 100 under the school's own table
 * (GET grading, through `useSchoolGrading()`), by the grid's curriculum. Null while the tables load.
 */
export function gradeOf(grading: SchoolGrading, curriculum: string, mark: number, max: number): string | null {
  const outOf100 = Math.round((mark * 100) / max);
  const kind = curriculum === 'new' ? 'nlsc' : curriculum === 'alevel' ? 'alevel_paper' : 'olevel';
  return grading.grade(kind, outOf100);
}

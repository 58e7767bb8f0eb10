import type { SchoolGrading } from '../exams-setup';
import type { Typed } from './cell-text';

/**
 * The grade shown beside a mark as it is typed: the mark out of 100 under the school's own table
 * (GET grading, through `useSchoolGrading()`), by the grid's curriculum. Only a mark that can be saved
 * has one: a whole number from 0 to the set's maximum (67.5, or 51 of 50, is refused, so no grade shows).
 * Null too while the tables load.
 */
export function gradeOf(grade: SchoolGrading['grade'], curriculum: string, typed: Typed, max: number): string | null {
  if (typed.kind !== 'number' || !Number.isInteger(typed.value) || typed.value < 0 || typed.value > max) return null;
  const outOf100 = Math.round((typed.value * 100) / max);
  const kind = curriculum === 'new' ? 'nlsc' : curriculum === 'alevel' ? 'alevel_paper' : 'olevel';
  return grade(kind, outOf100);
}

/**
 * Which subjects are compulsory where (DOMAIN §3.1): the new curriculum's S1–S2 take eleven compulsory
 * subjects, S3–S4 seven (English, Mathematics, History & Political Education, Geography, Physics,
 * Chemistry, Biology). A compulsory subject is compulsory in every class of its level, or in S1–S2
 * ('lower') or S3–S4 ('upper') only; S1–S2 are the classes ordered 1 and 2, S3–S4 those after them.
 */

/** The order of the last class counted as S1–S2. */
export const LOWER_CLASSES_TO_RANK = 2;

export interface CompulsoryOf {
  compulsory: boolean;
  /** 'lower' (S1–S2 only), 'upper' (S3–S4 only); null: every class. */
  compulsoryIn: string | null;
}

/** Whether every student of a class of order `classRank` (S1 = 1) takes the subject. */
export function compulsoryInClass(subject: CompulsoryOf, classRank: number): boolean {
  if (!subject.compulsory) return false;
  if (subject.compulsoryIn === 'lower') return classRank <= LOWER_CLASSES_TO_RANK;
  if (subject.compulsoryIn === 'upper') return classRank > LOWER_CLASSES_TO_RANK;
  return true;
}

/** The UCE result asks for the subjects compulsory in S3–S4 (not those of S1–S2 only). */
export const compulsoryForUce = (subject: CompulsoryOf): boolean =>
  subject.compulsory && subject.compulsoryIn !== 'lower';

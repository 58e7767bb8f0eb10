/**
 * Which subjects a class takes, and how a subject is named where the same name stands at several
 * levels ("Mathematics" is an old O-Level, a new lower secondary and an A-Level subject). Pure, for the
 * API's refusals and every subject picker of the web alike.
 */

/** The subject levels a class of a curriculum takes: new lower secondary, old O-Level, or A-Level with subsidiaries. */
export const subjectLevelsOf = (curriculum: string | undefined): string[] =>
  curriculum === 'new'
    ? ['nlsc']
    : curriculum === 'old'
      ? ['olevel']
      : curriculum === 'alevel'
        ? ['alevel', 'subsidiary']
        : [];

/** A subject's level in a few words, as a picker shows it. */
export const subjectLevelShort: Readonly<Record<string, string>> = {
  olevel: 'O level (old)',
  nlsc: 'Lower secondary (new)',
  alevel: 'A level',
  subsidiary: 'A level subsidiary',
};

/** The level in a sentence: "Mathematics (A level) is not taught in S2". */
const levelInSentence: Readonly<Record<string, string>> = {
  olevel: 'old O level',
  nlsc: 'new lower secondary',
  alevel: 'A level',
  subsidiary: 'A level subsidiary',
};

/** What a class follows, in a sentence. */
const curriculumInSentence: Readonly<Record<string, string>> = {
  old: 'follows the old O level curriculum',
  new: 'follows the new lower secondary curriculum',
  alevel: 'is an A level class',
};

export interface SubjectNamed {
  name: string;
  code: string;
  level: string;
}

/** "Mathematics · 456 · O level (old)": the name, UNEB code and level, so the same name is never ambiguous. */
export const subjectChoiceLabel = (s: SubjectNamed) =>
  [s.name, s.code, subjectLevelShort[s.level] ?? s.level].filter(Boolean).join(' · ');

/** Whether a class of this curriculum takes a subject of this level. */
export const subjectFitsClass = (subjectLevel: string, curriculum: string) =>
  subjectLevelsOf(curriculum).includes(subjectLevel);

/**
 * Why a subject cannot be tied to a class, in the school's words, or null when the class takes it:
 * "Mathematics (A level) is not taught in S2, which follows the new lower secondary curriculum."
 */
export function subjectClassRefusal(subject: SubjectNamed, cls: { name: string; curriculum: string }): string | null {
  if (subjectFitsClass(subject.level, cls.curriculum)) return null;
  const level = levelInSentence[subject.level] ?? subject.level;
  const follows = curriculumInSentence[cls.curriculum] ?? `follows the ${cls.curriculum} curriculum`;
  return `${subject.name} (${level}) is not taught in ${cls.name}, which ${follows}.`;
}

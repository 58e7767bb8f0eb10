/** E-learning's query keys (lib/query-keys.ts). */
export const elearningKeys = {
  choices: ['elearning_choices'] as const,
  list: (...filters: unknown[]) => ['elearning', ...filters] as const,
};

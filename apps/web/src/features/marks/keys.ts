import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('marks');
/** Marks entry's query keys (lib/query-keys.ts). */
export const markKeys = {
  choices: k.of('choices'),
  grid: (input: unknown) => k.of('grid', input),
  progressAll: k.of('progress'),
  progress: (input: unknown) => k.of('progress', input),
};

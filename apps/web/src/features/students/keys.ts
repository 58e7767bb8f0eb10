import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('students');
/** The students area's query keys (lib/query-keys.ts): every list under `all`, which imports reload too. */
export const studentKeys = {
  all: k.all,
  list: (path: string) => k.of(path),
  inClass: (classId: unknown, streamId: unknown) => k.of('class', classId, streamId),
  periodic: (asked: unknown) => k.of('periodic', asked),
  summary: k.of('summary'),
  accounts: k.of('accounts'),
  profile: (id: number) => k.of('profile', id),
  toMigrate: (classId: unknown) => k.of('to-migrate', classId),
  headerSearch: (text: string) => k.of('header-search', text),
  passOuts: ['pass-outs'] as const,
  guardians: ['guardians'] as const,
  guardianOnRecord: (text: string | null) => ['guardians', 'on-record', text] as const,
};

import { areaKeys } from '../../lib/query-keys';

const k = areaKeys('requirements');
/** The requirements area's query keys (lib/query-keys.ts). */
export const requirementKeys = {
  all: k.all,
  grid: (body: unknown) => k.of('grid', body),
  arrears: k.of('arrears'),
  report: k.of('report'),
  student: (studentId: number | null) => k.of('student', studentId),
};

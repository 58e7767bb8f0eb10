import { type StudentRow, viewStudents } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/api';
import { studentKeys } from '../keys';
import type { Placement } from '../placement-select';

/** A class fits in one page: the biggest Ugandan classes have a few hundred students. */
const classLimit = 500;

/** The current students of a class (and stream), by name, for the screens that work on a whole class. */
export function useClassStudents(placement: Placement) {
  return useQuery({
    queryKey: studentKeys.inClass(placement.class_id, placement.stream_id),
    queryFn: () =>
      fetchData(viewStudents, {
        class_id: placement.class_id,
        stream_id: placement.stream_id,
        per_page: classLimit,
        sort: 'name',
      }).then((r): StudentRow[] => r.data),
    enabled: placement.class_id !== undefined,
  });
}

/** "Row 3 (Okello John): …" errors of a bulk change, keyed `students.{i}.{field}`, by student id and field. */
export function rowErrors(errors: Record<string, string[]> | undefined, ids: number[]) {
  const byStudent = new Map<number, Record<string, string>>();
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^students\.(\d+)\.(\w+)$/.exec(key);
    const id = match ? ids[Number(match[1])] : undefined;
    if (id === undefined || !match) continue;
    byStudent.set(id, { ...byStudent.get(id), [match[2]]: messages[0] ?? '' });
  }
  return byStudent;
}

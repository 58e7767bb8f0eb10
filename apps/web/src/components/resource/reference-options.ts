import { type Field, type Resource, resourceByPath } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchData } from '../../lib/api';
import { type ResourceRow, referenceKey, resourceCalls } from './calls';

/** A reference select holds every row of its target: a school's classes, streams or guardians fit. */
const referenceLimit = 500;

export interface ReferenceOption {
  value: string;
  label: string;
  row: ResourceRow;
}

function target(path: string): Resource {
  const r = resourceByPath(path);
  if (!r) throw new Error(`No declared entity ${path}`);
  return r;
}

/**
 * The reference that completes a record's title: a stream's name is unique only within its class, so
 * "East" is shown as "S1 East". Found from the declaration's unique sets, not per entity.
 */
export function parentOf(r: Resource): Field | undefined {
  const set = r.unique.find((fields) => fields.some((f) => f.key === r.titleField.key));
  return set?.find((f) => f.kind === 'reference' && f.references && f.references !== r.path);
}

const rowsOf = (path: string) =>
  fetchData(resourceCalls(target(path)).list, { per_page: referenceLimit }).then((reply) => reply.data);

/** The query of every row of a declared entity (for `useQuery` or `useQueries`). */
export const referenceRowsQuery = (path: string | undefined) => ({
  queryKey: referenceKey(path ?? ''),
  queryFn: () => rowsOf(path ?? ''),
  enabled: Boolean(path),
  staleTime: 60_000,
});

/** Every row of a declared entity, loaded once and shared by all selects and columns that show it. */
export function useReferenceRows(path: string | undefined) {
  return useQuery(referenceRowsQuery(path));
}

/**
 * Options labelled by the target's title field (with its parent's title where the title needs it), or
 * by the target's `choiceLabel` (a subject's code and level).
 */
export function useReferenceOptions(path: string) {
  const r = target(path);
  const parent = parentOf(r);
  const rows = useReferenceRows(path);
  const parentRows = useReferenceRows(parent?.references);
  return useMemo(() => {
    const parentTitle = parent?.references ? target(parent.references).titleField.name : '';
    const parentLabel = new Map((parentRows.data ?? []).map((p) => [p.id, String(p[parentTitle] ?? '')]));
    const options: ReferenceOption[] = (rows.data ?? []).map((row) => {
      const title = r.choiceLabel ? r.choiceLabel(row) : String(row[r.titleField.name] ?? '');
      const prefix = parent ? parentLabel.get(row[parent.name] as number) : undefined;
      return { value: String(row.id), label: prefix ? `${prefix} ${title}` : title, row };
    });
    const byId = new Map(options.map((o) => [o.row.id, o.label]));
    return {
      options,
      labelOf: (id: unknown) => (typeof id === 'number' ? (byId.get(id) ?? '') : ''),
      isPending: rows.isPending || (parent !== undefined && parentRows.isPending),
    };
  }, [rows.data, parentRows.data, rows.isPending, parentRows.isPending, r, parent]);
}

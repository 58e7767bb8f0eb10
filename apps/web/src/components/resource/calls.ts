import { type Call, defineCall, type Resource } from '@somero/contract';
import { z } from 'zod';

/** A row of a declared entity as the engine answers it: JSON (column) names. */
export type ResourceRow = Record<string, unknown> & { id: number };

const rows = z.array(z.custom<ResourceRow>());
const row = z.custom<ResourceRow>();
const body = z.record(z.string(), z.unknown());
/** page, per_page, search, sort, order and the declared filters by JSON name (the engine's `listQuery`). */
const listInput = z.record(z.string(), z.union([z.string(), z.number(), z.undefined()]));

export interface ResourceCalls {
  list: Call<typeof listInput, typeof rows>;
  create: Call<typeof body, typeof row>;
  update: Call<typeof body, typeof row>;
  remove: Call<z.ZodObject, z.ZodNull>;
}

const cache = new Map<string, ResourceCalls>();

/** The four calls the generic engine serves for a declared entity (ARCHITECTURE §3). */
export function resourceCalls(r: Resource): ResourceCalls {
  let calls = cache.get(r.path);
  if (!calls) {
    const summary = r.label.many;
    calls = {
      list: defineCall({ method: 'GET', path: r.path, access: r.read, summary, input: listInput, output: rows }),
      create: defineCall({ method: 'POST', path: r.path, access: r.write, summary, input: body, output: row }),
      update: defineCall({ method: 'PUT', path: `${r.path}/{id}`, access: r.write, summary, input: body, output: row }),
      remove: defineCall({
        method: 'DELETE',
        path: `${r.path}/{id}`,
        access: r.write,
        summary,
        input: z.object({}),
        output: z.null(),
      }),
    };
    cache.set(r.path, calls);
  }
  return calls;
}

/** The query-cache key of a declared entity's lists; invalidate it after a change. */
export const resourceKey = (path: string) => ['resource', path] as const;
/** The query-cache key of the options a reference select offers. */
export const referenceKey = (path: string) => ['reference', path] as const;

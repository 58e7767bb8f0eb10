/**
 * Query keys (ARCHITECTURE §5): each area names its queries with one factory made here, so a query and
 * the invalidation meant for it share one function and cannot miss each other by a typo. Every key of
 * an area starts with the area's name: invalidating `all` reaches every query of the area, `of(part)`
 * every query under that part.
 */
export function areaKeys<const A extends string>(area: A) {
  return {
    all: [area] as const,
    of: <const P extends readonly unknown[]>(...parts: P) => [area, ...parts] as const,
  };
}

/** Queries of the shared pieces (components/, lib/), whichever area shows them. */
export const sharedKeys = {
  reportPeriods: ['report-periods'] as const,
  job: (id: number) => ['job', id] as const,
  file: (id: number | null | undefined) => ['file', id] as const,
  /** A SearchSelect's results: `[searchKey, 'search', term]`; invalidating `[searchKey]` reaches them. */
  search: (searchKey: string, term: string) => [searchKey, 'search', term] as const,
};

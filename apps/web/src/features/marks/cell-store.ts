/**
 * The grid's cells, each with its own listeners: a keystroke changes one cell and re-renders only that
 * cell's box (`useSyncExternalStore` in the grid), never the class's 150 rows.
 */
export interface CellStore<T> {
  get(id: string): T | undefined;
  /** Changes one cell (from what it is now) and tells only that cell's listeners. */
  update(id: string, change: (now: T | undefined) => T | undefined): void;
  subscribe(id: string, listener: () => void): () => void;
}

export function cellStore<T>(initial: Iterable<[string, T]> = []): CellStore<T> {
  const cells = new Map<string, T>(initial);
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: (id) => cells.get(id),
    update(id, change) {
      const before = cells.get(id);
      const after = change(before);
      if (after === before) return;
      if (after === undefined) cells.delete(id);
      else cells.set(id, after);
      for (const listener of listeners.get(id) ?? []) listener();
    },
    subscribe(id, listener) {
      const own = listeners.get(id) ?? new Set();
      listeners.set(id, own);
      own.add(listener);
      return () => {
        own.delete(listener);
        if (!own.size) listeners.delete(id);
      };
    },
  };
}

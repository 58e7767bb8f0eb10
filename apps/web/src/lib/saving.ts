import { createStore, useStore } from './store';

/** How many requests that change something are running; submit buttons are disabled while any is. */
const running = createStore(0);

export const startSaving = () => running.set((n) => n + 1);
export const stopSaving = () => running.set((n) => Math.max(0, n - 1));
export const useSaving = () => useStore(running) > 0;

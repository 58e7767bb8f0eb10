import type { ScreenModule } from '../../app/lazy-screen';

// A chunk with no static imports: the app's route table then lists no dependencies for E-Learning
// (each listed chunk costs bytes in the first load, which is at its budget).
export const load = (): Promise<ScreenModule> => import('./elearning').then((m) => m.withStrings());

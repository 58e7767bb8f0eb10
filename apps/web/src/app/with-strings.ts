import { loadStrings } from '../lib/i18n';
import type { ScreenLoader } from './lazy-screen';

/** A screen whose area keeps its strings in `locales/en/<area>.json`: both load before it shows. */
export const withStrings =
  (namespace: string, load: ScreenLoader): ScreenLoader =>
  () =>
    Promise.all([load(), loadStrings(namespace)]).then(([screen]) => screen);

/** A route whose whole screen is a declared entity's generic list (ARCHITECTURE §3): one line each. */
export const resourceScreen =
  (path: string): ScreenLoader =>
  () =>
    import('../components/resource/resource-screen').then((m) => ({ default: m.resourceScreenFor(path) }));

import type { ComponentType } from 'react';
import type { ScreenModule } from '../../app/lazy-screen';
import { loadStrings } from '../../lib/i18n';

/** The screen with its strings loaded. */
export async function load(): Promise<ScreenModule> {
  const [screen] = await Promise.all([import('./parent-line').then((m) => m.default), loadStrings('parent-line')]);
  return { default: screen as ComponentType };
}

import type { ScreenRoute } from '@somero/contract';
import { createContext, useContext } from 'react';

/** The route table entry of the screen being shown (title, area, access). */
export const ScreenContext = createContext<ScreenRoute | null>(null);

export function useScreen(): ScreenRoute {
  const route = useContext(ScreenContext);
  if (!route) throw new Error('useScreen outside a screen');
  return route;
}

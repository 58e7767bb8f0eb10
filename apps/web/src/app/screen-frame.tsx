import type { ScreenRoute } from '@somero/contract';
import { useEffect } from 'react';
import { NoAccess } from '../components/no-access';
import { ScreenContext } from '../components/screen-context';
import { can } from '../lib/access';
import { useSession } from '../lib/auth';
import { LazyScreen } from './lazy-screen';
import { screenLoader } from './screens';

/**
 * One route's screen: sets the document title, checks the route's access (the dashboards degrade
 * instead of refusing) and loads the screen's chunk.
 */
export function ScreenFrame({ route }: { route: ScreenRoute }) {
  const session = useSession();
  useEffect(() => {
    document.title = `${route.title} · Somero`;
  }, [route.title]);

  const gated = route.area !== 'public' && route.area !== 'dashboard';
  const allowed = !gated || (session.status === 'signedIn' && can(session.user, route.access));
  return (
    <ScreenContext.Provider value={route}>
      {allowed ? <LazyScreen load={screenLoader(route.path)} /> : <NoAccess />}
    </ScreenContext.Provider>
  );
}

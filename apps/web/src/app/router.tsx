import { homePath, type ScreenRoute, screenRoutes } from '@somero/contract';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { CenteredLoader } from '../components/centered-loader';
import { useSession } from '../lib/auth';
import { BareLayout } from './layouts/bare-layout';
import { LazyScreen } from './lazy-screen';
import { ScreenFrame } from './screen-frame';
import { withStrings } from './with-strings';

const mainLayout = () => import('./layouts/main-layout');
/** The service's console: no school's screen, its own sign-in (`features/operator`). */
const operatorConsole = withStrings('operator', () => import('../features/operator/operator-console'));

/** `/fees/payment/{id}` in the contract is `/fees/payment/:id` for React Router. */
export const routePattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** /login is for signed-out visitors: a stored token sends the user to the dashboard. */
function SignedOutOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  return session.status === 'signedOut' ? children : <Navigate to={homePath} replace />;
}

/** /lock needs a session (signed in, or already locked) to unlock. */
function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signedOut') return <Navigate to="/login" replace />;
  if (session.status === 'checking') return <CenteredLoader height="60vh" />;
  return children;
}

function publicElement(route: ScreenRoute) {
  const screen = <ScreenFrame key={route.path} route={route} />;
  if (route.path === '/login') return <SignedOutOnly>{screen}</SignedOutOnly>;
  if (route.path === '/lock') return <SignedInOnly>{screen}</SignedInOnly>;
  return screen;
}

const publicScreens = screenRoutes.filter((r) => r.area === 'public');
/** Everything else, /streams included, lives in the main layout, which needs a session. */
const mainScreens = screenRoutes.filter((r) => r.area !== 'public');

export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to={homePath} replace /> },
  { path: '/operator', element: <LazyScreen load={operatorConsole} /> },
  {
    element: <BareLayout />,
    children: publicScreens.map((route) => ({ path: route.path, element: publicElement(route) })),
  },
  {
    element: <LazyScreen load={mainLayout} />,
    children: mainScreens.map((route) => ({
      path: routePattern(route.path),
      element: <ScreenFrame key={route.path} route={route} />,
    })),
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

/** Declarative routing (BrowserRouter + useRoutes): half the code of the data router, which we do not use. */
export const AppRoutes = () => useRoutes(routes);

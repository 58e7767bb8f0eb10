import { createTheme, MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { type Theme, useSettings } from './settings/settings-store';

/** Mantine's accent follows the chosen theme; the theme's header and sidebar colours are in shell.css. */
const accents: Record<Theme, string> = {
  a: 'cyan',
  b: 'teal',
  c: 'violet',
  d: 'orange',
  e: 'cyan',
  f: 'teal',
  g: 'violet',
  h: 'orange',
};

const NoticeArea = lazy(() => import('./notice-area'));

/** The notices' container (and its transition code) loads with the first notice, not with every page. */
function Notices() {
  const { notifications } = useNotifications();
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (notifications.length > 0) setUsed(true);
  }, [notifications.length]);
  return used || notifications.length > 0 ? (
    <Suspense fallback={null}>
      <NoticeArea />
    </Suspense>
  ) : null;
}

export function Providers({ children }: { children: ReactNode }) {
  const { theme } = useSettings();
  const mantineTheme = useMemo(
    () =>
      createTheme({
        primaryColor: accents[theme],
        fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      }),
    [theme],
  );
  return (
    <MantineProvider theme={mantineTheme}>
      <Notices />
      {children}
    </MantineProvider>
  );
}

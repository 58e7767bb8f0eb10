import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useSettings } from './settings/settings-store';
import { accents, themeOf } from './theme';

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
  const mantineTheme = useMemo(() => themeOf(accents[theme]), [theme]);
  return (
    <MantineProvider theme={mantineTheme}>
      <Notices />
      {children}
    </MantineProvider>
  );
}

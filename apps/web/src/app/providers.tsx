import { createTheme, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { noticeMilliseconds } from '@somero/contract';
import { type ReactNode, useMemo } from 'react';
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
      <Notifications position="top-right" autoClose={noticeMilliseconds} />
      {children}
    </MantineProvider>
  );
}

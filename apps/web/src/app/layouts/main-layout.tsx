import { AppShell } from '@mantine/core';
import type { SignedInUser } from '@somero/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { CenteredLoader } from '../../components/centered-loader';
import { useSession } from '../../lib/auth';
import { queryClient } from '../../lib/query-client';
import { changeSettings, useSettings } from '../settings/settings-store';
import { Footer } from './footer';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const SettingsPanel = lazy(() => import('../settings/settings-panel'));

/**
 * The main layout, its own chunk so the public screens do not load it. Needs a checked session and an unlocked screen; /dashboardh switches to the horizontal layout. */
export default function MainLayout() {
  const session = useSession();
  if (session.status === 'signedOut') return <Navigate to="/login" replace />;
  if (session.status === 'checking') return <CenteredLoader height="100dvh" />;
  if (session.status === 'locked') return <Navigate to="/lock" replace />;
  return (
    <QueryClientProvider client={queryClient}>
      <Shell user={session.user} />
    </QueryClientProvider>
  );
}

function navbarWidth(settings: ReturnType<typeof useSettings>) {
  if (settings.collapsedText) return 96;
  if (settings.collapsed) return 72;
  return 250;
}

function Shell({ user }: { user: SignedInUser }) {
  const settings = useSettings();
  const { pathname } = useLocation();
  const horizontal = pathname === '/dashboardh';
  // The settings panel loads when first opened and then stays mounted for its closing animation.
  const [panelUsed, setPanelUsed] = useState(false);
  useEffect(() => {
    if (settings.sidebarOpen) setPanelUsed(true);
  }, [settings.sidebarOpen]);

  useEffect(() => changeSettings({ horizontal }), [horizontal]);
  // A new screen closes the mobile sidebar.
  useEffect(() => changeSettings({ asideToggled: false }), [pathname]);

  return (
    <AppShell
      className="app-shell"
      mode="static"
      header={{ height: 56 }}
      navbar={
        horizontal
          ? undefined
          : { width: navbarWidth(settings), breakpoint: 'sm', collapsed: { mobile: !settings.asideToggled } }
      }
      padding="md"
    >
      <AppShell.Header className="app-header">
        <TopBar user={user} horizontal={horizontal} />
      </AppShell.Header>
      {horizontal ? null : (
        <AppShell.Navbar className="app-sidebar">
          <Sidebar user={user} />
        </AppShell.Navbar>
      )}
      <AppShell.Main className="app-main">
        <div className="app-content">
          <Outlet />
        </div>
        <Footer school={user.school.name} />
      </AppShell.Main>
      {settings.sidebarOpen || panelUsed ? (
        <Suspense fallback={null}>
          <SettingsPanel />
        </Suspense>
      ) : null}
    </AppShell>
  );
}

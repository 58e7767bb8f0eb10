import { ActionIcon, Box, Burger, Group } from '@mantine/core';
import { useFullscreenDocument } from '@mantine/hooks';
import { homePath, type SignedInUser, sidebarGroups } from '@somero/contract';
import { IconLock, IconMaximize, IconMenu2, IconMinimize, IconSearch, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { lockSession } from '../../lib/auth';
import { visibleGroups, visibleTopItems } from '../menus';
import { changeSettings, useSettings } from '../settings/settings-store';
import { LinkMenu } from './link-menu';
import { NotificationsMenu } from './notifications-menu';
import { SearchBox } from './search-box';
import { UserBlock } from './user-block';

const SchoolLogo = lazy(() => import('./school-logo'));

/** The first four sidebar groups become header menus in the horizontal layout (spec 1 §2). */
const horizontalKeys = new Set<string>(sidebarGroups.slice(0, 4).map((g) => g.key));

export function TopBar({ user, horizontal }: { user: SignedInUser; horizontal: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const settings = useSettings();
  const fullscreen = useFullscreenDocument();
  const [searching, setSearching] = useState(false);
  const more = visibleTopItems(user, 'more');
  const reports = visibleTopItems(user, 'financeReports');
  const headerGroups = horizontal ? visibleGroups(user).filter((g) => horizontalKeys.has(g.group.key)) : [];

  // The lock screen locks the session on the server as it opens.
  const lock = () => {
    lockSession();
    navigate('/lock');
  };

  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" className="top-bar">
      {horizontal ? null : (
        <>
          <Burger
            hiddenFrom="sm"
            size="sm"
            color="white"
            opened={settings.asideToggled}
            onClick={() => changeSettings({ asideToggled: !settings.asideToggled })}
            aria-label={t('header.toggleSidebar')}
          />
          <ActionIcon
            visibleFrom="sm"
            variant="subtle"
            color="white"
            onClick={() => changeSettings({ collapsed: !settings.collapsed })}
            aria-label={t('header.collapseSidebar')}
            title={t('header.collapseSidebar')}
            aria-pressed={settings.collapsed}
          >
            <IconMenu2 size={20} />
          </ActionIcon>
        </>
      )}
      <Box component={Link} to={homePath} className="brand">
        <Suspense fallback={null}>
          <SchoolLogo />
        </Suspense>
        {t('brand')}
      </Box>
      <Group gap={2} wrap="nowrap" visibleFrom="md" className="top-menus">
        {headerGroups.map(({ group, items }) => (
          <LinkMenu key={group.key} label={group.title} items={items} />
        ))}
        {more.length > 0 ? <LinkMenu label={t('header.moreFeatures')} items={more} /> : null}
        {reports.length > 0 ? <LinkMenu label={t('header.financeReports')} items={reports} /> : null}
      </Group>
      <Box flex={1} />
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="white"
          onClick={() => setSearching(true)}
          aria-label={t('header.search')}
          title={t('header.search')}
        >
          <IconSearch size={20} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="white"
          onClick={() => void fullscreen.toggle()}
          aria-label={fullscreen.fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
          title={fullscreen.fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
          visibleFrom="xs"
        >
          {fullscreen.fullscreen ? <IconMinimize size={20} /> : <IconMaximize size={20} />}
        </ActionIcon>
        <NotificationsMenu />
        <ActionIcon
          variant="subtle"
          color="white"
          onClick={lock}
          aria-label={t('header.lock')}
          title={t('header.lock')}
        >
          <IconLock size={20} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="white"
          onClick={() => changeSettings({ sidebarOpen: true })}
          aria-label={t('settings.title')}
          title={t('settings.title')}
        >
          <IconSettings size={20} />
        </ActionIcon>
        <UserBlock user={user} compact={horizontal} />
      </Group>
      {searching ? <SearchBox user={user} onClose={() => setSearching(false)} /> : null}
    </Group>
  );
}

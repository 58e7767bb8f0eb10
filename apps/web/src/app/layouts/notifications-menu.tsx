import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The header's notification items: a static placeholder, as the specification describes it. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="white" aria-label={t('header.notifications')}>
          <IconBell size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.notifications')}</Menu.Label>
        <Text size="sm" c="dimmed" px="sm" py="xs">
          {t('header.noNotifications')}
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}

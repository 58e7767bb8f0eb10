import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { logout, type SignedInUser } from '@somero/contract';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { signOut } from '../../lib/auth';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** Name and role (or "Administrator" when none), with the profile link and Log out. */
export function UserBlock({ user, compact = false }: { user: SignedInUser; compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = user.permission.role ?? t('user.administrator');

  const signOutNow = async () => {
    await api(logout, {}, { quiet: true });
    signOut();
    navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <UnstyledButton className="user-block" aria-label={t('user.menu')}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size={32} radius="xl" variant="filled" color="rgba(0, 0, 0, 0.25)" className="user-avatar">
              {initials(user.name)}
            </Avatar>
            <Box visibleFrom={compact ? 'xl' : 'sm'} className="user-text">
              <Text size="sm" fw={600} lh={1.2} truncate maw={140}>
                {user.name}
              </Text>
              <Text size="xs" lh={1.2} data-testid="user-role" truncate maw={140}>
                {role}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.school.name}</Menu.Label>
        <Menu.Item component={Link} to="/user/profile" leftSection={<IconUserCircle size={16} />}>
          {t('user.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOutNow()}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

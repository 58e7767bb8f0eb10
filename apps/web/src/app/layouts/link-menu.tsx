import { Button, Menu } from '@mantine/core';
import type { ScreenRoute } from '@somero/contract';
import { IconChevronDown } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A header drop-down whose items are real links. */
export function LinkMenu({ label, items }: { label: string; items: ScreenRoute[] }) {
  return (
    <Menu position="bottom-start" shadow="md" width={260} trigger="click-hover" openDelay={60} closeDelay={150}>
      <Menu.Target>
        <Button variant="subtle" color="white" size="compact-sm" rightSection={<IconChevronDown size={14} />}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown className="link-menu" aria-label={label}>
        {items.map((item) => (
          <Menu.Item key={item.path} component={Link} to={item.path}>
            {item.title}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

import type { SignedInUser } from '@somero/contract';
import { IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { groupIcons } from '../icons';
import { visibleGroups } from '../menus';

/**
 * The sixteen groups in order, each collapsible. Collapsed (icons only) and hover layouts show a
 * group's items as a fly-out on hover or focus, purely in CSS.
 */
export function Sidebar({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = useMemo(() => visibleGroups(user), [user]);
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(groups.filter((g) => g.items.some((i) => i.path === pathname)).map((g) => g.group.key)),
  );
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <nav className="sidebar" aria-label={t('sidebar.label')}>
      {groups.map(({ group, items }) => {
        const Icon = groupIcons[group.key];
        const isOpen = open.has(group.key);
        const active = items.some((i) => i.path === pathname);
        return (
          <div
            key={group.key}
            className="nav-group"
            data-open={isOpen || undefined}
            data-active={active || undefined}
            data-group={group.key}
          >
            <button
              type="button"
              className="nav-group-toggle"
              aria-expanded={isOpen}
              onClick={() => toggle(group.key)}
              title={group.title}
            >
              <Icon className="nav-icon" size={20} stroke={1.6} />
              <span className="nav-label">{group.title}</span>
              <IconChevronRight className="nav-chevron" size={14} />
            </button>
            <ul className="nav-items">
              <li className="nav-items-heading" aria-hidden="true">
                {group.title}
              </li>
              {items.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} className="nav-item">
                    {item.title}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

import type { ScreenRoute, SignedInUser } from '@somero/contract';
import { type Icon, IconApps, IconChevronRight, IconReportMoney } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { groupIcons } from '../icons';
import { visibleGroups, visibleTopItems } from '../menus';

interface Entry {
  key: string;
  title: string;
  icon: Icon;
  items: ScreenRoute[];
  /** The two header menus, repeated here where the header hides them (narrow screens). */
  narrowOnly?: boolean;
}

function sidebarEntries(user: SignedInUser, t: (key: string) => string): Entry[] {
  const entries: Entry[] = visibleGroups(user).map(({ group, items }) => ({
    key: group.key,
    title: group.title,
    icon: groupIcons[group.key],
    items,
  }));
  const more = visibleTopItems(user, 'more');
  const reports = visibleTopItems(user, 'financeReports');
  if (more.length > 0)
    entries.push({ key: 'more', title: t('header.moreFeatures'), icon: IconApps, items: more, narrowOnly: true });
  if (reports.length > 0)
    entries.push({
      key: 'financeReports',
      title: t('header.financeReports'),
      icon: IconReportMoney,
      items: reports,
      narrowOnly: true,
    });
  return entries;
}

/**
 * The sixteen groups in order, each collapsible. Collapsed (icons only) and hover layouts show a
 * group's items as a fly-out on hover or focus, purely in CSS.
 */
export function Sidebar({ user }: { user: SignedInUser }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = useMemo(() => sidebarEntries(user, t), [user, t]);
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(groups.filter((g) => g.items.some((i) => i.path === pathname)).map((g) => g.key)),
  );
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <nav className="sidebar" aria-label={t('sidebar.label')}>
      {groups.map(({ key, title, icon: Icon, items, narrowOnly }) => {
        const isOpen = open.has(key);
        const active = items.some((i) => i.path === pathname);
        return (
          <div
            key={key}
            className={narrowOnly ? 'nav-group nav-group-narrow' : 'nav-group'}
            data-open={isOpen || undefined}
            data-active={active || undefined}
            data-group={key}
          >
            <button
              type="button"
              className="nav-group-toggle"
              aria-expanded={isOpen}
              onClick={() => toggle(key)}
              title={title}
            >
              <Icon className="nav-icon" size={20} stroke={1.6} />
              <span className="nav-label">{title}</span>
              <IconChevronRight className="nav-chevron" size={14} />
            </button>
            <ul className="nav-items">
              <li className="nav-items-heading" aria-hidden="true">
                {title}
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

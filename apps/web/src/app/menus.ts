import {
  type ScreenRoute,
  type SignedInUser,
  screenRoutes,
  sidebarGroups,
  sidebarItems,
  type TopMenuKey,
  topMenuItems,
} from '@somero/contract';
import { can } from '../lib/access';

export type SidebarGroup = (typeof sidebarGroups)[number];
export interface VisibleGroup {
  group: SidebarGroup;
  items: ScreenRoute[];
}

/** A group shows when the user holds its flag and at least one of its items. */
export function visibleGroups(user: SignedInUser): VisibleGroup[] {
  return sidebarGroups
    .filter((group) => can(user, group.flag))
    .map((group) => ({ group, items: sidebarItems(group.key).filter((r) => can(user, r.access)) }))
    .filter((g) => g.items.length > 0);
}

export const visibleTopItems = (user: SignedInUser, menu: TopMenuKey) =>
  topMenuItems(menu).filter((r) => can(user, r.access));

/** Screens the header search offers: the user's own, without detail screens that need an id. */
export const searchableScreens = (user: SignedInUser) =>
  screenRoutes.filter((r) => r.area !== 'public' && !r.path.includes('{') && can(user, r.access));

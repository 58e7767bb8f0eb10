import { resourceByPath } from '@somero/contract';
import type { ComponentType } from 'react';
import { PageHeader } from '../page-title';
import { ResourceList } from './resource-list';

const screens = new Map<string, ComponentType>();

/** The whole screen of a declared entity: its title and its generic list. One per entity path. */
export function resourceScreenFor(path: string): ComponentType {
  let screen = screens.get(path);
  if (!screen) {
    const resource = resourceByPath(path);
    if (!resource) throw new Error(`No declared entity ${path}`);
    screen = function ResourceScreen() {
      return (
        <div data-screen-status="built">
          <PageHeader />
          <ResourceList resource={resource} />
        </div>
      );
    };
    screens.set(path, screen);
  }
  return screen;
}

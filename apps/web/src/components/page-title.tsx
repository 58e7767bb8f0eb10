import { Group, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';
import { useScreen } from './screen-context';

/** The route's title in the element the browser tests look for. */
export function PageTitle({ order = 2 }: { order?: TitleOrder }) {
  const route = useScreen();
  return (
    <Title order={order} data-testid="page-title">
      {route.title}
    </Title>
  );
}

/** A main-layout screen's heading row: the title, and actions on the right. */
export function PageHeader({ actions }: { actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <PageTitle />
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
  );
}

import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface Sorting {
  sort: string;
  order: 'asc' | 'desc';
}

interface Props {
  name: string;
  sorting: Sorting;
  onSort: (next: Sorting) => void;
  children: ReactNode;
}

/** A column heading that sorts the list on the server: click once ascending, again descending. */
export function SortHeader({ name, sorting, onSort, children }: Props) {
  const active = sorting.sort === name;
  const Icon = !active ? IconArrowsSort : sorting.order === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton
        fw={700}
        fz="sm"
        onClick={() => onSort({ sort: name, order: active && sorting.order === 'asc' ? 'desc' : 'asc' })}
      >
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

import { Table, Text } from '@mantine/core';

/** The one row of a table with nothing to show. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan}>
        <Text c="dimmed" ta="center" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

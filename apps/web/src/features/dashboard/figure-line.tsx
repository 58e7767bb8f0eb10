import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tile's line: label on the left, figure on the right. */
export const FigureLine = ({ label, value }: { label: ReactNode; value: ReactNode }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text size="sm">{label}</Text>
    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
      {value}
    </Text>
  </Group>
);

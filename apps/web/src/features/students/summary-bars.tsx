import { Box, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format';

export interface Bar {
  label: string;
  value: number;
}

/** A plain horizontal bar per item, scaled to the largest; no chart library needed for totals. */
export function SummaryBars({ bars, label }: { bars: Bar[]; label: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <Stack gap={6} role="img" aria-label={label}>
      {bars.map((b) => (
        <Group key={b.label} gap="sm" wrap="nowrap" data-bar={b.label}>
          <Text size="sm" w={56} ta="right" fw={600}>
            {b.label}
          </Text>
          <Box style={{ flex: 1 }} bg="var(--mantine-color-gray-1)" h={22}>
            <Box
              h="100%"
              w={`${(b.value / max) * 100}%`}
              bg="var(--mantine-primary-color-filled)"
              style={{ borderRadius: 3, transition: 'width 200ms' }}
            />
          </Box>
          <Text size="sm" w={48} data-testid={`bar-${b.label}`}>
            {formatNumber(b.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

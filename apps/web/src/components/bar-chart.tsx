import { Box, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../lib/format';

export interface Bar {
  label: string;
  value: number;
  /** A lighter bar behind the value, e.g. what was expected behind what was collected. */
  target?: number;
}

interface Props {
  bars: Bar[];
  /** The chart's accessible name. */
  label: string;
  /** How values are written beside the bars (counts by default; pass formatMoney for money). */
  format?: (value: number) => string;
  /** Width of the label column, in pixels. */
  labelWidth?: number;
  /** Width of the value column, in pixels. */
  valueWidth?: number;
}

/**
 * A plain horizontal bar per item, scaled to the largest value or target; no chart library needed
 * for totals. With targets, each bar shows the value over a lighter bar of its target and the text
 * reads "value / target". Each value carries `data-testid="bar-<label>"` for the browser tests.
 */
export function BarChart({ bars, label, format = formatNumber, labelWidth = 56, valueWidth = 48 }: Props) {
  const max = Math.max(1, ...bars.map((b) => Math.max(b.value, b.target ?? 0)));
  const width = (v: number) => `${(Math.max(0, v) / max) * 100}%`;
  return (
    <Stack gap={6} role="img" aria-label={label}>
      {bars.map((b) => (
        <Group key={b.label} gap="sm" wrap="nowrap" data-bar={b.label}>
          <Text size="sm" w={labelWidth} ta="right" fw={600} style={{ flexShrink: 0 }} truncate>
            {b.label}
          </Text>
          <Box style={{ flex: 1, position: 'relative' }} bg="var(--mantine-color-gray-1)" h={22}>
            {b.target !== undefined ? (
              <Box
                pos="absolute"
                top={0}
                left={0}
                h="100%"
                w={width(b.target)}
                bg="var(--mantine-primary-color-light)"
                style={{ borderRadius: 3 }}
              />
            ) : null}
            <Box
              pos="absolute"
              top={0}
              left={0}
              h="100%"
              w={width(b.value)}
              bg="var(--mantine-primary-color-filled)"
              style={{ borderRadius: 3, transition: 'width 200ms' }}
            />
          </Box>
          <Text size="sm" w={valueWidth} style={{ flexShrink: 0 }} data-testid={`bar-${b.label}`}>
            {b.target !== undefined ? `${format(b.value)} / ${format(b.target)}` : format(b.value)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

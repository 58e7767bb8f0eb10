import { Paper, Stack, Text, Title } from '@mantine/core';
import type { DashboardFigures } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/**
 * The latest changes of the audit trail, under the figures, a line each: what changed in words (a batch
 * saved at once is one line: "Comments saved for S2 East: 115 students"), then who and when. Lines wrap,
 * so a phone shows them whole. A chunk of its own, loaded after the figures show.
 */
export default function RecentChanges({ rows }: { rows: DashboardFigures['recent'] }) {
  const { t } = useTranslation();
  return (
    <Paper p="md" withBorder data-testid="recent-activity">
      <Title order={4} mb="sm">
        {t('dashboard.recent')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.noRecent')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.id} data-testid="activity-line" data-count={row.count}>
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {row.text}
              </Text>
              <Text size="xs" c="dimmed">
                {t('dashboard.recentMore', { user: row.user ?? '—', when: formatDateTime(row.at) })}
              </Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

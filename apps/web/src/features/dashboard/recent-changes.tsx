import { Box, Paper, Table, Text, Title } from '@mantine/core';
import type { DashboardFigures } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/**
 * The latest changes of the audit trail, under the figures: a chunk of its own, so the table (and the
 * scroll area Mantine's table brings) loads after the figures show.
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
        <Box style={{ overflowX: 'auto' }}>
          <Table striped miw={560}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audits.at')}</Table.Th>
                <Table.Th>{t('audits.user')}</Table.Th>
                <Table.Th>{t('audits.action')}</Table.Th>
                <Table.Th>{t('audits.module')}</Table.Th>
                <Table.Th>{t('audits.entity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>{row.user ?? '—'}</Table.Td>
                  <Table.Td>{row.action}</Table.Td>
                  <Table.Td>{row.module}</Table.Td>
                  <Table.Td>
                    {row.entity.replaceAll('_', ' ')}: {row.record}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

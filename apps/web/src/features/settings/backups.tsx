import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type BackupRow, backupNow, backups, latestBackup } from '@somero/contract';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, api, fetchData } from '../../lib/api';
import { downloadSpreadsheet } from '../../lib/downloads';
import { formatDateTime } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { settingsKeys } from './keys';

const backupsKey = settingsKeys.backups;
const megabytes = (bytes: number | null) => (bytes === null ? '' : `${(bytes / 1_048_576).toFixed(1)} MB`);
const colours: Record<BackupRow['status'], string> = { done: 'green', failed: 'red', running: 'blue' };

/**
 * The backups of the school's records, for its administrators: on a school's own server the server's
 * backups of its database; on a server shared with other schools, the copies of the school's own records
 * (the operator backs the server up). The last ones taken, a backup now, and the latest to download.
 */
export function Backups() {
  const { t } = useTranslation('settings');
  const saving = useSaving();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: backupsKey,
    queryFn: () => fetchData(backups, {}).then((r) => r.data),
    // While one is being taken, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.backups.some((b) => b.status === 'running') ? 3000 : false),
  });
  const refused = list.error instanceof ApiError && list.error.result.status === 202 ? list.error.message : null;
  const rows = list.data?.backups ?? [];
  const hasKept = rows.some((b) => b.status === 'done');

  const takeNow = async () => {
    const result = await api(backupNow, {});
    if (result.ok) await queryClient.invalidateQueries({ queryKey: backupsKey });
  };

  return (
    <Paper withBorder p="md" mt="md" data-testid="backups">
      <Title order={3} size="h4" mb="xs">
        {t('backups.title')}
      </Title>
      {refused ? (
        <Text size="sm">{refused}</Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t(list.data?.of === 'school' ? 'backups.helpSchool' : 'backups.help')}</Text>
          {list.data ? (
            <Text size="sm" c="dimmed">
              {list.data.every_hours > 0
                ? t('backups.schedule', { hours: list.data.every_hours, keep: list.data.keep })
                : t('backups.noSchedule')}
            </Text>
          ) : null}
          <Group>
            <Button
              leftSection={<IconDownload size={16} />}
              disabled={!hasKept}
              onClick={() =>
                void downloadSpreadsheet(
                  { method: 'GET', path: latestBackup.path },
                  list.data?.of === 'school' ? 'somero-school.json.gz' : 'somero-backup.tar',
                )
              }
            >
              {t('backups.download')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconDatabaseExport size={16} />}
              loading={saving}
              onClick={() => void takeNow()}
            >
              {t('backups.now')}
            </Button>
          </Group>
          {rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {list.isPending ? '' : t('backups.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={300}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('backups.when')}</Table.Th>
                    <Table.Th ta="right">{t('backups.size')}</Table.Th>
                    <Table.Th>{t('backups.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((b) => (
                    <Table.Tr key={b.id}>
                      <Table.Td>
                        {formatDateTime(b.started_at)}
                        <Text size="xs" c="dimmed">
                          {t(`backups.${b.kind}`)}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{megabytes(b.bytes)}</Table.Td>
                      <Table.Td>
                        <Badge color={colours[b.status]} variant="light">
                          {t(`backups.${b.status}`)}
                        </Badge>
                        {b.message ? (
                          <Text size="xs" c="dimmed">
                            {b.message}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      )}
    </Paper>
  );
}

import { Badge, Button, Group, Modal, Paper, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { type BackupRow, backupNow, backups, downloadFailedAlert, latestBackup, lockedStatus } from '@somero/contract';
import { IconDatabaseExport, IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormButtons } from '../../components/form-buttons';
import { ApiError, api, fetchData } from '../../lib/api';
import { currentToken, lockSession, signOut } from '../../lib/auth';
import { dispositionName } from '../../lib/downloads';
import { formatDateTime } from '../../lib/format';
import { noticeError } from '../../lib/notices';
import { startSaving, stopSaving, useSaving } from '../../lib/saving';
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

  const [asking, setAsking] = useState(false);

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
            <Button leftSection={<IconDownload size={16} />} disabled={!hasKept} onClick={() => setAsking(true)}>
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
      {asking && list.data ? <DownloadDialog of={list.data.of} onClose={() => setAsking(false)} /> : null}
    </Paper>
  );
}

/**
 * The latest backup holds every record of the school: the administrator gives their password again (a wrong
 * one is said on the field, and counts against the sign-in limits), and the server keeps who took it away.
 */
function DownloadDialog({ of, onClose }: { of: 'server' | 'school'; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await downloadLatest(password, of === 'school' ? 'somero-school.json.gz' : 'somero-backup.tar');
    if (outcome === 'done') onClose();
    else setError(outcome);
  };
  return (
    <Modal opened onClose={onClose} title={t('backups.downloadTitle')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <Text size="sm">{t(of === 'school' ? 'backups.downloadHelpSchool' : 'backups.downloadHelp')}</Text>
          <PasswordInput
            label={t('backups.password')}
            autoComplete="current-password"
            data-autofocus
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
          />
          <FormButtons onCancel={onClose} submit={t('backups.download')} disabled={!password} mt={0} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Asks the server for the latest backup with the password and saves it under the server's file name: 'done'
 * (saved, or refused with a notice), or what to say on the password field.
 */
async function downloadLatest(password: string, defaultName: string): Promise<'done' | string> {
  const token = currentToken();
  startSaving();
  try {
    const response = await fetch(`/api/${latestBackup.path}`, {
      method: latestBackup.method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ password }),
    });
    if (response.status === 200) {
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = dispositionName(response.headers.get('content-disposition')) ?? defaultName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      return 'done';
    }
    const reply = (await response.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string[]> };
    if (response.status === 401) signOut();
    else if (response.status === lockedStatus) lockSession();
    // A wrong password, or too many of them: said on the field.
    else if (response.status === 422 || response.status === 429)
      return reply.errors?.password?.[0] ?? reply.message ?? downloadFailedAlert;
    else if (response.status < 500 && reply.message) noticeError(reply.message);
    else alert(downloadFailedAlert);
    return 'done';
  } catch {
    alert(downloadFailedAlert);
    return 'done';
  } finally {
    stopSaving();
  }
}

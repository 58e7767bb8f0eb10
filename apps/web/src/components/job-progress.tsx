import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { jobCalls } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../lib/api';
import { openPdf } from '../lib/downloads';
import { formatNumber } from '../lib/format';
import { sharedKeys } from '../lib/query-keys';

/**
 * The progress of long work the user started (a whole school's report cards…), read every second
 * until it has finished; the user may leave the screen and the work goes on. `unit` names what is
 * counted ("cards").
 */
export function JobProgress({
  jobId,
  unit,
  failedText = 'could not be made',
}: {
  jobId: number;
  unit: string;
  /** What the failed ones are said to be ("could not be sent"). */
  failedText?: string;
}) {
  const { data: job } = useQuery({
    queryKey: sharedKeys.job(jobId),
    queryFn: () => fetchData(jobCalls.job, {}, { id: jobId }).then((r) => r.data),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
  if (!job) return null;
  const finished = job.status === 'done' || job.status === 'failed';
  const share = job.total > 0 ? Math.round((job.done / job.total) * 100) : 0;
  const counted =
    job.total > 0 ? `${formatNumber(job.done)} of ${formatNumber(job.total)} ${unit}` : 'Waiting to start';
  return (
    <Stack gap={6} aria-live="polite">
      <Group justify="space-between" wrap="wrap">
        <Text fw={500}>{job.title}</Text>
        <Text c="dimmed" size="sm">
          {job.status === 'done' ? `Done: ${counted}` : job.status === 'failed' ? 'Stopped' : counted}
        </Text>
      </Group>
      {!finished && <Progress value={share} animated aria-label={`${job.title}: ${share} %`} />}
      {job.failed > 0 && (
        <Text size="sm" c="orange">
          {formatNumber(job.failed)} {unit} {failedText}.
        </Text>
      )}
      {job.message && (
        <Alert color={job.status === 'failed' ? 'red' : 'blue'} variant="light" p="xs">
          {job.message}
        </Alert>
      )}
      {job.status === 'done' && job.has_file && (
        <Group>
          <Button onClick={() => void openPdf({ method: 'GET', path: `jobs/${job.id}/file` })}>
            Open {job.file_name ?? 'the document'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

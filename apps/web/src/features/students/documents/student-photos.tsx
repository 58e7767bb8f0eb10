import { Alert, Button, FileInput, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { messages, uploadStudentPhotos } from '@somero/contract';
import { IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-title';
import { api, type CallOutput } from '../../../lib/api';
import { uploadOf } from '../../../lib/files';
import { noticeError, noticeSuccess } from '../../../lib/notices';
import { studentKeys } from '../keys';

type Report = CallOutput<typeof uploadStudentPhotos>;

/** A request stays well under the server's 20 MB body limit: a few phone photos at a time. */
const batchBytes = 8 * 1024 * 1024;
const batchCount = 20;

function batches(files: File[]): File[][] {
  const out: File[][] = [];
  let current: File[] = [];
  let bytes = 0;
  for (const file of files) {
    // base64 is a third larger than the file.
    const size = Math.ceil(file.size * 1.34);
    if (current.length > 0 && (bytes + size > batchBytes || current.length >= batchCount)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += size;
  }
  if (current.length) out.push(current);
  return out;
}

/** /student/photos: many photos at once, each named by its student's admission number (2026-0042.jpg). */
export default function StudentPhotosScreen() {
  const { t } = useTranslation('students');
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<Report | null>(null);

  const upload = async () => {
    const total: Report = { matched: [], unmatched: [] };
    const groups = batches(files);
    setReport(null);
    setProgress(0);
    for (const [i, group] of groups.entries()) {
      const photos = await Promise.all(group.map(uploadOf));
      const result = await api(
        uploadStudentPhotos,
        { photos },
        { silentSuccess: true, texts: { failure: messages.students.photo.failure } },
      );
      if (result.ok) {
        total.matched.push(...result.data.matched);
        total.unmatched.push(...result.data.unmatched);
      } else {
        total.unmatched.push(
          ...group.map((f) => ({ filename: f.name, reason: result.message ?? messages.students.photo.failure })),
        );
      }
      setProgress(((i + 1) / groups.length) * 100);
    }
    setProgress(null);
    setReport(total);
    setFiles([]);
    if (total.matched.length) {
      noticeSuccess(messages.students.photo.success);
      void queryClient.invalidateQueries({ queryKey: studentKeys.all });
    } else noticeError(messages.students.photo.failure);
  };

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md" maw={720}>
        <Text size="sm" mb="sm">
          {t('photos.help')}
        </Text>
        <Group align="flex-end">
          <FileInput
            label={t('photos.choose')}
            placeholder={t('photos.placeholder')}
            multiple
            clearable
            accept="image/jpeg,image/png,image/webp"
            value={files}
            onChange={setFiles}
            w={380}
          />
          <Button
            leftSection={<IconPhotoUp size={16} />}
            onClick={() => void upload()}
            disabled={files.length === 0}
            loading={progress !== null}
          >
            {t('photos.upload', { count: files.length })}
          </Button>
        </Group>
        {progress !== null ? <Progress mt="md" value={progress} animated aria-label={t('photos.progress')} /> : null}
      </Paper>
      {report ? (
        <Stack maw={720}>
          <Alert color="green" title={t('photos.matched', { count: report.matched.length })}>
            {report.matched.length ? report.matched.join(', ') : t('photos.noneMatched')}
          </Alert>
          {report.unmatched.length ? (
            <Paper withBorder p="md" data-testid="photos-unmatched">
              <Title order={3} size="h5" mb="xs">
                {t('photos.unmatched', { count: report.unmatched.length })}
              </Title>
              <List size="sm">
                {report.unmatched.map((u) => (
                  <List.Item key={u.filename}>
                    <Text span fw={600} size="sm">
                      {u.filename}
                    </Text>
                    : {u.reason}
                  </List.Item>
                ))}
              </List>
            </Paper>
          ) : null}
        </Stack>
      ) : null}
    </div>
  );
}

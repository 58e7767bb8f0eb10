import { Alert, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ActionTexts, Call, importReport } from '@somero/contract';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, fieldErrors } from '../../lib/api';
import { downloadSpreadsheet } from '../../lib/downloads';
import { uploadOf } from '../../lib/files';
import { noticeError, noticeSuccess } from '../../lib/notices';

type Report = z.infer<typeof importReport>;

export interface ImportKind {
  key: string;
  title: string;
  description: string;
  /** The upload call: `{ filename, data }` in, `{ imported, rejected }` out. */
  call: Call;
  texts: Required<ActionTexts>;
  /** The template to fill in, if the import has one. */
  template?: { call: Call; name: string };
  onImported?: () => void;
}

/** One import: template, file, and the per-row rejection report (all or nothing, so nothing is half done). */
export function ImportCard({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation('imports');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string>();

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setReport(null);
    setError(undefined);
    const result = await api(kind.call, await uploadOf(file), {
      silentSuccess: true,
      texts: { failure: kind.texts.failure },
    });
    setBusy(false);
    if (!result.ok) {
      setError(fieldErrors(result.errors).data ?? result.message);
      return;
    }
    const data = result.data as Report;
    setReport(data);
    if (data.rejected.length > 0) noticeError(result.message ?? kind.texts.failure);
    else {
      noticeSuccess(kind.texts.success);
      setFile(null);
      kind.onImported?.();
    }
  };

  return (
    <Paper withBorder p="md" data-import={kind.key}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconFileSpreadsheet size={20} />
          <Title order={3} size="h4">
            {kind.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {kind.description}
        </Text>
        {kind.template ? (
          <Button
            variant="subtle"
            w="fit-content"
            px={0}
            leftSection={<IconDownload size={16} />}
            onClick={() =>
              kind.template &&
              void downloadSpreadsheet(
                { method: kind.template.call.method, path: kind.template.call.path },
                kind.template.name,
              )
            }
          >
            {t('template')}
          </Button>
        ) : null}
        <Group align="flex-end">
          <FileInput
            label={t('file')}
            placeholder={t('choose')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            clearable
            value={file}
            onChange={(f) => {
              setFile(f);
              setError(undefined);
            }}
            error={error}
            w={320}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={() => void upload()} disabled={!file} loading={busy}>
            {t('import')}
          </Button>
        </Group>
        {report && report.rejected.length === 0 ? (
          <Alert color="green" role="status">
            {t('imported', { count: report.imported })}
          </Alert>
        ) : null}
        {report && report.rejected.length > 0 ? (
          <Alert color="red" title={t('rejectedTitle', { count: report.rejected.length })} role="alert">
            <Text size="sm" mb="xs">
              {t('rejectedBody')}
            </Text>
            <Table withTableBorder data-testid="import-rejections">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('row')}</Table.Th>
                  <Table.Th>{t('reasons')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rejected.map((r) => (
                  <Table.Tr key={r.row}>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td>{r.errors.join('; ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, List, NumberInput, Paper, Select, Text } from '@mantine/core';
import { type Call, marksheetDefaultName } from '@somero/contract';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { ClassStreamSelect } from '../../components/class-stream-select';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { ApiError, type CallOutput, fetchData } from '../../lib/api';
import { useCurrentSettings } from '../../lib/current-settings';
import { downloadSpreadsheet } from '../../lib/downloads';
import { marksheetKeys } from './keys';

export interface MarksheetFilter {
  year: number;
  term: number;
  class_id?: number;
  stream_id?: number;
  subject_id?: number;
}

type Curriculum = 'old' | 'new' | 'alevel';

interface Options {
  /** The class curriculum the sheet is for ('old', 'new', 'alevel'): only those classes are offered. */
  curriculum?: Curriculum | Curriculum[];
  /** More of the request (a comment's kind): part of what is asked, so a change asks again. */
  extra?: Record<string, unknown>;
  /** Whether the request may be sent with `extra` as it is (a subject chosen when one is needed). */
  extraReady?: boolean;
  /** The subject select, limited to these subject levels. */
  subjectLevel?: string;
}

/**
 * A marksheet screen's filter bar and its reply: year and term (the current ones first), a class of the
 * sheet's curriculum, a stream, a subject when the sheet is one subject's. The sheet loads for the
 * filters last shown; a refusal (no considered sets yet) shows as the school's message.
 */
export function useMarksheet<C extends Call>(call: C, { curriculum, subjectLevel, extra, extraReady = true }: Options) {
  const { t } = useTranslation('marksheets');
  const current = useCurrentSettings();
  const [filter, setFilter] = useState<MarksheetFilter>({ year: 0, term: 0 });
  const [asked, setAsked] = useState<MarksheetFilter | null>(null);
  useEffect(() => {
    if (current.data && filter.year === 0)
      setFilter((f) => ({ ...f, year: current.data.year, term: current.data.term }));
  }, [current.data, filter.year]);
  const sheet = useQuery({
    queryKey: marksheetKeys.sheet(call.path, asked, extra),
    queryFn: () => fetchData(call, { ...asked, ...extra } as never).then((r) => r.data as CallOutput<C>),
    enabled: asked !== null && extraReady,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const ready = Boolean(filter.class_id && filter.year && (!subjectLevel || filter.subject_id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) setAsked(filter);
  };
  const bar = (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate data-testid="marksheet-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={t('year')}
          w={100}
          min={2000}
          max={2100}
          value={filter.year || ''}
          onChange={(v) => setFilter({ ...filter, year: Number(v) || 0 })}
        />
        <Select
          label={t('term')}
          w={110}
          data={[1, 2, 3].map((n) => ({ value: String(n), label: t('termN', { term: n }) }))}
          value={filter.term ? String(filter.term) : null}
          onChange={(v) => setFilter({ ...filter, term: Number(v) || 1 })}
          allowDeselect={false}
        />
        <ClassStreamSelect
          labels={{ class: t('class'), stream: t('stream'), allStreams: t('allStreams') }}
          classPlaceholder={t('chooseClass')}
          classRequired
          classOnly={
            curriculum ? (o) => ([] as string[]).concat(curriculum).includes(String(o.row.curriculum)) : undefined
          }
          widths={[130, 150]}
          value={filter}
          onChange={(next) => setFilter({ ...filter, ...next })}
        />
        {subjectLevel ? (
          <ReferenceSelect
            label={t('subject')}
            placeholder={t('chooseSubject')}
            references="subjects"
            w={300}
            required
            only={(o) => o.row.level === subjectLevel}
            value={filter.subject_id ?? null}
            onChange={(id) => setFilter({ ...filter, subject_id: id ?? undefined })}
          />
        ) : null}
        <Button type="submit" disabled={!ready}>
          {t('show')}
        </Button>
      </Group>
    </Paper>
  );
  return { sheet, asked, bar, filter };
}

/**
 * The title row with the download (the same filters, and `extra` of the request; the server names the
 * file, else marksheet.xlsx).
 */
export function MarksheetHeader({
  exportCall,
  asked,
  extra,
  disabled,
}: {
  exportCall: Call;
  asked: MarksheetFilter | null;
  extra?: Record<string, unknown>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('marksheets');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!asked) return;
    setBusy(true);
    await downloadSpreadsheet(
      { method: exportCall.method, path: exportCall.path, body: { ...asked, ...extra } },
      marksheetDefaultName,
    );
    setBusy(false);
  };
  return (
    <PageHeader
      actions={
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => void run()}
          loading={busy}
          disabled={!asked || disabled}
        >
          {t('download')}
        </Button>
      }
    />
  );
}

/** What the sheet is and the rules in force, printed above the table (DOMAIN: say which reading is used). */
export function SheetReadings({ title, readings }: { title: string; readings: string[] }) {
  return (
    <Paper withBorder p="sm" mb="md" data-testid="marksheet-readings">
      <Text fw={700} mb={4}>
        {title}
      </Text>
      <List size="xs" c="dimmed" spacing={2}>
        {readings.map((r) => (
          <List.Item key={r}>{r}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Loading, a refusal in the school's words, an error, or nothing asked yet; else the sheet. */
export function SheetState({
  sheet,
  asked,
  children,
}: {
  sheet: {
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    data?: unknown;
  };
  asked: MarksheetFilter | null;
  children: () => ReactNode;
}) {
  const { t } = useTranslation('marksheets');
  if (!asked) return <Text c="dimmed">{t('choose')}</Text>;
  if (sheet.isError) {
    const error = sheet.error;
    if (error instanceof ApiError && (error.result.status === 202 || error.result.status === 404)) {
      return (
        <Alert color="yellow" role="alert" data-testid="marksheet-refusal">
          {error.result.status === 404 ? t('notFound') : error.message}
        </Alert>
      );
    }
    return <LoadError error={error} onRetry={() => void sheet.refetch()} />;
  }
  if (sheet.isPending || !sheet.data) return <CenteredLoader />;
  return <>{children()}</>;
}

/** A mark as the sheet prints it: up to two decimals, blank when missing. */
export const markText = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : String(Math.round(n * 100) / 100);

/** A marksheet screen: its header with the download, the filter bar, then the sheet (or why there is none). */
export function SheetPage<S>({
  exportCall,
  marksheet: { sheet, asked, bar },
  children,
}: {
  exportCall: Call;
  marksheet: { sheet: Parameters<typeof SheetState>[0]['sheet']; asked: MarksheetFilter | null; bar: ReactNode };
  children: (sheet: S) => ReactNode;
}) {
  return (
    <div data-screen-status="built">
      <MarksheetHeader exportCall={exportCall} asked={asked} />
      {bar}
      <SheetState sheet={sheet} asked={asked}>
        {() => children(sheet.data as S)}
      </SheetState>
    </div>
  );
}

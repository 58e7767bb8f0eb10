import { Alert, Button, FileInput, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  examSetIsFor,
  fetchAlevelStudents,
  fetchStudents,
  fetchStudentsNew,
  importMarks,
  marksChoices,
  marksTemplate,
  messages,
  routeHref,
  saveAllExamMark,
  subjectChoiceLabel,
  updateInitials,
} from '@somero/contract';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { downloadSpreadsheet } from '../../lib/downloads';
import { uploadOf } from '../../lib/files';
import { noticeError, noticeSuccess } from '../../lib/notices';
import { useSchoolGrading } from '../exams-setup';
import { markKeys } from './keys';
import { MarksGrid } from './marks-grid';

type Curriculum = 'old' | 'new' | 'alevel';
/** The subject levels each curriculum studies (as the API's `curriculumLevels`). */
const levels: Record<Curriculum, string[]> = { old: ['olevel'], new: ['nlsc'], alevel: ['alevel', 'subsidiary'] };
const fetchCall = { old: fetchStudents, new: fetchStudentsNew, alevel: fetchAlevelStudents };

interface Props {
  /** Only classes of this curriculum (the curriculum's own entry screen); none: any class. */
  curriculum?: Curriculum;
  /** Only the caller's teaching load (/enter/staff_marks). */
  ownLoad?: boolean;
  /** /view/exam/marks: every class, nothing to change. */
  readOnly?: boolean;
}

/**
 * A marks screen: choose the exam set, class, stream and subject (kept in the address, so a reload
 * shows the same sheet), then the class's curriculum's grid, the progress, initials and import.
 */
export function MarksScreen({ curriculum, ownLoad, readOnly }: Props) {
  const { t } = useTranslation('marks');
  const [params, setParams] = useSearchParams();
  const num = (k: string) => (params.get(k) ? Number(params.get(k)) : null);
  const choice = { set: num('set'), cls: num('class'), stream: num('stream'), subject: num('subject') };
  const pick = (next: Partial<Record<'set' | 'class' | 'stream' | 'subject', number | null>>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? p.set(k, String(v)) : p.delete(k);
    setParams(p, { replace: true });
  };

  const choices = useQuery({ queryKey: markKeys.choices, queryFn: () => fetchData(marksChoices, {}) });
  const data = choices.data?.data;
  const load = !readOnly && (ownLoad || (data && !data.every_class)) ? data?.load : undefined;
  const classes = (data?.classes ?? []).filter(
    (c) => (!curriculum || c.curriculum === curriculum) && (!load || load.some((l) => l.class_id === c.id)),
  );
  const cls = classes.find((c) => c.id === choice.cls);
  const streams = (data?.streams ?? []).filter(
    (s) =>
      s.class_id === cls?.id &&
      (!load || load.some((l) => l.class_id === cls.id && (l.stream_id === null || l.stream_id === s.id))),
  );
  const subjects = (data?.subjects ?? []).filter(
    (s) =>
      cls &&
      (levels[cls.curriculum as Curriculum] ?? []).includes(s.level) &&
      (!load || load.some((l) => l.class_id === cls.id && l.subject_id === s.id)),
  );
  const sets = (data?.exam_sets ?? []).filter((s) => !cls || examSetIsFor({ ...s, classIds: s.class_ids }, cls));
  const ready = cls && choice.set && subjects.some((s) => s.id === choice.subject) ? cls : undefined;
  const input = ready
    ? {
        exam_set_id: choice.set as number,
        class_id: ready.id,
        stream_id: choice.stream,
        subject_id: choice.subject as number,
      }
    : null;
  const gridCurriculum = (ready?.curriculum ?? 'old') as Curriculum;

  const grid = useQuery({
    queryKey: markKeys.grid(input),
    queryFn: () => fetchData(fetchCall[gridCurriculum], input as never),
    enabled: input !== null,
  });
  // The grid grades marks as they are typed: its tables load beside the grid, not after it.
  useSchoolGrading();
  const queryClient = useQueryClient();

  return (
    <Stack gap="md">
      <PageHeader />
      <Paper withBorder p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('choose.set')}
            w={200}
            data={sets.map((s) => ({
              value: String(s.id),
              label: `${s.name} · T${s.term} ${s.year} (/${s.max_mark})`,
            }))}
            value={choice.set ? String(choice.set) : null}
            onChange={(v) => pick({ set: v ? Number(v) : null })}
          />
          <Select
            label={t('choose.class')}
            w={120}
            data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
            value={choice.cls ? String(choice.cls) : null}
            onChange={(v) => pick({ class: v ? Number(v) : null, stream: null, subject: null })}
          />
          <Select
            label={t('choose.stream')}
            w={130}
            clearable
            placeholder={t('choose.allStreams')}
            disabled={!cls}
            data={streams.map((s) => ({ value: String(s.id), label: s.name }))}
            value={choice.stream ? String(choice.stream) : null}
            onChange={(v) => pick({ stream: v ? Number(v) : null })}
          />
          <Select
            label={t('choose.subject')}
            w={300}
            searchable
            disabled={!cls}
            data={subjects.map((s) => ({ value: String(s.id), label: subjectChoiceLabel(s) }))}
            value={choice.subject ? String(choice.subject) : null}
            onChange={(v) => pick({ subject: v ? Number(v) : null })}
          />
        </Group>
        {data && load && load.length === 0 ? (
          <Text c="dimmed" mt="sm">
            {t('choose.noLoad')}
          </Text>
        ) : null}
      </Paper>
      {choices.isError ? <LoadError error={choices.error} onRetry={() => void choices.refetch()} /> : null}
      {grid.isError ? <LoadError error={grid.error} onRetry={() => void grid.refetch()} /> : null}
      {input && grid.data ? (
        <>
          <Progress input={input} />
          <MarksGrid
            grid={grid.data.data}
            input={input}
            readOnly={readOnly}
            onSaved={() => void queryClient.invalidateQueries({ queryKey: markKeys.progressAll })}
            onConflict={() => void grid.refetch()}
          />
          {grid.data.data.editable && !readOnly ? (
            <Tools
              input={input}
              initials={grid.data.data.initials}
              papers={grid.data.data.columns.filter((c) => c.paper_id)}
              onImported={() => void grid.refetch()}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

/**
 * How far the grid is, counted again after each save. Its own component, so that a save re-renders
 * this line only, never the screen and its grid.
 */
function Progress({
  input,
}: {
  input: { exam_set_id: number; class_id: number; stream_id: number | null; subject_id: number };
}) {
  const { t } = useTranslation('marks');
  const progress = useQuery({
    queryKey: markKeys.progress(input),
    queryFn: () => fetchData(saveAllExamMark, input as never),
  });
  return progress.data ? (
    <Text size="sm" data-testid="marks-progress">
      {progress.data.data.columns
        .map((c) => t('progress.column', { label: c.label, entered: c.entered, absent: c.absent, missing: c.missing }))
        .join(' · ')}
    </Text>
  ) : null;
}

/** The initials printed on marksheets, and a column of marks imported from the template. */
function Tools({
  input,
  initials,
  papers,
  onImported,
}: {
  input: { exam_set_id: number; class_id: number; stream_id: number | null; subject_id: number };
  initials: string | null;
  papers: { paper_id: number | null; label: string }[];
  onImported: () => void;
}) {
  const { t } = useTranslation('marks');
  const [text, setText] = useState(initials ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [paper, setPaper] = useState<number | null>(papers[0]?.paper_id ?? null);
  const [rejected, setRejected] = useState<{ row: number; errors: string[] }[]>([]);
  useEffect(() => setText(initials ?? ''), [initials]);

  const query = { ...input, stream_id: input.stream_id ?? undefined, paper_id: paper ?? undefined };
  const template = () =>
    downloadSpreadsheet(
      {
        method: 'GET',
        path: `${routeHref(marksTemplate.path, {})}?${new URLSearchParams(
          Object.entries(query).flatMap(([k, v]) => (v ? [[k, String(v)]] : [])),
        )}`,
      },
      'marks.xlsx',
    );
  const upload = async () => {
    if (!file) return;
    const result = await api(
      importMarks,
      { ...(await uploadOf(file)), ...input, paper_id: paper },
      { module: 'marks', action: 'import', silentSuccess: true },
    );
    if (!result.ok) return;
    setRejected(result.data.rejected);
    if (result.data.rejected.length) noticeError(messages.marks.import.failure);
    else {
      noticeSuccess(messages.marks.import.success);
      setFile(null);
      onImported();
    }
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('tools.initials')}
            w={120}
            maxLength={8}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          <Button
            variant="light"
            onClick={() => api(updateInitials, { ...input, initials: text }, { module: 'marks', action: 'initials' })}
          >
            {t('tools.saveInitials')}
          </Button>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          {papers.length > 1 ? (
            <Select
              label={t('tools.paper')}
              w={160}
              data={papers.map((p) => ({ value: String(p.paper_id), label: p.label }))}
              value={paper ? String(paper) : null}
              onChange={(v) => setPaper(v ? Number(v) : null)}
            />
          ) : null}
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={template}>
            {t('tools.template')}
          </Button>
          <FileInput label={t('tools.file')} w={220} accept=".xlsx" clearable value={file} onChange={setFile} />
          <Button leftSection={<IconUpload size={16} />} disabled={!file} onClick={upload}>
            {t('tools.import')}
          </Button>
        </Group>
        {rejected.length ? (
          <Alert color="red" title={t('tools.rejected')}>
            {rejected.map((r) => (
              <Text key={r.row} size="sm">
                {t('tools.row', { row: r.row })}: {r.errors.join('; ')}
              </Text>
            ))}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}

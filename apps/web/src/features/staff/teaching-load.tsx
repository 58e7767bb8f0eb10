import { Alert, Button, Group, Loader, Paper, ScrollArea, Select, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  copyTeachingLoad,
  getTeachingLoadGrid,
  resourceByPath,
  setTeachingLoad,
  type TeachingLoadGrid,
} from '@somero/contract';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/centered-loader';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { resourceKey } from '../../components/resource/calls';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { ResourceList } from '../../components/resource/resource-list';
import { api, fetchData } from '../../lib/api';
import { staffKeys } from './keys';

const loadRows = resourceByPath('staff_subjects');
const none = 'none';

type Row = TeachingLoadGrid['rows'][number];
/** A column of the grid: the whole class (null) or one stream. */
type Column = { id: number | null; name: string };
type CellState = { state: 'saving' | 'saved' | 'failed'; message?: string };

const keyOf = (row: Row, stream: number | null) => `${row.subject_id}:${row.paper_id ?? 0}:${stream ?? 0}`;

/**
 * /staff/subjects: the teaching load as a class's grid, its subjects (A-Level per paper) by stream,
 * each cell a searchable choice of teacher saved as soon as it changes (Tab to the next cell, type a
 * name, Enter). "Copy from last term" fills the empty cells from last term's load. The rows below are
 * the same load one per line, with the single-row form.
 */
export default function TeachingLoad() {
  const { t } = useTranslation('staff');
  const queryClient = useQueryClient();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [classId, setClassId] = useState<number | null>(null);
  const [shown, setShown] = useState<string>('all');
  const [cells, setCells] = useState<Record<string, CellState>>({});
  const [copying, setCopying] = useState(false);
  const gridKey = staffKeys.teachingLoad(classId);
  const grid = useQuery({
    queryKey: gridKey,
    queryFn: () =>
      fetchData(getTeachingLoadGrid, { class_id: classId as number }).then((r) => r.data as TeachingLoadGrid),
    enabled: classId !== null,
  });
  const data = classId !== null ? grid.data : undefined;

  const columns: Column[] = [
    { id: null, name: data?.streams.length ? t('grid.allStreams') : t('grid.wholeClass') },
    ...(data?.streams ?? []).map((s) => ({ id: s.id, name: s.name })),
  ];
  // On a phone one column at a time: the class's streams are picked above the list of subjects.
  const visible = narrow ? columns.filter((c) => String(c.id ?? 'all') === shown) : columns;
  const teachers = (data?.teachers ?? []).filter((m) => m.active);
  const options = [
    { value: none, label: t('grid.noTeacher') },
    ...teachers.map((m) => ({ value: String(m.id), label: `${m.name} (${m.initials})` })),
  ];
  const nameOf = (id: number) => {
    const m = data?.teachers.find((x) => x.id === id);
    return m ? `${m.name} (${m.initials})` : '';
  };
  const holders = (row: Row, stream: number | null) =>
    data?.cells.find((c) => c.subject_id === row.subject_id && c.paper_id === row.paper_id && c.stream_id === stream)
      ?.staff_ids ?? [];

  const reloadRows = () => void queryClient.invalidateQueries({ queryKey: resourceKey('staff_subjects') });

  const save = async (row: Row, stream: number | null, value: string | null) => {
    if (!data) return;
    const key = keyOf(row, stream);
    const staffId = value && value !== none ? Number(value) : null;
    setCells((all) => ({ ...all, [key]: { state: 'saving' } }));
    const result = await api(
      setTeachingLoad,
      {
        class_id: data.class.id,
        stream_id: stream,
        subject_id: row.subject_id,
        paper_id: row.paper_id,
        staff_id: staffId,
      },
      { silentSuccess: true, texts: { failure: t('grid.failed') } },
    );
    if (!result.ok) {
      setCells((all) => ({ ...all, [key]: { state: 'failed', message: result.message ?? t('grid.failed') } }));
      return;
    }
    setCells((all) => ({ ...all, [key]: { state: 'saved' } }));
    const saved = result.data.cell;
    queryClient.setQueryData<TeachingLoadGrid>(gridKey, (old) =>
      old
        ? {
            ...old,
            cells: [
              ...old.cells.filter(
                (c) =>
                  !(
                    c.subject_id === saved.subject_id &&
                    c.paper_id === saved.paper_id &&
                    c.stream_id === saved.stream_id
                  ),
              ),
              ...(saved.staff_ids.length ? [saved] : []),
            ],
          }
        : old,
    );
    if (result.data.changed) reloadRows();
  };

  const copy = async () => {
    setCopying(true);
    const result = await api(copyTeachingLoad, {}, { texts: { failure: t('grid.copyFailed') } });
    setCopying(false);
    if (result.ok) {
      setCells({});
      void queryClient.invalidateQueries({ queryKey: staffKeys.teachingLoadAll });
      reloadRows();
    }
  };

  const cell = (row: Row, column: Column) => {
    const key = keyOf(row, column.id);
    const held = holders(row, column.id);
    const status = cells[key];
    const place = `${row.subject}${row.paper ? `, ${row.paper}` : ''}, ${column.name}`;
    if (held.length > 1)
      return (
        <Text size="sm" title={t('grid.several')}>
          {held.map(nameOf).join(', ')}
        </Text>
      );
    // A stream without its own teacher is taught by the class's (the whole-class cell).
    const inherited = column.id !== null && held.length === 0 ? holders(row, null)[0] : undefined;
    return (
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Select
          aria-label={place}
          data-cell={key}
          searchable
          selectFirstOptionOnChange
          selectFirstOptionOnDropdownOpen
          openOnFocus={false}
          // Typing into a cell that has a teacher replaces the name, as in a spreadsheet.
          onFocus={(e) => e.currentTarget.select()}
          size="xs"
          miw={narrow ? 0 : 170}
          style={{ flex: 1 }}
          data={options}
          value={held[0] ? String(held[0]) : null}
          placeholder={inherited ? t('grid.asClass', { name: nameOf(inherited) }) : t('grid.choose')}
          nothingFoundMessage={t('grid.nobody')}
          onChange={(v) => void save(row, column.id, v)}
          error={status?.state === 'failed' ? status.message : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <CellMark state={status?.state} />
      </Group>
    );
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Button
            leftSection={<IconCopy size={16} />}
            variant="light"
            loading={copying}
            onClick={() => void copy()}
            title={t('grid.copyHelp')}
          >
            {t('grid.copy')}
          </Button>
        }
      />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <ReferenceSelect
            references="classes"
            label={t('load.class')}
            placeholder={t('grid.chooseClass')}
            w={160}
            required
            value={classId}
            onChange={(id) => {
              setClassId(id);
              setCells({});
              setShown('all');
            }}
          />
          {narrow && data ? (
            <Select
              label={t('load.stream')}
              w={160}
              allowDeselect={false}
              data={columns.map((c) => ({ value: String(c.id ?? 'all'), label: c.name }))}
              value={shown}
              onChange={(v) => v && setShown(v)}
            />
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" mt="xs">
          {t('grid.help')}
        </Text>
      </Paper>
      {classId === null ? (
        <Text c="dimmed" mb="md">
          {t('grid.pickClass')}
        </Text>
      ) : grid.isError ? (
        <LoadError error={grid.error} onRetry={() => void grid.refetch()} />
      ) : !data ? (
        <CenteredLoader />
      ) : !data.rows.length ? (
        <Alert color="gray" mb="md">
          {t('grid.noSubjects', { name: data.class.name })}
        </Alert>
      ) : (
        <>
          <Text size="sm" mb="xs" data-testid="grid-term">
            {data.last.rows
              ? t('grid.lastTerm', {
                  name: data.class.name,
                  term: data.last.term,
                  year: data.last.year,
                  count: data.last.rows,
                })
              : t('grid.noLastTerm', { term: data.last.term, year: data.last.year })}
          </Text>
          <ScrollArea type="auto" mb="lg">
            <Table withTableBorder striped verticalSpacing={4} data-testid="load-grid">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('load.subject')}</Table.Th>
                  {visible.map((c) => (
                    <Table.Th key={c.id ?? 'all'}>{c.name}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={`${row.subject_id}:${row.paper_id ?? 0}`}>
                    <Table.Td maw={narrow ? 140 : 320} miw={narrow ? undefined : 240}>
                      <Text size="sm">{row.subject}</Text>
                      {row.paper ? (
                        <Text size="xs" c="dimmed">
                          {row.paper}
                        </Text>
                      ) : null}
                    </Table.Td>
                    {visible.map((c) => (
                      <Table.Td key={c.id ?? 'all'}>{cell(row, c)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </>
      )}
      {loadRows ? <ResourceList resource={loadRows} heading={t('grid.rows')} /> : null}
    </div>
  );
}

/** A cell's outcome beside it: saved (a tick) or refused (the reason shows under the choice). */
function CellMark({ state }: { state?: CellState['state'] }) {
  const { t } = useTranslation('staff');
  if (state === 'saved')
    return (
      <IconCheck
        size={18}
        color="var(--mantine-color-teal-7)"
        aria-label={t('grid.saved')}
        role="img"
        style={{ marginTop: 6 }}
      />
    );
  if (state === 'saving') return <Loader size={16} mt={6} aria-label={t('grid.saving')} />;
  if (state === 'failed')
    return (
      <IconAlertTriangle
        size={18}
        color="var(--mantine-color-red-7)"
        aria-label={t('grid.notSaved')}
        role="img"
        style={{ marginTop: 6 }}
      />
    );
  return <span style={{ width: 18, flex: 'none' }} aria-hidden />;
}

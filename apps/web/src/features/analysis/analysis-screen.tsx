import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type Analysis, type AnalysisName, type AnalysisTable, analysisCalls, type Call } from '@somero/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/data-table';
import { useReferenceOptions } from '../../components/resource/reference-options';
import { MarksheetHeader, SheetReadings, SheetState, useMarksheet } from '../marksheets';

type Curriculum = 'old' | 'new' | 'alevel';

/** Best to worst: the first series green, the last red, those between spread over the ramp. */
const ramp = ['teal.7', 'teal.5', 'green.6', 'lime.6', 'yellow.5', 'yellow.7', 'orange.6', 'red.5', 'red.8'];
const colourOf = (i: number, n: number) => ramp[n <= 1 ? 0 : Math.round((i * (ramp.length - 1)) / (n - 1))] as string;

const cellText = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '—' : typeof v === 'number' ? v.toLocaleString('en-GB') : v;

/** One table of an analysis: its chart (when it has one) above its rows. */
function AnalysisPart({ table }: { table: AnalysisTable }) {
  const { t } = useTranslation('analysis');
  const columns: Column<Record<string, string | number | null>>[] = table.columns.map((c) => ({
    key: c.key,
    label: c.label,
    numeric: c.numeric,
    render: (row) => cellText(row[c.key]),
  }));
  const chart = table.chart;
  return (
    <Paper withBorder p="md" data-testid={`analysis-${table.key}`}>
      <Title order={3} size="h4" mb="sm">
        {table.title}
      </Title>
      {chart && table.rows.length > 0 ? (
        <BarChart
          h={Math.max(220, Math.min(720, 80 + table.rows.length * (chart.stacked ? 30 : 18)))}
          data={table.rows}
          dataKey={chart.label}
          type={chart.stacked ? 'stacked' : 'default'}
          orientation={chart.stacked ? 'vertical' : 'horizontal'}
          yAxisProps={chart.stacked ? { width: 150, interval: 0 } : undefined}
          withLegend
          series={chart.series.map((s, i) => ({
            name: s.key,
            label: s.label,
            color: colourOf(i, chart.series.length),
          }))}
          aria-label={t('chartOf', { title: table.title })}
          role="img"
          mb="md"
        />
      ) : null}
      <DataTable
        columns={columns}
        rows={table.rows}
        rowKey={(r) => String(r[table.columns[0]?.key ?? ''] ?? '') + JSON.stringify(r).length}
        empty={t('nothing')}
        minWidth={Math.max(600, table.columns.length * 80)}
      />
    </Paper>
  );
}

/**
 * An analysis screen: a class (and stream) of a term, or of one exam set, then the analysis's tables,
 * each with its chart, and the same tables as a spreadsheet.
 */
function AnalysisScreen({
  call: name,
  curriculum,
  bySet,
}: {
  call: AnalysisName;
  curriculum: Curriculum | Curriculum[];
  bySet?: boolean;
}) {
  const call: Call = analysisCalls[name];
  const { t } = useTranslation('analysis');
  const [setId, setSetId] = useState<number | null>(null);
  const extra = useMemo(() => (bySet ? { exam_set_id: setId } : {}), [bySet, setId]);
  const { sheet, asked, bar, filter } = useMarksheet(call, {
    curriculum,
    extra,
    extraReady: !bySet || setId !== null,
  });
  const sets = useReferenceOptions('exam_sets');
  const setChoices = sets.options
    .filter((o) => o.row.year === filter.year && o.row.term === filter.term)
    .map((o) => ({ value: o.value, label: o.label }));
  const data = sheet.data as Analysis | undefined;
  return (
    <div data-screen-status="built">
      <MarksheetHeader exportCall={call} asked={asked} extra={{ ...extra, format: 'xlsx' }} disabled={!data} />
      {bySet ? (
        <Paper withBorder p="md" mb="md">
          <Select
            label={t('examSet')}
            placeholder={t('chooseSet')}
            w={240}
            data={setChoices}
            value={setId === null ? null : String(setId)}
            onChange={(v) => setSetId(v ? Number(v) : null)}
            required
          />
        </Paper>
      ) : null}
      {bar}
      {asked && bySet && setId === null ? (
        <Text c="dimmed">{t('chooseSetFirst')}</Text>
      ) : (
        <SheetState sheet={sheet} asked={asked}>
          {() =>
            data ? (
              <Stack>
                <SheetReadings title={data.title} readings={data.readings} />
                {data.tables.map((table) => (
                  <AnalysisPart key={table.key} table={table} />
                ))}
              </Stack>
            ) : null
          }
        </SheetState>
      )}
    </div>
  );
}

export default AnalysisScreen;

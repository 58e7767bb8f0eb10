import { Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { feesPeriodicPaymentsReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import type { Column } from '../../components/data-table';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { formatDate, formatMoney, formatNumber, today } from '../../lib/format';
import { DateRangeInputs, ExportButton, Panel, type Range, startOfYear, useAskedReport } from './report-parts';

type Period = 'day' | 'week' | 'month';
/** More bars than this make a chart nobody reads: a quarter's days, or two years of months. */
const maxBars = 92;
interface PeriodRow {
  period: string;
  start: string;
  end: string;
  by_mode: Record<string, number>;
  count: number;
  total: number;
}

/** /fees/reports/periodic: fees collected per day, week or month, one column per payment mode. */
export default function PeriodicReportScreen() {
  const { t } = useTranslation('fees-reports');
  const [range, setRange] = useState<Range>({ from: startOfYear(), to: today() });
  const [period, setPeriod] = useState<Period>('month');
  const { report, asked, errors, submit } = useAskedReport('periodic', feesPeriodicPaymentsReport, {
    ...range,
    period,
  });
  const data = report.data;

  const modeColumns: Column<PeriodRow>[] = (data?.modes ?? []).map((m) => ({
    key: `mode-${m.mode_id}`,
    label: m.mode_name,
    numeric: true,
    render: (r) => formatNumber(r.by_mode[m.mode_name] ?? 0),
  }));
  const modeTotals = Object.fromEntries(
    (data?.modes ?? []).map((m) => [
      `mode-${m.mode_id}`,
      formatNumber(data?.totals.by_mode.find((b) => b.mode_id === m.mode_id)?.amount ?? 0),
    ]),
  );

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <ExportButton
            call={feesPeriodicPaymentsReport}
            body={asked}
            defaultName="fees_periodic_payments_report.xlsx"
          />
        }
      />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangeInputs value={range} onChange={setRange} errors={errors} />
          <SegmentedControl
            aria-label={t('periodic.per')}
            value={period}
            onChange={(v) => setPeriod(v as Period)}
            data={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`periodic.${p}`) }))}
          />
          <Button type="submit">{t('show')}</Button>
        </Group>
      </Paper>
      <Panel testId="periodic-table">
        <DataTable
          query={report}
          rows={data?.rows}
          rowKey={(r) => r.period}
          empty={t('periodic.none')}
          columns={[
            {
              key: 'period',
              label: t(`periodic.${data?.period ?? asked.period}`),
              render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{r.period}</span>,
            },
            {
              key: 'start',
              label: t('periodic.dates'),
              render: (r) =>
                r.start === r.end ? formatDate(r.start) : `${formatDate(r.start)} – ${formatDate(r.end)}`,
            },
            ...modeColumns,
            { key: 'count', label: t('columns.payments'), numeric: true, render: (r) => formatNumber(r.count) },
            { key: 'total', label: t('columns.total'), numeric: true, render: (r) => formatNumber(r.total) },
          ]}
          totals={
            data && {
              period: t('total'),
              ...modeTotals,
              count: formatNumber(data.totals.count),
              total: formatNumber(data.totals.amount),
            }
          }
        />
      </Panel>
      {data && data.rows.length > 0 ? (
        <Panel title={t('periodic.chart')}>
          {data.rows.length <= maxBars ? (
            <BarChart
              label={t('periodic.chart')}
              labelWidth={110}
              valueWidth={130}
              format={(v) => formatMoney(v)}
              bars={data.rows.map((r) => ({ label: r.period, value: r.total }))}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('periodic.tooMany', { count: data.rows.length, max: maxBars })}
            </Text>
          )}
        </Panel>
      ) : null}
    </div>
  );
}

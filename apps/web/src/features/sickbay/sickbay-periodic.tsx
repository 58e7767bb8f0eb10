import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { sickbayPeriodic } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { formatDate, formatNumber } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { ReportForm, thisMonth } from './report-parts';

type Period = 'day' | 'week' | 'month';

/** /medication/periodic: visits per day, ISO week or month (Kampala time), students and staff stacked. */
export default function SickbayPeriodicScreen() {
  const { t } = useTranslation('sickbay');
  const [filters, setFilters] = useState(thisMonth);
  const [period, setPeriod] = useState<Period>('day');
  const { report, asked, errors, submit } = useAskedReport('sickbay-periodic', sickbayPeriodic, { ...filters, period });
  const data = report.data;
  const rows = data?.periods.map((p) => ({ ...p, total: p.students + p.staff })) ?? [];
  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={sickbayPeriodic} body={asked} defaultName="sick_bay_periodic.xlsx" />} />
      <ReportForm value={filters} onChange={setFilters} onSubmit={submit} errors={errors}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('report.period')}
          </Text>
          <SegmentedControl
            value={period}
            onChange={(v) => setPeriod(v as Period)}
            data={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`report.per.${p}`) }))}
          />
        </Stack>
      </ReportForm>
      <ReportLoadState report={report} />
      {data ? (
        <Paper withBorder p="md">
          <Text mb="sm" fw={600} data-testid="report-total">
            {t('report.periodicSummary', { from: formatDate(data.from), to: formatDate(data.to), count: data.total })}
          </Text>
          {rows.length > 0 ? (
            <BarChart
              h={300}
              data={rows}
              dataKey="label"
              type="stacked"
              withLegend
              series={[
                { name: 'students', label: t('report.students'), color: 'teal.6' },
                { name: 'staff', label: t('report.staff'), color: 'orange.5' },
              ]}
              aria-label={t('report.chartOf', { title: t(`report.per.${data.period}`) })}
              role="img"
              mb="md"
            />
          ) : null}
          <DataTable
            rows={rows}
            rowKey={(r) => r.key}
            rowProps={(r) => ({ 'data-period': r.key })}
            empty={t('report.none')}
            columns={[
              { key: 'label', label: t('report.period') },
              { key: 'students', label: t('report.students'), numeric: true, render: (r) => formatNumber(r.students) },
              { key: 'staff', label: t('report.staff'), numeric: true, render: (r) => formatNumber(r.staff) },
              { key: 'total', label: t('report.total'), numeric: true, render: (r) => formatNumber(r.total) },
            ]}
            totals={{
              label: t('report.total'),
              students: formatNumber(rows.reduce((n, r) => n + r.students, 0)),
              staff: formatNumber(rows.reduce((n, r) => n + r.staff, 0)),
              total: formatNumber(data.total),
            }}
          />
        </Paper>
      ) : null}
    </div>
  );
}

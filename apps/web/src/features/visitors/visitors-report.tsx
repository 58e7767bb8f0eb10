import { Button, Group, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { now, visitReport } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatNumber, localDate, today } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { stayLabel } from './visit-parts';

type Period = 'day' | 'week' | 'month';
type Line = { key: string; label: string; count: number };

/** A count per name: bars, then the table with its total. */
export function CountPanel({ title, lines, testId }: { title: string; lines: Line[]; testId: string }) {
  const { t } = useTranslation('visitors');
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {lines.some((l) => l.count > 0) ? (
        <BarChart
          bars={lines.slice(0, 12).map((l) => ({ label: l.label, value: l.count }))}
          label={title}
          labelWidth={140}
        />
      ) : null}
      <DataTable
        rows={lines}
        rowKey={(l) => l.key}
        rowProps={(l) => ({ 'data-line': l.label })}
        empty={t('report.none')}
        columns={[
          { key: 'label', label: t('report.name') },
          { key: 'count', label: t('report.visits'), numeric: true, render: (l) => formatNumber(l.count) },
        ]}
        totals={{ label: t('report.total'), count: formatNumber(lines.reduce((n, l) => n + l.count, 0)) }}
      />
    </Paper>
  );
}

/** /visitors/report: the visits of a date range (this month by default) by period, whom visited, kind and purpose. */
export default function VisitorsReportScreen() {
  const { t } = useTranslation('visitors');
  const start = now();
  const [filters, setFilters] = useState({
    from: localDate(new Date(start.getFullYear(), start.getMonth(), 1)),
    to: today(),
    period: 'day' as Period,
  });
  const { report, asked, errors, submit } = useAskedReport('visitors', visitReport, filters);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              onClick={() =>
                void openPdf({ method: visitReport.method, path: visitReport.path, body: { ...asked, format: 'pdf' } })
              }
            >
              {t('report.print')}
            </Button>
            <ExportButton call={visitReport} body={asked} defaultName="visitors_report.xlsx" />
          </>
        }
      />
      <Paper withBorder p="md" mb="md">
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" wrap="wrap">
            <DateRangeFields
              value={filters}
              onChange={(r) => setFilters({ ...filters, ...r })}
              labels={{ from: t('list.from'), to: t('list.to') }}
              errors={errors}
            />
            <Select
              label={t('report.period')}
              w={130}
              allowDeselect={false}
              data={(['day', 'week', 'month'] as const).map((p) => ({ value: p, label: t(`report.per.${p}`) }))}
              value={filters.period}
              onChange={(p) => setFilters({ ...filters, period: (p ?? 'day') as Period })}
            />
            <Button type="submit">{t('report.show')}</Button>
          </Group>
        </form>
      </Paper>
      <ReportLoadState report={report} />
      {data ? (
        <>
          <Text fw={600} data-testid="report-total">
            {t('report.summary', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              count: data.total,
              stillIn: data.still_in,
            })}
          </Text>
          {data.average_minutes !== null ? (
            <Text mb="sm" c="dimmed">
              {t('report.average', { stay: stayLabel(data.average_minutes) })}
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <CountPanel title={t('report.byWhom')} lines={data.by_whom} testId="by-whom" />
            <CountPanel title={t('report.byPurpose')} lines={data.by_purpose} testId="by-purpose" />
            <CountPanel title={t('report.byVisitorType')} lines={data.by_visitor_type} testId="by-visitor-type" />
            <CountPanel title={t('report.byPeriod')} lines={data.by_period} testId="by-period" />
          </SimpleGrid>
        </>
      ) : null}
    </div>
  );
}

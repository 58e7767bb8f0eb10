import { Button, Group, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { eventsReport, eventTypes, now } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { formatDate, formatNumber, localDate } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { typeLabel } from './event-parts';

type Line = { key: string; label: string; count: number };

function CountPanel({ title, lines, name, testId }: { title: string; lines: Line[]; name: string; testId: string }) {
  const { t } = useTranslation('events');
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {lines.some((l) => l.count > 0) ? (
        <BarChart bars={lines.map((l) => ({ label: l.label, value: l.count }))} label={title} labelWidth={120} />
      ) : null}
      <DataTable
        rows={lines}
        rowKey={(l) => l.key}
        rowProps={(l) => ({ 'data-line': l.label })}
        empty={t('report.none')}
        columns={[
          { key: 'label', label: name },
          { key: 'count', label: t('report.events'), numeric: true, render: (l) => formatNumber(l.count) },
        ]}
        totals={{ label: t('report.total'), count: formatNumber(lines.reduce((n, l) => n + l.count, 0)) }}
      />
    </Paper>
  );
}

/** /events/report: this year's events (by default) by month and type, each with its attendance and resolutions. */
export default function EventsReportScreen() {
  const { t } = useTranslation('events');
  const year = now().getFullYear();
  const [filters, setFilters] = useState({
    from: localDate(new Date(year, 0, 1)),
    to: localDate(new Date(year, 11, 31)),
    event_type: undefined as (typeof eventTypes)[number]['value'] | undefined,
  });
  const { report, asked, errors, submit } = useAskedReport('events', eventsReport, filters);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={eventsReport} body={asked} defaultName="events_report.xlsx" />} />
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
              label={t('report.type')}
              placeholder={t('list.all')}
              clearable
              w={170}
              data={eventTypes.map((o) => ({ value: o.value, label: o.label }))}
              value={filters.event_type ?? null}
              onChange={(v) =>
                setFilters({ ...filters, event_type: (v ?? undefined) as (typeof filters)['event_type'] })
              }
            />
            <Button type="submit">{t('report.show')}</Button>
          </Group>
        </form>
      </Paper>
      <ReportLoadState report={report} />
      {data ? (
        <>
          <Text mb="sm" fw={600} data-testid="report-total">
            {t('report.summary', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              count: data.total,
              minutes: data.with_minutes,
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} mb="md">
            <CountPanel title={t('report.byType')} lines={data.by_type} name={t('report.type')} testId="by-type" />
            <CountPanel title={t('report.byMonth')} lines={data.by_month} name={t('report.month')} testId="by-month" />
          </SimpleGrid>
          <Paper withBorder p="md">
            <Title order={3} size="h4" mb="sm">
              {t('report.list')}
            </Title>
            <DataTable
              rows={data.events}
              rowKey={(e) => e.id}
              rowProps={(e) => ({ 'data-event': e.title })}
              empty={t('report.none')}
              minWidth={700}
              columns={[
                { key: 'on_date', label: t('fields.onDate'), render: (e) => formatDate(e.on_date) },
                { key: 'title', label: t('fields.title') },
                { key: 'event_type', label: t('fields.eventType'), render: (e) => typeLabel(e.event_type) },
                { key: 'venue', label: t('fields.venue'), render: (e) => e.venue ?? '' },
                {
                  key: 'present',
                  label: t('report.present'),
                  numeric: true,
                  render: (e) => (e.present === null ? '' : formatNumber(e.present)),
                },
                {
                  key: 'resolutions',
                  label: t('report.resolutions'),
                  numeric: true,
                  render: (e) => (e.resolutions === null ? '' : formatNumber(e.resolutions)),
                },
              ]}
            />
          </Paper>
        </>
      ) : null}
    </div>
  );
}

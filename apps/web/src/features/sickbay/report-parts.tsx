import { now } from '@somero/contract';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, Select, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { DateRangeFields } from '../../components/list-filters';
import { formatNumber, localDate, today } from '../../lib/format';

export type Patients = 'all' | 'students' | 'staff';
export interface ReportFilters {
  from: string;
  to: string;
  patients: Patients;
}

/** The first of this month to today: a report's default range. */
export const thisMonth = (): ReportFilters => {
  const d = now();
  return { from: localDate(new Date(d.getFullYear(), d.getMonth(), 1)), to: today(), patients: 'all' };
};

/** The report's bar: dates, whose visits, any extra field, and Show. */
export function ReportForm({
  value,
  onChange,
  onSubmit,
  errors,
  children,
}: {
  value: ReportFilters;
  onChange: (next: ReportFilters) => void;
  onSubmit: (event: FormEvent) => void;
  errors: Record<string, string>;
  children?: ReactNode;
}) {
  const { t } = useTranslation('sickbay');
  return (
    <Paper withBorder p="md" mb="md">
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end" wrap="wrap">
          <DateRangeFields
            value={value}
            onChange={(r) => onChange({ ...value, ...r })}
            labels={{ from: t('list.from'), to: t('list.to') }}
            errors={errors}
          />
          <Select
            label={t('report.patients')}
            w={190}
            allowDeselect={false}
            data={(['all', 'students', 'staff'] as const).map((p) => ({ value: p, label: t(`report.${p}`) }))}
            value={value.patients}
            onChange={(p) => onChange({ ...value, patients: (p ?? 'all') as Patients })}
          />
          {children}
          <Button type="submit">{t('report.show')}</Button>
        </Group>
      </form>
    </Paper>
  );
}

/** A count per name: its bars and its table, with the total. */
export function CountPanel({
  title,
  lines,
  nameLabel,
  testId,
}: {
  title: string;
  lines: { key: string; label: string; count: number }[];
  nameLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('sickbay');
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {lines.length > 0 ? (
        <BarChart
          h={Math.max(160, 40 + lines.length * 28)}
          data={lines}
          dataKey="label"
          orientation="vertical"
          yAxisProps={{ width: 130, interval: 0 }}
          series={[{ name: 'count', label: t('report.visits'), color: 'teal.6' }]}
          aria-label={t('report.chartOf', { title })}
          role="img"
          mb="md"
        />
      ) : null}
      <DataTable
        rows={lines}
        rowKey={(l) => l.key}
        rowProps={(l) => ({ 'data-line': l.label })}
        empty={t('report.none')}
        columns={[
          { key: 'label', label: nameLabel },
          { key: 'count', label: t('report.visits'), numeric: true, render: (l) => formatNumber(l.count) },
        ]}
        totals={{ label: t('report.total'), count: formatNumber(lines.reduce((n, l) => n + l.count, 0)) }}
      />
    </Paper>
  );
}

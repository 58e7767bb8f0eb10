import { Button, Grid, Group, Paper, Text } from '@mantine/core';
import { revenueReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { CenteredLoader } from '../../components/centered-loader';
import { DataTable } from '../../components/data-table';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import type { CallOutput } from '../../lib/api';
import { formatDate, formatMoney, formatNumber, today } from '../../lib/format';
import {
  DateRangeInputs,
  ExportButton,
  Panel,
  type Range,
  startOfMonth,
  useAskedReport,
} from '../fees-reports/report-parts';

type Report = CallOutput<typeof revenueReport>;
type Category = Report['categories'][number];

/** One category: its sources with their count and amount, and the category's totals. */
function CategoryTable({ category }: { category: Category }) {
  const { t } = useTranslation('revenues');
  return (
    <Panel title={category.category_name} testId={`report-category-${category.category_name}`}>
      <DataTable
        rows={category.sources}
        rowKey={(s) => s.source_id}
        empty={t('report.none')}
        minWidth={420}
        rowProps={(s) => ({ 'data-source': s.source_name })}
        columns={[
          { key: 'source_name', label: t('fields.source') },
          { key: 'count', label: t('report.count'), numeric: true, render: (s) => formatNumber(s.count) },
          { key: 'amount', label: t('report.amount'), numeric: true, render: (s) => formatNumber(s.amount) },
        ]}
        totals={{
          source_name: t('list.total'),
          count: formatNumber(category.count),
          amount: formatNumber(category.amount),
        }}
      />
    </Panel>
  );
}

/**
 * /reports/revenues: the valid revenues of a date range (this month by default) per category and
 * source, per payment mode, and a bar per category; the same as a spreadsheet with Export.
 */
export default function RevenueReportScreen() {
  const { t } = useTranslation('revenues');
  const [range, setRange] = useState<Range>({ from: startOfMonth(), to: today() });
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const current = { ...range, category_id: categoryId ?? undefined };
  const { report, asked, errors, submit } = useAskedReport('revenues', revenueReport, current);
  const data = report.data;

  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={revenueReport} body={asked} defaultName="revenue_report.xlsx" />} />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangeInputs value={range} onChange={setRange} errors={errors} />
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="revenue_categories"
            w={200}
            value={categoryId}
            onChange={setCategoryId}
          />
          <Button type="submit">{t('report.show')}</Button>
        </Group>
      </Paper>
      {report.isPending ? <CenteredLoader /> : null}
      {report.isError && !data ? <LoadError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {data ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Text mb="sm" fw={600} data-testid="report-total">
              {t('report.summary', {
                from: formatDate(data.from),
                to: formatDate(data.to),
                count: data.total.count,
                amount: formatMoney(data.total.amount),
              })}
            </Text>
            {data.categories.length === 0 ? (
              <Panel>
                <Text c="dimmed">{t('report.none')}</Text>
              </Panel>
            ) : (
              data.categories.map((c) => <CategoryTable key={c.category_id} category={c} />)
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Panel title={t('report.byCategory')}>
              <BarChart
                label={t('report.byCategory')}
                labelWidth={130}
                valueWidth={130}
                format={(v) => formatMoney(v)}
                bars={data.categories.map((c) => ({ label: c.category_name, value: c.amount }))}
              />
            </Panel>
            <Panel title={t('report.byMode')} testId="report-modes">
              <DataTable
                rows={data.modes}
                rowKey={(m) => m.mode_id}
                empty={t('report.none')}
                minWidth={320}
                rowProps={(m) => ({ 'data-mode': m.mode_name })}
                columns={[
                  { key: 'mode_name', label: t('fields.mode') },
                  { key: 'count', label: t('report.count'), numeric: true, render: (m) => formatNumber(m.count) },
                  { key: 'amount', label: t('report.amount'), numeric: true, render: (m) => formatNumber(m.amount) },
                ]}
                totals={{
                  mode_name: t('list.total'),
                  count: formatNumber(data.total.count),
                  amount: formatNumber(data.total.amount),
                }}
              />
            </Panel>
          </Grid.Col>
        </Grid>
      ) : null}
    </div>
  );
}

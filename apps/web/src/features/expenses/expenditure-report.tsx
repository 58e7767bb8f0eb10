import { Button, Grid, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { expenditureReport } from '@somero/contract';
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

type Report = CallOutput<typeof expenditureReport>;
type Category = Report['categories'][number];

/** One category: its items with the quantity bought, how many expenses, the amount; and its totals. */
function CategoryTable({ category }: { category: Category }) {
  const { t } = useTranslation('expenses');
  return (
    <Panel title={category.category_name} testId={`report-category-${category.category_name}`}>
      <DataTable
        rows={category.items}
        rowKey={(i) => i.item_id}
        empty={t('report.none')}
        minWidth={460}
        rowProps={(i) => ({ 'data-item': i.item_name })}
        columns={[
          { key: 'item_name', label: t('fields.item') },
          { key: 'quantity', label: t('fields.quantity'), numeric: true, render: (i) => formatNumber(i.quantity) },
          { key: 'count', label: t('report.lines'), numeric: true, render: (i) => formatNumber(i.count) },
          { key: 'amount', label: t('report.amount'), numeric: true, render: (i) => formatNumber(i.amount) },
        ]}
        totals={{
          item_name: t('list.total'),
          count: formatNumber(category.count),
          amount: formatNumber(category.amount),
        }}
      />
    </Panel>
  );
}

/** A labelled figure of the report's summary. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * /reports/expenses: the valid expenses of a date range (this month by default) per category and item,
 * how they were paid (per payment mode, and credit still owed), a bar per category; Export gives the same
 * as a spreadsheet.
 */
export default function ExpenditureReportScreen() {
  const { t } = useTranslation('expenses');
  const [range, setRange] = useState<Range>({ from: startOfMonth(), to: today() });
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const current = { ...range, category_id: categoryId ?? undefined };
  const { report, asked, errors, submit } = useAskedReport('expenses', expenditureReport, current);
  const data = report.data;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={<ExportButton call={expenditureReport} body={asked} defaultName="expenditure_report.xlsx" />}
      />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangeInputs value={range} onChange={setRange} errors={errors} />
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="expense_categories"
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
        <>
          <Text mb="sm" fw={600} data-testid="report-total">
            {t('report.summary', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              amount: formatMoney(data.total.amount),
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
            <Figure label={t('report.total')} value={formatMoney(data.total.amount)} testId="figure-total" />
            <Figure
              label={t('report.paid')}
              value={formatMoney(data.modes.reduce((sum, m) => sum + m.amount, 0))}
              testId="figure-paid"
            />
            <Figure label={t('report.creditOwed')} value={formatMoney(data.credit_owed.amount)} testId="credit-owed" />
          </SimpleGrid>
          <Grid>
            <Grid.Col span={{ base: 12, lg: 8 }}>
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
                  rows={[
                    ...data.modes.map((m) => ({ key: `mode-${m.mode_id}`, name: m.mode_name, ...m })),
                    ...(data.credit_owed.count > 0
                      ? [{ key: 'credit', name: t('report.creditOwed'), ...data.credit_owed }]
                      : []),
                  ]}
                  rowKey={(m) => m.key}
                  empty={t('report.none')}
                  minWidth={320}
                  rowProps={(m) => ({ 'data-mode': m.name })}
                  columns={[
                    { key: 'name', label: t('report.paidHow') },
                    { key: 'count', label: t('report.count'), numeric: true, render: (m) => formatNumber(m.count) },
                    { key: 'amount', label: t('report.amount'), numeric: true, render: (m) => formatNumber(m.amount) },
                  ]}
                  totals={{
                    name: t('list.total'),
                    count: formatNumber(data.modes.reduce((n, m) => n + m.count, data.credit_owed.count)),
                    amount: formatNumber(data.total.amount),
                  }}
                />
              </Panel>
            </Grid.Col>
          </Grid>
        </>
      ) : null}
    </div>
  );
}

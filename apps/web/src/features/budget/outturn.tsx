import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { budgetActualOutturn, type Outturn } from '@somero/contract';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { downloadSpreadsheet, openPdf } from '../../lib/downloads';
import { formatDate, formatNumber } from '../../lib/format';
import { budgetKeys } from './keys';
import { useYears, YearSelect } from './year-select';

type Line = Outturn['revenues'][number];
type Total = Outturn['revenue_total'];

const signed = (n: number) => (n < 0 ? `(${formatNumber(-n)})` : formatNumber(n));
const pct = (p: number | null) => (p === null ? '–' : `${p.toFixed(1)}%`);

function Section({
  title,
  lines,
  total,
  totalName,
}: {
  title: string;
  lines: Line[];
  total: Total;
  totalName: string;
}) {
  const { t } = useTranslation('budget');
  const row = (name: string, l: Total, key: string, bold = false) => (
    <Table.Tr key={key} data-line={name} fw={bold ? 700 : undefined}>
      <Table.Td>{name}</Table.Td>
      <Table.Td ta="right">{formatNumber(l.budget)}</Table.Td>
      <Table.Td ta="right">{formatNumber(l.actual)}</Table.Td>
      <Table.Td ta="right" c={l.variance < 0 ? 'red' : undefined}>
        {signed(l.variance)}
      </Table.Td>
      <Table.Td ta="right">{pct(l.percent)}</Table.Td>
    </Table.Tr>
  );
  return (
    <Paper withBorder p="md" mb="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={600}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('category')}</Table.Th>
              <Table.Th ta="right">{t('report.budget')}</Table.Th>
              <Table.Th ta="right">{t('report.actual')}</Table.Th>
              <Table.Th ta="right">{t('report.variance')}</Table.Th>
              <Table.Th ta="right">{t('report.percent')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => row(l.name, l, `${l.kind}:${l.category_id}`))}
            {row(totalName, total, 'total', true)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * /reports/budgetToActualOutrun: per revenue and expense category, the budget, the actual from the journal,
 * the variance and the percentage, for a financial year or a range of dates in it; a chart; the same as a
 * spreadsheet or a printed page.
 */
export default function OutturnScreen() {
  const { t } = useTranslation('budget');
  const years = useYears();
  const [yearId, setYearId] = useState<number | null>(null);
  const [range, setRange] = useState({ from: '', to: '' });
  const asked = {
    year_id: yearId ?? undefined,
    ...(range.from && range.to ? { from: range.from, to: range.to } : {}),
  };
  const report = useQuery({
    queryKey: budgetKeys.outturn(asked),
    queryFn: () => fetchData(budgetActualOutturn, asked).then((r) => r.data),
    retry: false,
  });
  const data = report.data;
  const request = (format: 'xlsx' | 'pdf') => ({
    method: budgetActualOutturn.method,
    path: budgetActualOutturn.path,
    body: { ...asked, format },
  });
  const chart = (lines: Line[]) =>
    lines.filter((l) => l.budget || l.actual).map((l) => ({ name: l.name, budget: l.budget, actual: l.actual }));
  const series = [
    { name: 'budget', label: t('report.budget'), color: 'blue.4' },
    { name: 'actual', label: t('report.actual'), color: 'teal.6' },
  ];

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              disabled={!data}
              onClick={() => void downloadSpreadsheet(request('xlsx'), 'budget_to_actual.xlsx')}
            >
              {t('report.export')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              disabled={!data}
              onClick={() => void openPdf(request('pdf'))}
            >
              {t('report.print')}
            </Button>
          </>
        }
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <YearSelect value={yearId} onChange={setYearId} years={years.data} />
        <DateRangeFields value={range} onChange={setRange} labels={{ from: t('report.from'), to: t('report.to') }} />
      </Group>
      {report.isError ? <Alert color="yellow">{report.error.message}</Alert> : null}
      {data ? (
        <>
          <Text fw={600} mb="sm" data-testid="outturn-span">
            {t('report.span', { name: data.year.name, from: formatDate(data.from), to: formatDate(data.to) })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} mb="md">
            {[
              [t('report.revenues'), chart(data.revenues)] as const,
              [t('report.expenses'), chart(data.expenses)] as const,
            ].map(([title, rows]) => (
              <Paper withBorder p="md" key={title}>
                <Title order={3} size="h5" mb="xs">
                  {title}
                </Title>
                {rows.length ? (
                  <BarChart
                    h={Math.max(180, 60 + rows.length * 40)}
                    data={rows}
                    dataKey="name"
                    orientation="vertical"
                    yAxisProps={{ width: 160, interval: 0 }}
                    valueFormatter={formatNumber}
                    withLegend
                    series={series}
                    role="img"
                    aria-label={t('report.chartOf', { title })}
                  />
                ) : (
                  <Text c="dimmed">{t('report.nothing')}</Text>
                )}
              </Paper>
            ))}
          </SimpleGrid>
          <Section
            title={t('report.revenues')}
            lines={data.revenues}
            total={data.revenue_total}
            totalName={t('report.totalRevenue')}
          />
          <Section
            title={t('report.expenses')}
            lines={data.expenses}
            total={data.expense_total}
            totalName={t('report.totalExpenses')}
          />
          <Paper withBorder p="md">
            <Text fw={700} data-testid="surplus">
              {t('report.surplus', { budget: signed(data.surplus.budget), actual: signed(data.surplus.actual) })}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {t('report.varianceNote')}
            </Text>
          </Paper>
        </>
      ) : null}
    </div>
  );
}

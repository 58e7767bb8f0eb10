import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { IncomeStatement } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { amount, Section } from './parts';

type Line = IncomeStatement['income']['lines'][number];

/** One section of the statement: an account per row with its amount, and the section's total. */
export function AccountSection({
  title,
  lines,
  total,
  totalLabel,
  testId,
}: {
  title: string;
  lines: Line[];
  total: number;
  totalLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('finance-reports');
  return (
    <Section title={title} testId={testId}>
      <DataTable
        rows={lines}
        rowKey={(l) => l.account_id}
        empty={t('none')}
        minWidth={380}
        rowProps={(l) => ({ 'data-account': l.name })}
        columns={[
          { key: 'code', label: t('code'), width: 90 },
          { key: 'name', label: t('account') },
          { key: 'amount', label: t('amountUgx'), numeric: true, render: (l) => amount(l.amount) },
        ]}
        totals={{ name: totalLabel, amount: amount(total) }}
      />
    </Section>
  );
}

/** A bar per account: income in green, expenses in red. */
export function AccountBars({ report, title }: { report: IncomeStatement; title: string }) {
  const { t } = useTranslation('finance-reports');
  const data = [
    ...report.income.lines.map((l) => ({ name: l.name, income: l.amount })),
    ...report.expenses.lines.map((l) => ({ name: l.name, expenses: l.amount })),
  ];
  if (!data.length) return null;
  return (
    <Section title={title}>
      <BarChart
        h={Math.max(200, 60 + data.length * 34)}
        data={data}
        dataKey="name"
        type="stacked"
        orientation="vertical"
        yAxisProps={{ width: 130, interval: 0 }}
        valueFormatter={(v) => v.toLocaleString('en-GB')}
        withLegend
        series={[
          { name: 'income', label: t('income'), color: 'teal.6' },
          { name: 'expenses', label: t('expenses'), color: 'red.6' },
        ]}
        aria-label={title}
        role="img"
      />
    </Section>
  );
}

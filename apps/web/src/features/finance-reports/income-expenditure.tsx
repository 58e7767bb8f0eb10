import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { incomeExpenditure } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { ReportLoadState, useAskedReport } from '../fees-reports';
import { amount, Figures, FinanceHeader, PeriodLine, RangeForm, Section, yearToDate } from './parts';
import { AccountSection } from './statement-tables';

const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

/**
 * /reports/income/expenditure: the income and expenditure account of a date range from the journal:
 * expenditure beside income per account, the excess of one over the other, and each month in a chart
 * and a table; xlsx and PDF.
 */
export default function IncomeExpenditureScreen() {
  const { t } = useTranslation('finance-reports');
  const [range, setRange] = useState(yearToDate);
  const { report, asked, errors, submit } = useAskedReport('income-expenditure', incomeExpenditure, range);
  const data = report.data;
  const months = data?.months.map((m) => ({ ...m, label: monthName(m.month) })) ?? [];
  return (
    <div data-screen-status="built">
      <FinanceHeader call={incomeExpenditure} asked={asked} file="income_expenditure" />
      <RangeForm range={range} onRange={setRange} errors={errors} onSubmit={submit} />
      <ReportLoadState report={report} />
      {data ? (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <Figures
            figures={[
              { label: t('totalIncome'), value: data.income.total, testId: 'total-income' },
              { label: t('totalExpenditure'), value: data.expenses.total, testId: 'total-expenses' },
              {
                label: data.surplus < 0 ? t('excessOfExpenditure') : t('excessOfIncome'),
                value: Math.abs(data.surplus),
                testId: 'surplus',
              },
            ]}
          />
          <div
            style={{
              display: 'grid',
              gap: 'var(--mantine-spacing-md)',
              gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
            }}
          >
            <AccountSection
              title={t('expenditure')}
              lines={data.expenses.lines}
              total={data.expenses.total}
              totalLabel={t('totalExpenditure')}
              testId="expenses-section"
            />
            <AccountSection
              title={t('income')}
              lines={data.income.lines}
              total={data.income.total}
              totalLabel={t('totalIncome')}
              testId="income-section"
            />
          </div>
          <Section title={t('eachMonth')} testId="months">
            {months.length ? (
              <BarChart
                h={260}
                data={months}
                dataKey="label"
                valueFormatter={(v) => v.toLocaleString('en-GB')}
                withLegend
                series={[
                  { name: 'income', label: t('income'), color: 'teal.6' },
                  { name: 'expenses', label: t('expenditure'), color: 'red.6' },
                ]}
                aria-label={t('eachMonth')}
                role="img"
                mb="md"
              />
            ) : null}
            <DataTable
              rows={months}
              rowKey={(m) => m.month}
              empty={t('none')}
              minWidth={420}
              columns={[
                { key: 'label', label: t('month') },
                { key: 'income', label: t('income'), numeric: true, render: (m) => amount(m.income) },
                { key: 'expenses', label: t('expenditure'), numeric: true, render: (m) => amount(m.expenses) },
                { key: 'surplus', label: t('surplus'), numeric: true, render: (m) => amount(m.surplus) },
              ]}
              totals={{
                label: t('total'),
                income: amount(data.income.total),
                expenses: amount(data.expenses.total),
                surplus: amount(data.surplus),
              }}
            />
          </Section>
        </>
      ) : null}
    </div>
  );
}

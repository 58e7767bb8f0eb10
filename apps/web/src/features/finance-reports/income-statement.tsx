import { incomeStatement } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportColumns, ReportLoadState, useAskedReport } from '../fees-reports';
import { Figures, FinanceHeader, PeriodLine, RangeForm, yearToDate } from './parts';
import { AccountBars, AccountSection } from './statement-tables';

/**
 * /income/statement: the income and expense accounts of a date range from the journal (this year by
 * default), each section's total and the surplus or deficit; a bar per account; xlsx and PDF.
 */
export default function IncomeStatementScreen() {
  const { t } = useTranslation('finance-reports');
  const [range, setRange] = useState(yearToDate);
  const { report, asked, errors, submit } = useAskedReport('income-statement', incomeStatement, range);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <FinanceHeader call={incomeStatement} asked={asked} file="income_statement" />
      <RangeForm range={range} onRange={setRange} errors={errors} onSubmit={submit} />
      <ReportLoadState report={report} />
      {data ? (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <Figures
            figures={[
              { label: t('totalIncome'), value: data.income.total, testId: 'total-income' },
              { label: t('totalExpenses'), value: data.expenses.total, testId: 'total-expenses' },
              { label: data.surplus < 0 ? t('deficit') : t('surplus'), value: data.surplus, testId: 'surplus' },
            ]}
          />
          <ReportColumns
            main={
              <>
                <AccountSection
                  title={t('income')}
                  lines={data.income.lines}
                  total={data.income.total}
                  totalLabel={t('totalIncome')}
                  testId="income-section"
                />
                <AccountSection
                  title={t('expenses')}
                  lines={data.expenses.lines}
                  total={data.expenses.total}
                  totalLabel={t('totalExpenses')}
                  testId="expenses-section"
                />
              </>
            }
            side={<AccountBars report={data} title={t('byAccount')} />}
          />
        </>
      ) : null}
    </div>
  );
}

import { SimpleGrid, Text } from '@mantine/core';
import { expenditureReport } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-title';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format';
import {
  CategoryBars,
  CategoryBreakdown,
  CategoryPanels,
  CategoryReportForm,
  ExportButton,
  ModeBreakdown,
  ReportColumns,
  ReportFigure,
  ReportLoadState,
  useAskedReport,
  useCategoryFilters,
} from '../../fees-reports';

/**
 * /reports/expenses: the valid expenses of a date range (this month by default) per category and item,
 * how they were paid (per payment mode, and credit still owed), a bar per category; Export gives the same
 * as a spreadsheet.
 */
export default function ExpenditureReportScreen() {
  const { t } = useTranslation('expenses');
  const filters = useCategoryFilters();
  const { report, asked, errors, submit } = useAskedReport('expenses', expenditureReport, filters.current);
  const data = report.data;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={<ExportButton call={expenditureReport} body={asked} defaultName="expenditure_report.xlsx" />}
      />
      <CategoryReportForm
        filters={filters}
        errors={errors}
        onSubmit={submit}
        references="expense_categories"
        labels={{ category: t('fields.category'), all: t('list.all'), show: t('report.show') }}
      />
      <ReportLoadState report={report} />
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
            <ReportFigure label={t('report.total')} value={formatMoney(data.total.amount)} testId="figure-total" />
            <ReportFigure
              label={t('report.paid')}
              value={formatMoney(data.modes.reduce((sum, m) => sum + m.amount, 0))}
              testId="figure-paid"
            />
            <ReportFigure
              label={t('report.creditOwed')}
              value={formatMoney(data.credit_owed.amount)}
              testId="credit-owed"
            />
          </SimpleGrid>
          <ReportColumns
            main={
              // One category: its items with the quantity bought, how many expenses, the amount; and its totals.
              <CategoryPanels categories={data.categories} empty={t('report.none')}>
                {(category) => (
                  <CategoryBreakdown
                    category={category}
                    lines={category.items}
                    lineKey={(i) => i.item_id}
                    lineProps={(i) => ({ 'data-item': i.item_name })}
                    columns={[
                      { key: 'item_name', label: t('fields.item') },
                      {
                        key: 'quantity',
                        label: t('fields.quantity'),
                        numeric: true,
                        render: (i) => formatNumber(i.quantity),
                      },
                      { key: 'count', label: t('report.lines'), numeric: true, render: (i) => formatNumber(i.count) },
                      {
                        key: 'amount',
                        label: t('report.amount'),
                        numeric: true,
                        render: (i) => formatNumber(i.amount),
                      },
                    ]}
                    totalLabel={t('list.total')}
                    empty={t('report.none')}
                    minWidth={460}
                  />
                )}
              </CategoryPanels>
            }
            side={
              <>
                <CategoryBars title={t('report.byCategory')} categories={data.categories} />
                <ModeBreakdown
                  title={t('report.byMode')}
                  rows={[
                    ...data.modes.map((m) => ({ key: `mode-${m.mode_id}`, name: m.mode_name, ...m })),
                    ...(data.credit_owed.count > 0
                      ? [{ key: 'credit', name: t('report.creditOwed'), ...data.credit_owed }]
                      : []),
                  ]}
                  nameLabel={t('report.paidHow')}
                  countLabel={t('report.count')}
                  amountLabel={t('report.amount')}
                  totalLabel={t('list.total')}
                  total={{
                    count: data.modes.reduce((n, m) => n + m.count, data.credit_owed.count),
                    amount: data.total.amount,
                  }}
                  empty={t('report.none')}
                />
              </>
            }
          />
        </>
      ) : null}
    </div>
  );
}

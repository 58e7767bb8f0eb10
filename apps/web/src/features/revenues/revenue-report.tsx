import { Text } from '@mantine/core';
import { revenueReport } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import {
  CategoryBars,
  CategoryBreakdown,
  CategoryPanels,
  CategoryReportForm,
  ExportButton,
  ModeBreakdown,
  ReportColumns,
  ReportLoadState,
  useAskedReport,
  useCategoryFilters,
} from '../fees-reports';

/**
 * /reports/revenues: the valid revenues of a date range (this month by default) per category and
 * source, per payment mode, and a bar per category; the same as a spreadsheet with Export.
 */
export default function RevenueReportScreen() {
  const { t } = useTranslation('revenues');
  const filters = useCategoryFilters();
  const { report, asked, errors, submit } = useAskedReport('revenues', revenueReport, filters.current);
  const data = report.data;

  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={revenueReport} body={asked} defaultName="revenue_report.xlsx" />} />
      <CategoryReportForm
        filters={filters}
        errors={errors}
        onSubmit={submit}
        references="revenue_categories"
        labels={{ category: t('fields.category'), all: t('list.all'), show: t('report.show') }}
      />
      <ReportLoadState report={report} />
      {data ? (
        <ReportColumns
          main={
            <>
              <Text mb="sm" fw={600} data-testid="report-total">
                {t('report.summary', {
                  from: formatDate(data.from),
                  to: formatDate(data.to),
                  count: data.total.count,
                  amount: formatMoney(data.total.amount),
                })}
              </Text>
              {/* One category: its sources with their count and amount, and the category's totals. */}
              <CategoryPanels categories={data.categories} empty={t('report.none')}>
                {(category) => (
                  <CategoryBreakdown
                    category={category}
                    lines={category.sources}
                    lineKey={(s) => s.source_id}
                    lineProps={(s) => ({ 'data-source': s.source_name })}
                    columns={[
                      { key: 'source_name', label: t('fields.source') },
                      { key: 'count', label: t('report.count'), numeric: true, render: (s) => formatNumber(s.count) },
                      {
                        key: 'amount',
                        label: t('report.amount'),
                        numeric: true,
                        render: (s) => formatNumber(s.amount),
                      },
                    ]}
                    totalLabel={t('list.total')}
                    empty={t('report.none')}
                    minWidth={420}
                  />
                )}
              </CategoryPanels>
            </>
          }
          side={
            <>
              <CategoryBars title={t('report.byCategory')} categories={data.categories} />
              <ModeBreakdown
                title={t('report.byMode')}
                rows={data.modes.map((m) => ({ key: m.mode_id, name: m.mode_name, count: m.count, amount: m.amount }))}
                nameLabel={t('fields.mode')}
                countLabel={t('report.count')}
                amountLabel={t('report.amount')}
                totalLabel={t('list.total')}
                total={data.total}
                empty={t('report.none')}
              />
            </>
          }
        />
      ) : null}
    </div>
  );
}

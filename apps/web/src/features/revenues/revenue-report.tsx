import { Text } from '@mantine/core';
import { revenueReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { formatDate, formatMoney, formatNumber, today } from '../../lib/format';
import {
  CategoryBars,
  CategoryBreakdown,
  CategoryPanels,
  DateRangeInputs,
  ExportButton,
  ModeBreakdown,
  type Range,
  ReportColumns,
  ReportForm,
  ReportLoadState,
  startOfMonth,
  useAskedReport,
} from '../fees-reports/report-parts';

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
      <ReportForm onSubmit={submit} submitLabel={t('report.show')}>
        <DateRangeInputs value={range} onChange={setRange} errors={errors} />
        <ReferenceSelect
          label={t('fields.category')}
          placeholder={t('list.all')}
          references="revenue_categories"
          w={200}
          value={categoryId}
          onChange={setCategoryId}
        />
      </ReportForm>
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

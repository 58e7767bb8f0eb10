import { SimpleGrid, Text } from '@mantine/core';
import { sickbayReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { formatDate } from '../../lib/format';
import { ExportButton, ReportLoadState, useAskedReport } from '../fees-reports';
import { CountPanel, ReportForm, thisMonth } from './report-parts';

/** /medication/report: the visits of a date range (this month by default) by problem, by class and by month. */
export default function SickbayReportScreen() {
  const { t } = useTranslation('sickbay');
  const [filters, setFilters] = useState(thisMonth);
  const { report, asked, errors, submit } = useAskedReport('sickbay', sickbayReport, filters);
  const data = report.data;
  return (
    <div data-screen-status="built">
      <PageHeader actions={<ExportButton call={sickbayReport} body={asked} defaultName="sick_bay_report.xlsx" />} />
      <ReportForm value={filters} onChange={setFilters} onSubmit={submit} errors={errors} />
      <ReportLoadState report={report} />
      {data ? (
        <>
          <Text mb="sm" fw={600} data-testid="report-total">
            {t('report.summary', {
              from: formatDate(data.from),
              to: formatDate(data.to),
              count: data.total,
              referred: data.referred,
              home: data.sent_home,
            })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 3 }}>
            <CountPanel
              title={t('report.byProblem')}
              lines={data.by_problem}
              nameLabel={t('fields.problem')}
              testId="by-problem"
            />
            <CountPanel
              title={t('report.byClass')}
              lines={data.by_class}
              nameLabel={t('fields.class')}
              testId="by-class"
            />
            <CountPanel
              title={t('report.byMonth')}
              lines={data.by_month}
              nameLabel={t('report.month')}
              testId="by-month"
            />
          </SimpleGrid>
        </>
      ) : null}
    </div>
  );
}

import { Group, Text } from '@mantine/core';
import { feesCategorySummary } from '@somero/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { type Placement, PlacementSelect } from '../students';
import { feesReportKeys } from './keys';
import { ExportButton, Panel } from './report-parts';

/** /fees/reports/summary: this term per fees category, expected, collected and outstanding, for the school or a class. */
export default function CategorySummaryScreen() {
  const { t } = useTranslation('fees-reports');
  const [placement, setPlacement] = useState<Placement>({});
  const filters = { class_id: placement.class_id, stream_id: placement.stream_id };
  const summary = useQuery({
    queryKey: feesReportKeys.categories(filters),
    queryFn: () => fetchData(feesCategorySummary, filters).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const data = summary.data;

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={<ExportButton call={feesCategorySummary} body={filters} defaultName="fees_category_summary.xlsx" />}
      />
      <Panel>
        <Group align="flex-end" gap="sm">
          <PlacementSelect value={placement} onChange={setPlacement} />
          {data ? (
            <Text size="sm" c="dimmed" pb={8}>
              {t('summary.term', { term: data.term, year: data.year })}
            </Text>
          ) : null}
        </Group>
      </Panel>

      <Panel testId="category-table">
        <DataTable
          query={summary}
          rows={data?.rows}
          rowKey={(r) => r.category_id ?? r.name}
          empty={t('categories.none')}
          minWidth={520}
          columns={[
            { key: 'name', label: t('columns.category') },
            {
              key: 'expected',
              label: t('columns.expected'),
              numeric: true,
              render: (r) => formatNumber(r.expected),
            },
            {
              key: 'collected',
              label: t('columns.collected'),
              numeric: true,
              render: (r) => formatNumber(r.collected),
            },
            {
              key: 'outstanding',
              label: t('columns.outstanding'),
              numeric: true,
              render: (r) => formatNumber(r.outstanding),
            },
          ]}
          totals={
            data && {
              name: t('total'),
              expected: formatNumber(data.totals.expected),
              collected: formatNumber(data.totals.collected),
              outstanding: formatNumber(data.totals.outstanding),
            }
          }
        />
      </Panel>
      {data && data.rows.length > 0 ? (
        <Panel title={t('categories.chart')}>
          <BarChart
            label={t('categories.chart')}
            labelWidth={170}
            valueWidth={220}
            bars={data.rows.map((r) => ({ label: r.name, value: r.collected, target: r.expected }))}
          />
        </Panel>
      ) : null}
    </div>
  );
}

import { Anchor, Grid, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  feesCollectionSummary,
  feesReminders,
  feesReminderTemplate,
  reminderPlaceholders,
  routeHref,
} from '@somero/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../components/bar-chart';
import { DataTable } from '../../components/data-table';
import { GuardianSmsButton } from '../../components/guardian-sms';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { fetchData } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { type Placement, PlacementSelect } from '../students';
import { feesReportKeys } from './keys';
import { ExportButton, Panel } from './report-parts';

const perPage = 50;
const ledgerPath = '/student/ledger/{id}/{name}';

/** /fees/summary: this term per class and stream (expected, paid, balance) and the defaulters above a chosen balance. */
export default function FeesSummaryScreen() {
  const { t } = useTranslation('fees-reports');
  const [placement, setPlacement] = useState<Placement>({});
  const [threshold, setThreshold] = useState<number | null>(0);
  const [minBalance] = useDebouncedValue(threshold ?? 0, 400);
  const [page, setPage] = useState(1);
  const filters = { class_id: placement.class_id, stream_id: placement.stream_id, min_balance: minBalance };
  const summary = useQuery({
    queryKey: feesReportKeys.summary(filters, page),
    // The server pages the defaulters; the groups and totals always cover the whole choice.
    queryFn: () => fetchData(feesCollectionSummary, { ...filters, page, per_page: perPage }).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const data = summary.data;

  // The chart: this term's balance per class (streams added up).
  const byClass = new Map<string, number>();
  for (const g of data?.groups ?? []) byClass.set(g.class_name, (byClass.get(g.class_name) ?? 0) + g.balance);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group gap="xs">
            <GuardianSmsButton
              call={feesReminders}
              body={filters}
              label={t('summary.remind')}
              defaultMessage={feesReminderTemplate}
              placeholders={reminderPlaceholders}
              disabled={!data?.defaulters_count}
            />
            <ExportButton call={feesCollectionSummary} body={filters} defaultName="fees_summary.xlsx" />
          </Group>
        }
      />
      <Panel>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PlacementSelect
            value={placement}
            onChange={(next) => {
              setPlacement(next);
              setPage(1);
            }}
          />
          <MoneyInput
            label={t('summary.owingMore')}
            w={200}
            value={threshold}
            onChange={(v) => {
              setThreshold(v);
              setPage(1);
            }}
          />
          {data ? (
            <Text size="sm" c="dimmed" pb={8}>
              {t('summary.term', { term: data.term, year: data.year })}
            </Text>
          ) : null}
        </Group>
      </Panel>
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Panel title={t('summary.byClass')} testId="summary-groups">
            <DataTable
              query={summary}
              rows={data?.groups}
              rowKey={(g) => `${g.class_id}-${g.stream_id ?? 0}`}
              rowProps={(g) => ({ 'data-group': [g.class_name, g.stream_name].filter(Boolean).join(' ') })}
              empty={t('summary.none')}
              minWidth={620}
              columns={[
                { key: 'class_name', label: t('columns.class') },
                {
                  key: 'stream_name',
                  label: t('columns.stream'),
                  render: (g) => g.stream_name ?? t('summary.noStream'),
                },
                {
                  key: 'students',
                  label: t('columns.students'),
                  numeric: true,
                  render: (g) => formatNumber(g.students),
                },
                {
                  key: 'expected',
                  label: t('columns.expected'),
                  numeric: true,
                  render: (g) => formatNumber(g.expected),
                },
                { key: 'paid', label: t('columns.paid'), numeric: true, render: (g) => formatNumber(g.paid) },
                { key: 'balance', label: t('columns.balance'), numeric: true, render: (g) => formatNumber(g.balance) },
              ]}
              totals={
                data && {
                  class_name: t('total'),
                  students: formatNumber(data.totals.students),
                  expected: formatNumber(data.totals.expected),
                  paid: formatNumber(data.totals.paid),
                  balance: formatNumber(data.totals.balance),
                }
              }
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Panel title={t('summary.chart')}>
            <BarChart
              label={t('summary.chart')}
              valueWidth={96}
              bars={[...byClass].map(([label, value]) => ({ label, value }))}
            />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel
        title={data ? t('summary.defaulters', { count: data.defaulters_count, amount: formatNumber(minBalance) }) : ''}
        testId="defaulters"
      >
        <DataTable
          query={summary}
          rows={data?.defaulters}
          rowKey={(d) => d.student_id}
          empty={t('summary.noDefaulters')}
          minWidth={900}
          columns={[
            {
              key: 'name',
              label: t('columns.student'),
              render: (d) => (
                <Anchor component={Link} to={routeHref(ledgerPath, { id: d.student_id, name: d.name })}>
                  {d.name}
                </Anchor>
              ),
            },
            { key: 'admission_no', label: t('columns.admissionNo') },
            { key: 'payment_code', label: t('columns.paymentCode'), render: (d) => d.payment_code ?? '' },
            {
              key: 'class_name',
              label: t('columns.class'),
              render: (d) => [d.class_name, d.stream_name].filter(Boolean).join(' · '),
            },
            {
              key: 'expected',
              label: t('columns.expectedTerm'),
              numeric: true,
              render: (d) => formatNumber(d.expected),
            },
            { key: 'paid', label: t('columns.paid'), numeric: true, render: (d) => formatNumber(d.paid) },
            { key: 'balance', label: t('columns.owing'), numeric: true, render: (d) => formatNumber(d.balance) },
          ]}
          totals={
            data && {
              name: t('summary.students', { count: data.defaulters_count }),
              balance: formatNumber(data.defaulters_total),
            }
          }
          paging={{ page, perPage, total: data?.defaulters_count ?? 0, onChange: setPage }}
        />
      </Panel>
    </div>
  );
}

import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { cashFlow } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { ReportColumns, ReportLoadState, useAskedReport } from '../fees-reports';
import { amount, Figures, FinanceHeader, PeriodLine, RangeForm, Section, yearToDate } from './parts';

/**
 * /reports/cash/flow: the cash of each payment mode from the journal: opening, in, out and closing;
 * in and out per activity (fees, revenues, expenses, transfers, which net to zero…) and each mode per
 * activity; a chart of each mode's in and out; xlsx and PDF.
 */
export default function CashFlowScreen() {
  const { t } = useTranslation('finance-reports');
  const [range, setRange] = useState(yearToDate);
  const { report, asked, errors, submit } = useAskedReport('cash-flow', cashFlow, range);
  const data = report.data;
  const flowColumns = <R extends { inflow: number; outflow: number; net: number }>() => [
    { key: 'inflow', label: t('inflow'), numeric: true, render: (r: R) => amount(r.inflow) },
    { key: 'outflow', label: t('outflow'), numeric: true, render: (r: R) => amount(r.outflow) },
    { key: 'net', label: t('net'), numeric: true, render: (r: R) => amount(r.net) },
  ];
  const modeName = new Map(data?.modes.map((m) => [m.account_id, m.name]));
  return (
    <div data-screen-status="built">
      <FinanceHeader call={cashFlow} asked={asked} file="cash_flow" />
      <RangeForm range={range} onRange={setRange} errors={errors} onSubmit={submit} />
      <ReportLoadState report={report} />
      {data ? (
        <>
          <PeriodLine from={data.from} to={data.to} />
          <Figures
            figures={[
              { label: t('opening'), value: data.total.opening, testId: 'cash-opening' },
              { label: t('inflow'), value: data.total.inflow, testId: 'cash-inflow' },
              { label: t('outflow'), value: data.total.outflow, testId: 'cash-outflow' },
              { label: t('closing'), value: data.total.closing, testId: 'cash-closing' },
            ]}
          />
          <ReportColumns
            main={
              <>
                <Section title={t('perMode')} testId="cash-modes">
                  <DataTable
                    rows={data.modes}
                    rowKey={(m) => m.account_id}
                    empty={t('noModes')}
                    minWidth={640}
                    rowProps={(m) => ({ 'data-mode': m.name })}
                    columns={[
                      { key: 'name', label: t('mode') },
                      { key: 'opening', label: t('opening'), numeric: true, render: (m) => amount(m.opening) },
                      ...flowColumns<(typeof data.modes)[number]>(),
                      { key: 'closing', label: t('closing'), numeric: true, render: (m) => amount(m.closing) },
                    ]}
                    totals={{
                      name: t('total'),
                      opening: amount(data.total.opening),
                      inflow: amount(data.total.inflow),
                      outflow: amount(data.total.outflow),
                      net: amount(data.total.net),
                      closing: amount(data.total.closing),
                    }}
                  />
                </Section>
                <Section title={t('perActivity')} testId="cash-activities">
                  <DataTable
                    rows={data.activities}
                    rowKey={(a) => a.activity}
                    empty={t('none')}
                    minWidth={480}
                    rowProps={(a) => ({ 'data-activity': a.activity })}
                    columns={[
                      { key: 'activity', label: t('activity'), render: (a) => t(`activities.${a.activity}`) },
                      ...flowColumns<(typeof data.activities)[number]>(),
                    ]}
                    totals={{
                      activity: t('total'),
                      inflow: amount(data.total.inflow),
                      outflow: amount(data.total.outflow),
                      net: amount(data.total.net),
                    }}
                  />
                </Section>
                <Section title={t('modePerActivity')}>
                  <DataTable
                    rows={data.lines}
                    rowKey={(l) => `${l.account_id}-${l.activity}`}
                    empty={t('none')}
                    minWidth={560}
                    columns={[
                      { key: 'mode', label: t('mode'), render: (l) => modeName.get(l.account_id) ?? '' },
                      { key: 'activity', label: t('activity'), render: (l) => t(`activities.${l.activity}`) },
                      ...flowColumns<(typeof data.lines)[number]>(),
                    ]}
                  />
                </Section>
              </>
            }
            side={
              data.modes.length ? (
                <Section title={t('inAndOut')}>
                  <BarChart
                    h={Math.max(200, 60 + data.modes.length * 50)}
                    data={data.modes}
                    dataKey="name"
                    orientation="vertical"
                    yAxisProps={{ width: 110, interval: 0 }}
                    valueFormatter={(v) => v.toLocaleString('en-GB')}
                    withLegend
                    series={[
                      { name: 'inflow', label: t('inflow'), color: 'teal.6' },
                      { name: 'outflow', label: t('outflow'), color: 'red.6' },
                    ]}
                    aria-label={t('inAndOut')}
                    role="img"
                  />
                </Section>
              ) : null
            }
          />
        </>
      ) : null}
    </div>
  );
}

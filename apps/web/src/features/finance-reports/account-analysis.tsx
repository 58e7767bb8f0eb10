import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Select } from '@mantine/core';
import { type AccountAnalysis, accountAnalysis } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { fetchData } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { ReportLoadState } from '../fees-reports';
import { financeReportKeys } from './keys';
import { amount, Figures, FinanceHeader, PeriodLine, RangeForm, Section, useFinanceReport, yearToDate } from './parts';

type Trial = Extract<AccountAnalysis, { kind: 'trial_balance' }>;
type Lines = Extract<AccountAnalysis, { kind: 'account' }>;

/**
 * /reports/account/analysis: with no account chosen, the trial balance of every account (a row opens
 * that account); with one, its lines of the range with the running balance from the opening balance,
 * and the balance in a chart; xlsx and PDF.
 */
export default function AccountAnalysisScreen() {
  const { t } = useTranslation('finance-reports');
  const [range, setRange] = useState(yearToDate);
  const [accountId, setAccountId] = useState<number | null>(null);
  const current = { ...range, account_id: accountId ?? undefined };
  const { report, asked, errors, submit, ask } = useFinanceReport('account-analysis', accountAnalysis, current);
  // The accounts to choose from: the trial balance's, whatever was asked.
  const accounts = useQuery({
    queryKey: financeReportKeys.accounts,
    queryFn: () => fetchData(accountAnalysis, yearToDate()).then((r) => r.data as Trial),
  });
  const data = report.data;
  const open = (id: number) => {
    setAccountId(id);
    ask({ ...range, account_id: id });
  };
  return (
    <div data-screen-status="built">
      <FinanceHeader
        call={accountAnalysis}
        asked={asked}
        file={data?.kind === 'account' ? 'account_analysis' : 'trial_balance'}
      />
      <RangeForm range={range} onRange={setRange} errors={errors} onSubmit={submit}>
        <Select
          label={t('account')}
          placeholder={t('allAccounts')}
          w={260}
          searchable
          clearable
          data={(accounts.data?.accounts ?? []).map((a) => ({
            value: String(a.account_id),
            label: `${a.code} ${a.name}`,
          }))}
          value={accountId ? String(accountId) : null}
          onChange={(v) => setAccountId(v ? Number(v) : null)}
        />
      </RangeForm>
      <ReportLoadState report={report} />
      {data?.kind === 'trial_balance' ? <TrialBalance data={data} onOpen={open} /> : null}
      {data?.kind === 'account' ? <AccountLines data={data} /> : null}
    </div>
  );
}

function TrialBalance({ data, onOpen }: { data: Trial; onOpen: (id: number) => void }) {
  const { t } = useTranslation('finance-reports');
  return (
    <>
      <PeriodLine from={data.from} to={data.to} />
      <Section title={t('trialBalance')} testId="trial-balance">
        <DataTable
          rows={data.accounts}
          rowKey={(a) => a.account_id}
          empty={t('noAccounts')}
          minWidth={760}
          rowProps={(a) => ({
            'data-account': a.name,
            onClick: () => onOpen(a.account_id),
            style: { cursor: 'pointer' },
          })}
          columns={[
            { key: 'code', label: t('code'), width: 90 },
            { key: 'name', label: t('account') },
            { key: 'type', label: t('type'), render: (a) => t(`types.${a.type}`, { defaultValue: a.type }) },
            { key: 'period_debit', label: t('periodDebit'), numeric: true, render: (a) => amount(a.period_debit) },
            { key: 'period_credit', label: t('periodCredit'), numeric: true, render: (a) => amount(a.period_credit) },
            { key: 'debit', label: t('debitBalance'), numeric: true, render: (a) => amount(a.debit) },
            { key: 'credit', label: t('creditBalance'), numeric: true, render: (a) => amount(a.credit) },
          ]}
          totals={{
            name: t('total'),
            period_debit: amount(data.total.period_debit),
            period_credit: amount(data.total.period_credit),
            debit: amount(data.total.debit),
            credit: amount(data.total.credit),
          }}
        />
      </Section>
    </>
  );
}

function AccountLines({ data }: { data: Lines }) {
  const { t } = useTranslation('finance-reports');
  const points = [
    { date: formatDate(data.from), balance: data.opening },
    ...data.lines.map((l) => ({ date: formatDate(l.date), balance: l.balance })),
  ];
  return (
    <>
      <PeriodLine from={data.from} to={data.to} />
      <Figures
        figures={[
          { label: t('openingBalance'), value: data.opening, testId: 'opening-balance' },
          { label: t('debits'), value: data.total.debit, testId: 'total-debit' },
          { label: t('credits'), value: data.total.credit, testId: 'total-credit' },
          { label: t('closingBalance'), value: data.closing, testId: 'closing-balance' },
        ]}
      />
      <Section title={`${data.account.code} ${data.account.name}`} testId="account-lines">
        {data.lines.length ? (
          <LineChart
            h={200}
            data={points}
            dataKey="date"
            valueFormatter={(v) => v.toLocaleString('en-GB')}
            series={[{ name: 'balance', label: t('balance'), color: 'blue.6' }]}
            curveType="stepAfter"
            aria-label={t('balance')}
            role="img"
            mb="md"
          />
        ) : null}
        <DataTable
          rows={data.lines}
          rowKey={(l) => l.line_id}
          empty={t('noLines')}
          minWidth={640}
          rowProps={(l) => ({ 'data-memo': l.memo })}
          columns={[
            { key: 'date', label: t('date'), render: (l) => formatDate(l.date) },
            { key: 'memo', label: t('memo') },
            { key: 'reference', label: t('reference'), render: (l) => l.reference ?? '' },
            { key: 'debit', label: t('debit'), numeric: true, render: (l) => (l.debit ? amount(l.debit) : '') },
            { key: 'credit', label: t('credit'), numeric: true, render: (l) => (l.credit ? amount(l.credit) : '') },
            { key: 'balance', label: t('balance'), numeric: true, render: (l) => amount(l.balance) },
          ]}
          totals={{
            memo: t('totalsAndClosing'),
            debit: amount(data.total.debit),
            credit: amount(data.total.credit),
            balance: amount(data.closing),
          }}
        />
      </Section>
    </>
  );
}

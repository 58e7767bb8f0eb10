import { Button, Group, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { type Call, listFyears } from '@somero/contract';
import { IconPrinter } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DateRange, DateRangeFields } from '../../components/list-filters';
import { PageHeader } from '../../components/page-title';
import { PeriodSelect } from '../../components/period-select';
import { ApiError, type CallInput, fetchData, fieldErrors } from '../../lib/api';
import { openPdf } from '../../lib/downloads';
import { formatDate, formatMoney, today } from '../../lib/format';
import { budgetKeys } from '../budget';
import { ExportButton, ReportFigure } from '../fees-reports';
import { financeReportKeys } from './keys';

/** This year so far: the range a finance report opens with. */
export const yearToDate = (): DateRange => ({ from: `${today().slice(0, 4)}-01-01`, to: today() });

/** Money in a report's table: whole shillings with separators, a negative figure in brackets. */
export const amount = (value: number | null | undefined) =>
  value === null || value === undefined
    ? ''
    : value < 0
      ? `(${(-value).toLocaleString('en-GB')})`
      : value.toLocaleString('en-GB');

/** The heading of a finance report: its title, the spreadsheet export and the printable PDF of what was asked. */
export function FinanceHeader({ call, asked, file }: { call: Call; asked: Record<string, unknown>; file: string }) {
  const { t } = useTranslation('finance-reports');
  const [printing, setPrinting] = useState(false);
  const print = async () => {
    setPrinting(true);
    await openPdf({ method: call.method, path: call.path, body: { ...asked, format: 'pdf' } });
    setPrinting(false);
  };
  return (
    <PageHeader
      actions={
        <>
          <ExportButton call={call} body={asked} defaultName={`${file}.xlsx`} />
          <Button
            variant="light"
            leftSection={<IconPrinter size={16} />}
            loading={printing}
            onClick={() => void print()}
          >
            {t('print')}
          </Button>
        </>
      }
    />
  );
}

/**
 * The filter row: a financial year (its dates fill the range) or any dates, what else the report asks,
 * and the button that shows it.
 */
export function RangeForm({
  range,
  onRange,
  errors,
  onSubmit,
  children,
}: {
  range: DateRange;
  onRange: (next: DateRange) => void;
  errors: Record<string, string>;
  onSubmit: (event: FormEvent) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('finance-reports');
  // The same key and shape as the budget screens' years (features/budget/year-select.tsx): one cache entry.
  const years =
    useQuery({ queryKey: budgetKeys.years, queryFn: () => fetchData(listFyears, {}).then((r) => r.data) }).data ?? [];
  const year = years.find((y) => y.starts_on === range.from && y.ends_on === range.to);
  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={onSubmit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PeriodSelect value={range} onChange={onRange} />
        {years.length ? (
          <Select
            label={t('year')}
            placeholder={t('anyDates')}
            w={170}
            clearable
            data={years.map((y) => ({ value: String(y.id), label: y.name }))}
            value={year ? String(year.id) : null}
            onChange={(v) => {
              const chosen = years.find((y) => String(y.id) === v);
              if (chosen) onRange({ from: chosen.starts_on, to: chosen.ends_on });
            }}
          />
        ) : null}
        <DateRangeFields value={range} onChange={onRange} labels={{ from: t('from'), to: t('to') }} errors={errors} />
        {children}
        <Button type="submit">{t('show')}</Button>
      </Group>
    </Paper>
  );
}

/** "1 Jan 2026 to 26 Nov 2026". */
export function PeriodLine({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation('finance-reports');
  return (
    <Text c="dimmed" mb="sm" data-testid="report-period">
      {t('period', { from: formatDate(from), to: formatDate(to) })}
    </Text>
  );
}

/** The report's headline figures in a row of cards. */
export function Figures({ figures }: { figures: { label: string; value: number; testId: string }[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: figures.length }} mb="md">
      {figures.map((f) => (
        <ReportFigure key={f.testId} label={f.label} value={formatMoney(f.value)} testId={f.testId} />
      ))}
    </SimpleGrid>
  );
}

/** A titled panel of a report. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" mb="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * A report asked with a form, as the fees reports' `useAskedReport`, with `ask` to run it for other
 * filters straight away (a trial balance row opening its account).
 */
export function useFinanceReport<C extends Call>(key: string, call: C, current: CallInput<C>) {
  const [asked, setAsked] = useState(current);
  const report = useQuery({
    queryKey: financeReportKeys.report(key, asked),
    queryFn: () => fetchData(call, asked).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const errors = report.error instanceof ApiError ? fieldErrors(report.error.result.errors) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(current);
  };
  return { report, asked, errors, submit, ask: setAsked };
}

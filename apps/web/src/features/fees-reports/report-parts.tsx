import { Button, Grid, Group, Paper, Text, Title } from '@mantine/core';
import { type Call, resourceByPath } from '@somero/contract';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/bar-chart';
import { CenteredLoader } from '../../components/centered-loader';
import { type Column, DataTable, type QueryState } from '../../components/data-table';
import { type DateRange, DateRangeFields } from '../../components/list-filters';
import { LoadError } from '../../components/load-error';
import { PeriodSelect } from '../../components/period-select';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { can } from '../../lib/access';
import { ApiError, type CallInput, fetchData, fieldErrors } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { downloadSpreadsheet } from '../../lib/downloads';
import { formatMoney, formatNumber, today } from '../../lib/format';
import { feesReportKeys } from './keys';

export const startOfYear = () => `${today().slice(0, 4)}-01-01`;
export const startOfMonth = () => `${today().slice(0, 7)}-01`;

/**
 * A report asked with a form: it runs for the filters last submitted (`asked`, which the export uses
 * too), keeps the previous figures while the next load, and gives the field messages of a 422.
 */
export function useAskedReport<C extends Call>(key: string, call: C, current: CallInput<C>) {
  const [asked, setAsked] = useState(current);
  const report = useQuery({
    queryKey: feesReportKeys.report(key, asked),
    queryFn: () => fetchData(call, asked).then((r) => r.data),
    placeholderData: keepPreviousData,
  });
  const errors = report.error instanceof ApiError ? fieldErrors(report.error.result.errors) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAsked(current);
  };
  return { report, asked, errors, submit };
}

export type Range = DateRange;

/** The "xlsx" button of a report: the same call and filters with `format: 'xlsx'`, saved under the server's name. */
export function ExportButton({
  call,
  body,
  defaultName,
  disabled,
}: {
  call: Call;
  body: Record<string, unknown>;
  defaultName: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('fees-reports');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    await downloadSpreadsheet({ method: call.method, path: call.path, body: { ...body, format: 'xlsx' } }, defaultName);
    setBusy(false);
  };
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} />}
      onClick={() => void run()}
      loading={busy}
      disabled={disabled}
    >
      {t('export')}
    </Button>
  );
}

/** The period (this term, last term, this financial year) and the two date inputs of a report's filter form. */
export function DateRangeInputs({
  value,
  onChange,
  errors,
}: {
  value: Range;
  onChange: (next: Range) => void;
  errors?: Record<string, string>;
}) {
  const { t } = useTranslation('fees-reports');
  return (
    <>
      <PeriodSelect value={value} onChange={onChange} />
      <DateRangeFields
        value={value}
        onChange={onChange}
        labels={{ from: t('filters.from'), to: t('filters.to') }}
        errors={errors}
      />
    </>
  );
}

/** A titled panel of a report screen. */
export function Panel({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="md" mb="md" data-testid={testId}>
      {title ? (
        <Title order={3} size="h4" mb="sm">
          {title}
        </Title>
      ) : null}
      {children}
    </Paper>
  );
}

/** Rows of one client-side page (reports answer their whole range; the table shows it 50 at a time). */
export const pageOf = <Row,>(rows: Row[] | undefined, page: number, perPage: number) =>
  rows?.slice((page - 1) * perPage, page * perPage);

/** The payment mode filter; left out for a user who may not list the payment modes (the declaration's read access). */
export function ModeSelect({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('fees-reports');
  const user = useUser();
  const modes = resourceByPath('payment_options');
  if (!modes || !can(user, modes.read)) return null;
  return (
    <ReferenceSelect
      label={t('filters.mode')}
      placeholder={t('filters.all')}
      references="payment_options"
      w={180}
      value={value}
      onChange={onChange}
    />
  );
}

/** The filters of a per-category report (revenues, expenses): this month by default, every category or one. */
export function useCategoryFilters() {
  const [range, setRange] = useState<Range>({ from: startOfMonth(), to: today() });
  const [categoryId, setCategoryId] = useState<number | null>(null);
  return { range, setRange, categoryId, setCategoryId, current: { ...range, category_id: categoryId ?? undefined } };
}

/** The form of a per-category report: the date range, the category (of `references`) and the show button. */
export function CategoryReportForm({
  filters,
  errors,
  onSubmit,
  references,
  labels,
}: {
  filters: ReturnType<typeof useCategoryFilters>;
  errors: Record<string, string>;
  onSubmit: (event: FormEvent) => void;
  references: string;
  labels: { category: string; all: string; show: string };
}) {
  return (
    <ReportForm onSubmit={onSubmit} submitLabel={labels.show}>
      <DateRangeInputs value={filters.range} onChange={filters.setRange} errors={errors} />
      <ReferenceSelect
        label={labels.category}
        placeholder={labels.all}
        references={references}
        w={200}
        value={filters.categoryId}
        onChange={filters.setCategoryId}
      />
    </ReportForm>
  );
}

/** The filter form of a report: its inputs in a row, then the button that asks for the report. */
export function ReportForm({
  onSubmit,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" mb="md" component="form" onSubmit={onSubmit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {children}
        <Button type="submit">{submitLabel}</Button>
      </Group>
    </Paper>
  );
}

/** The spinner of a report's first load, and its load error while there are no figures to show. */
export function ReportLoadState({ report }: { report: QueryState & { data: unknown } }) {
  return (
    <>
      {report.isPending ? <CenteredLoader /> : null}
      {report.isError && !report.data ? <LoadError error={report.error} onRetry={() => void report.refetch()} /> : null}
    </>
  );
}

/** A report's two columns: the tables on the left, the charts and summaries beside them on a wide screen. */
export function ReportColumns({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>{main}</Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>{side}</Grid.Col>
    </Grid>
  );
}

/** A labelled figure of a report's summary. */
export function ReportFigure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A category of a report (revenue or expense) with its count and amount. */
export interface ReportCategory {
  category_id: number;
  category_name: string;
  count: number;
  amount: number;
}

/**
 * One category's panel: a row per line (source, item) with the given columns, and the category's count
 * and amount in a totals row under the first column's `totalLabel`.
 */
export function CategoryBreakdown<Line>({
  category,
  lines,
  lineKey,
  lineProps,
  columns,
  totalLabel,
  empty,
  minWidth,
}: {
  category: ReportCategory;
  lines: Line[];
  lineKey: (line: Line) => number;
  lineProps: (line: Line) => Record<`data-${string}`, string>;
  columns: Column<Line>[];
  totalLabel: string;
  empty: string;
  minWidth: number;
}) {
  return (
    <Panel title={category.category_name} testId={`report-category-${category.category_name}`}>
      <DataTable
        rows={lines}
        rowKey={lineKey}
        empty={empty}
        minWidth={minWidth}
        rowProps={lineProps}
        columns={columns}
        totals={{
          [columns[0]?.key ?? '']: totalLabel,
          count: formatNumber(category.count),
          amount: formatNumber(category.amount),
        }}
      />
    </Panel>
  );
}

/** A panel per category, or one "none" panel when the range has none. */
export function CategoryPanels<C extends ReportCategory>({
  categories,
  empty,
  children,
}: {
  categories: C[];
  empty: string;
  children: (category: C) => ReactNode;
}) {
  if (categories.length === 0) {
    return (
      <Panel>
        <Text c="dimmed">{empty}</Text>
      </Panel>
    );
  }
  return (
    <>
      {categories.map((c) => (
        <Fragment key={c.category_id}>{children(c)}</Fragment>
      ))}
    </>
  );
}

/** A bar per category, by amount. */
export function CategoryBars({ title, categories }: { title: string; categories: ReportCategory[] }) {
  return (
    <Panel title={title}>
      <BarChart
        label={title}
        labelWidth={130}
        valueWidth={130}
        format={(v) => formatMoney(v)}
        bars={categories.map((c) => ({ label: c.category_name, value: c.amount }))}
      />
    </Panel>
  );
}

/** A row of a report's "by payment mode" table. */
export interface ModeLine {
  key: string | number;
  name: string;
  count: number;
  amount: number;
}

/** How a report's money came in or went out: a row per payment mode, with the report's totals under them. */
export function ModeBreakdown({
  title,
  rows,
  nameLabel,
  countLabel,
  amountLabel,
  totalLabel,
  total,
  empty,
}: {
  title: string;
  rows: ModeLine[];
  nameLabel: string;
  countLabel: string;
  amountLabel: string;
  totalLabel: string;
  total: { count: number; amount: number };
  empty: string;
}) {
  return (
    <Panel title={title} testId="report-modes">
      <DataTable
        rows={rows}
        rowKey={(m) => m.key}
        empty={empty}
        minWidth={320}
        rowProps={(m) => ({ 'data-mode': m.name })}
        columns={[
          { key: 'name', label: nameLabel },
          { key: 'count', label: countLabel, numeric: true, render: (m) => formatNumber(m.count) },
          { key: 'amount', label: amountLabel, numeric: true, render: (m) => formatNumber(m.amount) },
        ]}
        totals={{ name: totalLabel, count: formatNumber(total.count), amount: formatNumber(total.amount) }}
      />
    </Panel>
  );
}

import { Button, Checkbox, Chip, Grid, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { customFeesPaymentsReport, customReportColumns } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { type StudentOption, StudentPicker } from '../../components/student-picker';
import { today } from '../../lib/format';
import { type Placement, PlacementSelect } from '../students';
import { ModeBars, type PaymentColumn, PaymentRowsTable } from './payment-rows';
import {
  DateRangeInputs,
  ExportButton,
  ModeSelect,
  Panel,
  type Range,
  startOfYear,
  useAskedReport,
} from './report-parts';

const defaultColumns: PaymentColumn[] = [
  'receipt_no',
  'paid_on',
  'student_name',
  'class_name',
  'amount',
  'mode_name',
  'cashier_name',
  'status',
];
const orderOf = (list: string[]) => customReportColumns.filter((c) => list.includes(c));

/**
 * /fees/reports/custom/payments: payments with any of the filters (class, stream, mode, student,
 * cashier, term, amount range, voided too) and the columns the bursar picks, for the table and the xlsx.
 */
export default function CustomPaymentsReportScreen() {
  const { t } = useTranslation('fees-reports');
  const [range, setRange] = useState<Range>({ from: startOfYear(), to: today() });
  const [placement, setPlacement] = useState<Placement>({});
  const [modeId, setModeId] = useState<number | null>(null);
  const [student, setStudent] = useState<StudentOption | null>(null);
  const [cashier, setCashier] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [year, setYear] = useState<number | string>('');
  const [minAmount, setMinAmount] = useState<number | null>(null);
  const [maxAmount, setMaxAmount] = useState<number | null>(null);
  const [includeVoid, setIncludeVoid] = useState(false);
  const [columns, setColumns] = useState<string[]>(defaultColumns);
  const current = {
    ...range,
    class_id: placement.class_id,
    stream_id: placement.stream_id,
    mode_id: modeId ?? undefined,
    student_id: student?.item.id,
    cashier_name: cashier.trim() || undefined,
    term: term ? Number(term) : undefined,
    year: typeof year === 'number' ? year : undefined,
    min_amount: minAmount ?? undefined,
    max_amount: maxAmount ?? undefined,
    include_void: includeVoid,
    columns: orderOf(columns),
  };
  const { report, asked, errors, submit } = useAskedReport('custom', customFeesPaymentsReport, current);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <ExportButton call={customFeesPaymentsReport} body={asked} defaultName="custom_fees_payments_report.xlsx" />
        }
      />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateRangeInputs value={range} onChange={setRange} errors={errors} />
            <PlacementSelect value={placement} onChange={setPlacement} />
            <ModeSelect value={modeId} onChange={setModeId} />
          </Group>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <StudentPicker w={340} value={student} onChange={setStudent} clearable />
            <TextInput
              label={t('filters.cashier')}
              w={180}
              value={cashier}
              onChange={(e) => setCashier(e.currentTarget.value)}
            />
            <Select
              label={t('filters.term')}
              placeholder={t('filters.all')}
              w={110}
              clearable
              data={['1', '2', '3'].map((v) => ({ value: v, label: t('filters.termN', { term: v }) }))}
              value={term}
              onChange={setTerm}
            />
            <NumberInput
              label={t('filters.year')}
              w={100}
              min={2000}
              max={2100}
              allowDecimal={false}
              hideControls
              value={year}
              onChange={setYear}
              error={errors.year}
            />
            <MoneyInput label={t('filters.minAmount')} w={170} value={minAmount} onChange={setMinAmount} />
            <MoneyInput label={t('filters.maxAmount')} w={170} value={maxAmount} onChange={setMaxAmount} />
            <Checkbox
              label={t('filters.includeVoid')}
              checked={includeVoid}
              onChange={(e) => setIncludeVoid(e.currentTarget.checked)}
              mb={8}
            />
          </Group>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('filters.columns')}
            </Text>
            <Chip.Group multiple value={columns} onChange={setColumns}>
              <Group gap={6}>
                {customReportColumns.map((c) => (
                  <Chip key={c} value={c} size="xs">
                    {t(`columnNames.${c}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </div>
          <Group>
            <Button type="submit" disabled={columns.length === 0}>
              {t('show')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Panel testId="payments-table">
            <PaymentRowsTable
              key={JSON.stringify(asked)}
              query={report}
              rows={report.data?.rows}
              totals={report.data?.totals}
              columns={report.data?.columns ?? asked.columns}
            />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 3 }}>
          <Panel title={t('payments.byMode')}>
            <ModeBars totals={report.data?.totals} />
          </Panel>
        </Grid.Col>
      </Grid>
    </div>
  );
}

import { Button, Grid, Group, Paper } from '@mantine/core';
import { feesPaymentsReport } from '@somero/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-title';
import { today } from '../../lib/format';
import { type Placement, PlacementSelect } from '../students';
import { ModeBars, PaymentRowsTable } from './payment-rows';
import {
  DateRangeInputs,
  ExportButton,
  ModeSelect,
  Panel,
  type Range,
  startOfMonth,
  useAskedReport,
} from './report-parts';

const columns = [
  'receipt_no',
  'paid_on',
  'student_name',
  'admission_no',
  'class_name',
  'stream_name',
  'amount',
  'mode_name',
  'reference',
  'cashier_name',
] as const;

/** /fees/reports/payments: the valid payments of a date range (by class, stream, mode), with totals per mode. */
export default function PaymentsReportScreen() {
  const { t } = useTranslation('fees-reports');
  const [range, setRange] = useState<Range>({ from: startOfMonth(), to: today() });
  const [placement, setPlacement] = useState<Placement>({});
  const [modeId, setModeId] = useState<number | null>(null);
  const current = {
    ...range,
    class_id: placement.class_id,
    stream_id: placement.stream_id,
    mode_id: modeId ?? undefined,
  };
  const { report, asked, errors, submit } = useAskedReport('payments', feesPaymentsReport, current);

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={<ExportButton call={feesPaymentsReport} body={asked} defaultName="fees_payments_report.xlsx" />}
      />
      <Paper withBorder p="md" mb="md" component="form" onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <DateRangeInputs value={range} onChange={setRange} errors={errors} />
          <PlacementSelect value={placement} onChange={setPlacement} />
          <ModeSelect value={modeId} onChange={setModeId} />
          <Button type="submit">{t('show')}</Button>
        </Group>
      </Paper>
      <Grid>
        <Grid.Col span={{ base: 12, xl: 9 }}>
          <Panel testId="payments-table">
            <PaymentRowsTable
              key={JSON.stringify(asked)}
              query={report}
              rows={report.data?.rows}
              totals={report.data?.totals}
              columns={columns}
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

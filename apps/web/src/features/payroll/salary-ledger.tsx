import { Group, Paper } from '@mantine/core';
import { type SalaryRow, salaryLedger } from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { fetchData } from '../../lib/api';
import { formatDate, formatMoney } from '../../lib/format';
import { ReportFigure } from '../fees-reports';
import { payrollKeys } from './keys';
import { monthLabel, payColumns } from './parts';

/** /salary/ledger: one staff member's months paid (gross, each deduction, net) and the advance still owed. */
export default function SalaryLedgerScreen() {
  const { t } = useTranslation('payroll');
  const [staffId, setStaffId] = useState<number | null>(null);
  const query = useQuery({
    queryKey: payrollKeys.salaryLedger(staffId),
    queryFn: () => fetchData(salaryLedger, {}, { id: staffId as number }),
    enabled: staffId !== null,
  });
  const data = query.data?.data;
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <ReferenceSelect label={t('fields.staff')} references="staff" w={260} value={staffId} onChange={setStaffId} />
          {data ? (
            <ReportFigure
              label={t('ledger.advanceOwed')}
              value={formatMoney(data.advance_outstanding)}
              testId="advance-owed"
            />
          ) : null}
        </Group>
      </Paper>
      {staffId ? (
        <Paper withBorder p="md">
          <DataTable
            query={query}
            rows={data?.payments}
            empty={t('ledger.none')}
            minWidth={1000}
            rowProps={(r) => ({ 'data-month': monthLabel(r), 'data-status': r.status })}
            columns={[
              { key: 'month', label: t('month'), render: (r) => monthLabel(r) },
              { key: 'paid_on', label: t('fields.paidOn'), render: (r) => formatDate(r.paid_on) },
              ...payColumns<SalaryRow>(t),
              {
                key: 'status',
                label: t('fields.status'),
                render: (r) => (r.status === 'void' ? t('payments.reversed') : t('payments.paid')),
              },
            ]}
          />
        </Paper>
      ) : null}
    </div>
  );
}

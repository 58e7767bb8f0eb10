import { Button, Group, Paper, Text } from '@mantine/core';
import { listSalaryPayments, reverseSalary, type SalaryRow, salaryReport } from '@somero/contract';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { VoidDialog } from '../../components/void-dialog';
import { api } from '../../lib/api';
import { downloadSpreadsheet, openPdf } from '../../lib/downloads';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { MonthFields, monthLabel, type PayMonth, payColumns, thisMonth } from './parts';

/** /salary/payments: salaries paid in a month (or by staff member), with totals; a payment is reversed with a reason. */
export default function SalaryPaymentsScreen() {
  const { t } = useTranslation('payroll');
  const [month, setMonth] = useState<PayMonth>(thisMonth);
  const [staffId, setStaffId] = useState<number | null>(null);
  const [reversing, setReversing] = useState<SalaryRow | null>(null);
  const { list, paging, reload } = usePagedList(
    ['salary-payments'],
    listSalaryPayments,
    { ...month, staff_id: staffId ?? undefined },
    { perPage: 50 },
  );
  const totals = list.data?.totals;
  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          <Group gap="xs">
            <Button
              variant="light"
              leftSection={<IconPrinter size={16} />}
              onClick={() =>
                void openPdf({
                  method: 'POST',
                  path: salaryReport.path,
                  body: { ...month, kind: 'payslips', staff_id: staffId ?? undefined },
                })
              }
            >
              {t('payments.payslips')}
            </Button>
            {(['paye', 'nssf', 'bank'] as const).map((kind) => (
              <Button
                key={kind}
                variant="default"
                leftSection={<IconDownload size={16} />}
                onClick={() =>
                  void downloadSpreadsheet(
                    { method: 'POST', path: salaryReport.path, body: { ...month, kind } },
                    `${kind}_${month.year}_${month.month}.xlsx`,
                  )
                }
              >
                {t(`payments.${kind}`)}
              </Button>
            ))}
          </Group>
        }
      />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <MonthFields value={month} onChange={setMonth} />
          <ReferenceSelect
            label={t('fields.staff')}
            placeholder={t('all')}
            references="staff"
            clearable
            w={220}
            value={staffId}
            onChange={setStaffId}
          />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          paging={paging}
          empty={t('payments.none', { month: monthLabel(month) })}
          minWidth={1150}
          rowProps={(r) => ({ 'data-staff': r.staff_name, 'data-status': r.status })}
          columns={[
            { key: 'staff_name', label: t('fields.staff') },
            { key: 'paid_on', label: t('fields.paidOn'), render: (r) => formatDate(r.paid_on) },
            { key: 'mode_name', label: t('fields.mode') },
            ...payColumns<SalaryRow>(t),
            {
              key: 'status',
              label: t('fields.status'),
              render: (r) =>
                r.status === 'void' ? (
                  <Text size="sm" c="red" title={r.void_reason ?? ''}>
                    {t('payments.reversed')}
                  </Text>
                ) : (
                  t('payments.paid')
                ),
            },
          ]}
          totals={
            totals
              ? {
                  staff_name: t('payments.total'),
                  gross: formatNumber(totals.gross),
                  paye: formatNumber(totals.paye),
                  nssf_employee: formatNumber(totals.nssf_employee),
                  lst: formatNumber(totals.lst),
                  advance: formatNumber(totals.advance),
                  others: formatNumber(totals.others),
                  net: <span data-testid="payments-net">{formatNumber(totals.net)}</span>,
                }
              : undefined
          }
          actions={(r) =>
            r.status === 'void' ? null : (
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setReversing(r)}>
                {t('payments.reverse')}
              </Button>
            )
          }
        />
      </Paper>
      {reversing ? (
        <VoidDialog
          title={t('payments.reverseTitle', { name: reversing.staff_name })}
          message={t('payments.reverseMessage', {
            net: formatMoney(reversing.net),
            month: monthLabel(reversing),
          })}
          confirm={t('payments.reverse')}
          onClose={() => setReversing(null)}
          onVoid={async (reason) => {
            const result = await api(reverseSalary, { reason }, { id: reversing.id });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import {
  changeSalaryTemp,
  listSalaryTemp,
  payAllSalaries,
  paySalary,
  prepareSalaryTemp,
  removeSalaryTemp,
  type TempRow,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { PageHeader } from '../../components/page-title';
import { api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatMoney, formatNumber } from '../../lib/format';
import { PayDialog } from '../expenses';
import { payrollKeys } from './keys';
import { MonthFields, monthLabel, type PayMonth, payColumns, thisMonth } from './parts';

/** Change a prepared month: allowances, other deductions, the advance taken, LST; the taxes follow. */
function ChangeDialog({ row, onClose, onSaved }: { row: TempRow; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('payroll');
  const { field, submit } = useContractForm(changeSalaryTemp.input, {
    allowances: row.allowances,
    others: row.others,
    advance: row.advance,
    lst: row.lst,
  });
  const save = submit((input) => api(changeSalaryTemp, input, { id: row.id }), onSaved);
  const money = (key: 'allowances' | 'others' | 'advance' | 'lst') => {
    const props = field(key);
    // A cleared box is nothing: 0.
    return <MoneyInput label={t(`fields.${key}`)} {...props} onChange={(v) => props.onChange(v ?? 0)} />;
  };
  return (
    <Modal opened onClose={onClose} title={t('temp.changeTitle', { name: row.staff_name })} centered>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack>
          <Text size="sm">{t('temp.changeHelp')}</Text>
          {money('allowances')}
          {money('others')}
          {money('advance')}
          {money('lst')}
        </Stack>
        <FormButtons onCancel={onClose} />
      </form>
    </Modal>
  );
}

/**
 * /salary/temp: a month's temporary salary. Prepare works out every active staff member's month by
 * Uganda's rules; each row may be changed, left out or paid, or the whole month paid at once from a
 * payment mode (it is then on the salary ledger, the mode's statement and the journal).
 */
export default function SalaryTempScreen() {
  const { t } = useTranslation('payroll');
  const queryClient = useQueryClient();
  const [month, setMonth] = useState<PayMonth>(thisMonth);
  const [changing, setChanging] = useState<TempRow | null>(null);
  const [paying, setPaying] = useState<TempRow | 'all' | null>(null);
  const key = payrollKeys.salaryTemp(month.year, month.month);
  const query = useQuery({ queryKey: key, queryFn: () => fetchData(listSalaryTemp, month) });
  const data = query.data?.data;
  const reload = () => void queryClient.invalidateQueries({ queryKey: payrollKeys.salaryTempAll });
  const prepare = async () => {
    const result = await api(prepareSalaryTemp, month);
    if (result.ok) reload();
  };
  const remove = async (row: TempRow) => {
    const result = await api(removeSalaryTemp, {}, { id: row.id });
    if (result.ok) reload();
  };
  const unpaid = (data?.rows ?? []).filter((r) => !r.paid);
  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md" mb="md">
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <MonthFields value={month} onChange={setMonth} />
          <Group>
            <Button variant="light" onClick={() => void prepare()}>
              {t('temp.prepare')}
            </Button>
            <Button disabled={!unpaid.length} onClick={() => setPaying('all')}>
              {t('temp.payAll', { count: unpaid.length })}
            </Button>
          </Group>
        </Group>
      </Paper>
      <Paper withBorder p="md">
        <DataTable
          query={query}
          rows={data?.rows}
          empty={t('temp.none', { month: monthLabel(month) })}
          minWidth={900}
          rowProps={(r) => ({ 'data-staff': r.staff_name, 'data-paid': String(r.paid) })}
          columns={[
            { key: 'staff_name', label: t('fields.staff') },
            ...payColumns<TempRow>(t),
            {
              key: 'paid',
              label: t('fields.status'),
              width: 110,
              render: (r) => (
                <Badge variant="light" color={r.paid ? 'green' : 'blue'} data-testid="temp-status">
                  {r.paid ? t('temp.paid') : t('temp.prepared')}
                </Badge>
              ),
            },
          ]}
          totals={
            data
              ? {
                  staff_name: t('temp.total', { count: data.rows.length }),
                  gross: formatNumber(data.totals.gross),
                  paye: formatNumber(data.totals.paye),
                  nssf_employee: formatNumber(data.totals.nssf_employee),
                  lst: formatNumber(data.totals.lst),
                  advance: formatNumber(data.totals.advance),
                  others: formatNumber(data.totals.others),
                  net: <span data-testid="temp-net">{formatNumber(data.totals.net)}</span>,
                }
              : undefined
          }
          actions={(r) =>
            r.paid ? null : (
              // One above the other: the column stays narrow, so at 1366 px every column shows.
              <Stack gap={2} align="stretch">
                <Button size="compact-sm" variant="subtle" onClick={() => setChanging(r)}>
                  {t('temp.change')}
                </Button>
                <Button size="compact-sm" variant="light" onClick={() => setPaying(r)}>
                  {t('temp.pay')}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove(r)}>
                  {t('temp.remove')}
                </Button>
              </Stack>
            )
          }
        />
      </Paper>
      {changing ? (
        <ChangeDialog
          row={changing}
          onClose={() => setChanging(null)}
          onSaved={() => {
            setChanging(null);
            reload();
          }}
        />
      ) : null}
      {paying ? (
        <PayDialog
          title={
            paying === 'all'
              ? t('temp.payAllTitle', { month: monthLabel(month) })
              : t('temp.payTitle', { name: paying.staff_name, month: monthLabel(month) })
          }
          message={t('temp.payMessage', {
            net: formatMoney(paying === 'all' ? unpaid.reduce((n, r) => n + r.net, 0) : paying.net),
          })}
          submit={t('temp.pay')}
          input={paying === 'all' ? payAllSalaries.input : paySalary.input}
          onClose={() => setPaying(null)}
          onPay={async (payment) => {
            const result =
              paying === 'all'
                ? await api(payAllSalaries, { ...month, ...payment })
                : await api(paySalary, { temp_id: paying.id, ...payment });
            if (result.ok) reload();
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

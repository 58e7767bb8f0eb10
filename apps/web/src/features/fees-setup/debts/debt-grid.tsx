import { Alert, Button, Group, Paper } from '@mantine/core';
import { bulksavePreviousDebts, previousDebtsList } from '@somero/contract';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { MoneyInput } from '../../../components/money-input';
import { api, fetchData } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { useSaving } from '../../../lib/saving';
import { type Placement, PlacementSelect } from '../../students';
import { feesSetupKeys } from '../keys';
import type { Debt } from './debt-form';

/** A class's (or stream's) current students with their balances brought forward, edited and saved at once. */
export function DebtGrid() {
  const { t } = useTranslation('fees-setup');
  const queryClient = useQueryClient();
  const saving = useSaving();
  const [placement, setPlacement] = useState<Placement>({});
  const [edits, setEdits] = useState<Record<number, number | null>>({});
  const grid = useQuery({
    queryKey: feesSetupKeys.debtGrid(placement.class_id, placement.stream_id),
    queryFn: () =>
      fetchData(previousDebtsList, {
        class_id: placement.class_id,
        stream_id: placement.stream_id,
        with_balance: false,
        per_page: 500,
      }).then((r) => r.data),
    enabled: Boolean(placement.class_id),
  });
  const rows = grid.data ?? [];
  const amountOf = (d: Debt) => (d.student_id in edits ? (edits[d.student_id] ?? 0) : d.amount);
  const changed = useMemo(
    () => rows.filter((d) => d.student_id in edits && (edits[d.student_id] ?? 0) !== d.amount),
    [rows, edits],
  );
  const total = rows.reduce((sum, d) => sum + amountOf(d), 0);

  const save = async () => {
    const debts = changed.map((d) => ({ student_id: d.student_id, amount: edits[d.student_id] ?? 0 }));
    const result = await api(bulksavePreviousDebts, { debts }, { module: 'previousDebts', action: 'save' });
    if (result.ok) {
      setEdits({});
      void queryClient.invalidateQueries({ queryKey: feesSetupKeys.debts });
    }
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-end" mb="md">
        <PlacementSelect
          classRequired
          value={placement}
          onChange={(next) => {
            setPlacement(next);
            setEdits({});
          }}
        />
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={changed.length === 0}
          loading={saving}
          onClick={() => void save()}
        >
          {t('debts.saveGrid', { count: changed.length })}
        </Button>
      </Group>
      {placement.class_id ? (
        <DataTable
          query={grid}
          rows={rows}
          rowKey={(d) => d.student_id}
          empty={t('debts.noStudents')}
          rowProps={(d) => ({ 'data-student': d.student_name })}
          columns={[
            { key: 'student_name', label: t('columns.student') },
            { key: 'admission_no', label: t('columns.admissionNo') },
            {
              key: 'stream_name',
              label: t('columns.class'),
              render: (d) => [d.class_name, d.stream_name].filter(Boolean).join(' '),
            },
            {
              key: 'amount',
              label: t('debts.amount'),
              numeric: true,
              width: 200,
              render: (d) => (
                <MoneyInput
                  aria-label={t('debts.balanceOf', { name: d.student_name })}
                  size="xs"
                  allowNegative
                  value={amountOf(d)}
                  onChange={(v) => setEdits((all) => ({ ...all, [d.student_id]: v }))}
                />
              ),
            },
          ]}
          totals={{ student_name: t('debts.total'), amount: formatMoney(total) }}
        />
      ) : (
        <Alert color="gray">{t('debts.chooseClass')}</Alert>
      )}
    </Paper>
  );
}

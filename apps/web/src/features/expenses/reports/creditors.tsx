import { Button, Group, Paper } from '@mantine/core';
import { clearCredit, type ExpenseRow, listCreditors } from '@somero/contract';
import { IconCash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-title';
import { SearchField, usePagedList, useSearch } from '../../../components/paged-list';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { api } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { ExpenseLines, expenseName } from '../expense-parts';
import { expenseKeys } from '../keys';
import { PayDialog } from '../requisitions/pay-dialog';

const perPage = 50;

/** /expenses/creditors: what was taken on credit and is not paid yet, oldest first, with the total owed. */
export default function CreditorsScreen() {
  const { t } = useTranslation('expenses');
  const queryClient = useQueryClient();
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const search = useSearch();
  const [clearing, setClearing] = useState<ExpenseRow | null>(null);
  const filters = { supplier_id: supplierId ?? undefined, search: search.term };
  const { list, paging, reload } = usePagedList(expenseKeys.creditors, listCreditors, filters, { perPage });
  const totals = list.data?.totals;

  return (
    <div data-screen-status="built">
      <PageHeader />
      <Paper withBorder p="md">
        <Group mb="md" align="flex-end" wrap="wrap">
          <ReferenceSelect
            label={t('fields.supplier')}
            placeholder={t('list.all')}
            references="suppliers"
            w={220}
            value={supplierId}
            onChange={setSupplierId}
          />
          <SearchField search={search} label={t('list.search')} placeholder={t('list.searchHint')} />
        </Group>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('creditors.none')}
          minWidth={900}
          paging={paging}
          rowProps={(e) => ({ 'data-expense': String(e.id) })}
          columns={[
            { key: 'spent_on', label: t('fields.spentOn'), width: 115, render: (e) => formatDate(e.spent_on) },
            { key: 'supplier_name', label: t('fields.supplier'), render: (e) => e.supplier_name ?? '' },
            { key: 'lines', label: t('fields.lines'), render: (e) => <ExpenseLines expense={e} /> },
            { key: 'reference', label: t('fields.reference'), render: (e) => e.reference ?? '' },
            { key: 'total', label: t('creditors.owed'), numeric: true, render: (e) => formatMoney(e.total) },
            { key: 'recorded_by', label: t('fields.recordedBy') },
          ]}
          totals={
            totals
              ? {
                  spent_on: t('list.total'),
                  supplier_name: t('creditors.count', { count: totals.count }),
                  total: <span data-testid="creditors-total">{formatMoney(totals.amount)}</span>,
                }
              : undefined
          }
          actions={(e) => (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCash size={14} />}
                onClick={() => setClearing(e)}
                aria-label={t('creditors.clearNamed', { name: expenseName(e) })}
              >
                {t('creditors.clear')}
              </Button>
            </Group>
          )}
        />
      </Paper>
      {clearing ? (
        <PayDialog
          title={t('creditors.clearTitle', { name: expenseName(clearing), supplier: clearing.supplier_name ?? '' })}
          submit={t('creditors.clear')}
          input={clearCredit.input}
          onClose={() => setClearing(null)}
          onPay={async (payment) => {
            const result = await api(
              clearCredit,
              { expense_id: clearing.id, ...payment },
              { module: 'expenses', action: 'creditCleared' },
            );
            if (result.ok) {
              reload();
              void queryClient.invalidateQueries({ queryKey: expenseKeys.list });
            }
            return result;
          }}
        />
      ) : null}
    </div>
  );
}

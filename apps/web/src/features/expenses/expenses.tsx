import { ActionIcon, Button, Paper, Select, Stack, Tooltip } from '@mantine/core';
import { type ExpenseRow, editExpense, listExpenses, voidExpense } from '@somero/contract';
import { IconFilePencil, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table';
import {
  MoneyCell,
  MoneyFilters,
  MoneyRowActions,
  MoneyVoidDialog,
  useMoneyFilters,
} from '../../components/money-list';
import { PageHeader } from '../../components/page-title';
import { usePagedList } from '../../components/paged-list';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { can } from '../../lib/access';
import { api } from '../../lib/api';
import { useUser } from '../../lib/auth';
import { formatDate, formatMoney } from '../../lib/format';
import { ModeSelect } from '../fees-reports';
import { AmendExpenseDialog } from './amend-expense';
import { ExpenseLines, ExpenseStatus, expenseName, PaidFrom, rememberEditing, StoreReceived } from './expense-parts';
import { expenseKeys } from './keys';

const perPage = 50;
type Paid = 'paid' | 'credit';

/**
 * /expenses/view: what the school spent, by dates, category, supplier, mode, paid or on credit, status
 * and search, with the total of the valid ones. Edit puts an expense's lines in the cart (recording
 * replaces it), amend corrects supplier, reference and note with a reason, void keeps it listed.
 */
export default function ExpensesScreen() {
  const { t } = useTranslation('expenses');
  const user = useUser();
  /** Only who records expenses edits, amends and voids them; a reader sees the list. */
  const writable = can(user, 'add_expenses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const shared = useMoneyFilters();
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const [modeId, setModeId] = useState<number | null>(null);
  const [paid, setPaid] = useState<Paid | null>(null);
  const [amending, setAmending] = useState<ExpenseRow | null>(null);
  const [voiding, setVoiding] = useState<ExpenseRow | null>(null);
  const filters = {
    ...shared.filters,
    category_id: categoryId ?? undefined,
    supplier_id: supplierId ?? undefined,
    mode_id: modeId ?? undefined,
    on_credit: paid === null ? undefined : paid === 'credit',
  };
  const { list, paging, reload } = usePagedList(expenseKeys.list, listExpenses, filters, { perPage });
  const totals = list.data?.totals;

  const edit = async (expense: ExpenseRow) => {
    const result = await api(editExpense, { id: expense.id }, { module: 'expenses', silentSuccess: true });
    if (!result.ok) return;
    rememberEditing(result.data.expense);
    await queryClient.invalidateQueries({ queryKey: expenseKeys.cart });
    void navigate('/expenses/record');
  };

  return (
    <div data-screen-status="built">
      <PageHeader
        actions={
          writable ? (
            <Button component={Link} to="/expenses/record" leftSection={<IconPlus size={16} />}>
              {t('recordNew')}
            </Button>
          ) : undefined
        }
      />
      <Paper withBorder p="md">
        <MoneyFilters ns="expenses" state={shared} statusWidth={110} searchWidth={220}>
          <ReferenceSelect
            label={t('fields.category')}
            placeholder={t('list.all')}
            references="expense_categories"
            w={180}
            value={categoryId}
            onChange={setCategoryId}
          />
          <ReferenceSelect
            label={t('fields.supplier')}
            placeholder={t('list.all')}
            references="suppliers"
            w={180}
            value={supplierId}
            onChange={setSupplierId}
          />
          <ModeSelect value={modeId} onChange={setModeId} />
          <Select
            label={t('fields.paid')}
            placeholder={t('list.all')}
            w={130}
            clearable
            data={[
              { value: 'paid', label: t('paid.paid') },
              { value: 'credit', label: t('paid.onCredit') },
            ]}
            value={paid}
            onChange={(v) => setPaid(v as Paid | null)}
          />
        </MoneyFilters>
        <DataTable
          query={list}
          rows={list.data?.data}
          empty={t('list.none')}
          minWidth={1050}
          paging={paging}
          rowProps={(e) => ({ 'data-expense': String(e.id), 'data-status': e.status })}
          columns={[
            { key: 'spent_on', label: t('fields.spentOn'), width: 115, render: (e) => formatDate(e.spent_on) },
            {
              key: 'lines',
              label: t('fields.lines'),
              render: (e) => (
                <Stack gap={2}>
                  <ExpenseLines expense={e} />
                  <StoreReceived lines={e.store_lines ?? []} />
                </Stack>
              ),
            },
            { key: 'supplier_name', label: t('fields.supplier'), render: (e) => e.supplier_name ?? '' },
            { key: 'reference', label: t('fields.reference'), render: (e) => e.reference ?? '' },
            { key: 'mode_name', label: t('fields.paidFrom'), width: 135, render: (e) => <PaidFrom expense={e} /> },
            {
              key: 'total',
              label: t('fields.total'),
              numeric: true,
              render: (e) => (
                <MoneyCell amount={formatMoney(e.total)} void={e.status === 'void'} testId="expense-total" />
              ),
            },
            { key: 'recorded_by', label: t('fields.recordedBy') },
            { key: 'status', label: t('fields.status'), width: 150, render: (e) => <ExpenseStatus expense={e} /> },
          ]}
          totals={
            totals
              ? {
                  spent_on: t('list.total'),
                  lines: t('list.validCount', { count: totals.count }),
                  total: <span data-testid="expenses-total">{formatMoney(totals.amount)}</span>,
                }
              : undefined
          }
          actions={(e) =>
            e.status === 'void' || !writable ? null : (
              <MoneyRowActions
                ns="expenses"
                name={expenseName(e)}
                onEdit={() => void edit(e)}
                onVoid={() => setVoiding(e)}
              >
                <Tooltip label={t('amend.action')}>
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setAmending(e)}
                    aria-label={t('amend.named', { name: expenseName(e) })}
                  >
                    <IconFilePencil size={18} />
                  </ActionIcon>
                </Tooltip>
              </MoneyRowActions>
            )
          }
        />
      </Paper>
      {amending ? (
        <AmendExpenseDialog
          expense={amending}
          onClose={() => setAmending(null)}
          onSaved={() => {
            setAmending(null);
            reload();
          }}
        />
      ) : null}
      {voiding ? (
        <MoneyVoidDialog
          ns="expenses"
          name={expenseName(voiding)}
          message={t('void.message', { total: formatMoney(voiding.total) })}
          send={(reason) => api(voidExpense, { reason }, { id: voiding.id, module: 'expenses' })}
          onClose={() => setVoiding(null)}
          onVoided={reload}
        />
      ) : null}
    </div>
  );
}

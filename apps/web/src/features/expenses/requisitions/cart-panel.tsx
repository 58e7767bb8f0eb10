import { Paper, Title } from '@mantine/core';
import {
  addToExpenseCart,
  changeExpenseCartLine,
  type ExpenseLineRow,
  expenseCartTotal,
  listExpenseCart,
  removeExpenseCartLine,
} from '@somero/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table';
import { RowActions } from '../../../components/row-actions';
import { api, fetchData } from '../../../lib/api';
import { formatMoney, formatNumber } from '../../../lib/format';
import { expenseKeys } from '../keys';
import { type CartCalls, CartLineForm } from './cart-line-form';

/** A cart's calls (the expense cart's or the requisition cart's) and the query key its data lives under. */
export interface Cart extends CartCalls {
  key: readonly string[];
  list: typeof listExpenseCart;
  total: typeof expenseCartTotal;
  remove: typeof removeExpenseCartLine;
}

export const expenseCart: Cart = {
  key: expenseKeys.cart,
  list: listExpenseCart,
  total: expenseCartTotal,
  add: addToExpenseCart,
  change: changeExpenseCartLine,
  remove: removeExpenseCartLine,
};

/** The signed-in user's cart: its lines and the server's total of them. */
export function useCart(cart: Cart) {
  const queryClient = useQueryClient();
  const lines = useQuery({ queryKey: [...cart.key, 'lines'], queryFn: () => fetchData(cart.list, {}) });
  const total = useQuery({ queryKey: [...cart.key, 'total'], queryFn: () => fetchData(cart.total, {}) });
  return { lines, total, reload: () => void queryClient.invalidateQueries({ queryKey: cart.key }) };
}

/** A cart: the form that adds a line, the lines with their total, each changed in a dialog or removed. */
export function CartPanel({ cart, state, empty }: { cart: Cart; state: ReturnType<typeof useCart>; empty: string }) {
  const { t } = useTranslation('expenses');
  const [changing, setChanging] = useState<ExpenseLineRow | null>(null);
  const total = state.total.data?.data;
  const remove = async (line: ExpenseLineRow) => {
    const result = await api(cart.remove, {}, { id: line.id, silentSuccess: true });
    if (result.ok) state.reload();
  };
  return (
    <Paper withBorder p="md" mb="md">
      <Title order={3} size="h4" mb="sm">
        {t('cart.title')}
      </Title>
      <CartLineForm calls={cart} onSaved={state.reload} />
      <DataTable
        query={state.lines}
        rows={state.lines.data?.data}
        empty={empty}
        minWidth={900}
        rowProps={(l) => ({ 'data-cart-line': l.item_name })}
        columns={[
          { key: 'item_name', label: t('fields.item') },
          { key: 'category_name', label: t('fields.category') },
          { key: 'description', label: t('fields.description'), render: (l) => l.description ?? '' },
          {
            key: 'quantity',
            label: t('fields.quantity'),
            numeric: true,
            render: (l) => `${formatNumber(l.quantity)}${l.unit ? ` ${l.unit}` : ''}`,
          },
          { key: 'unit_cost', label: t('fields.unitCost'), numeric: true, render: (l) => formatMoney(l.unit_cost) },
          { key: 'amount', label: t('fields.amount'), numeric: true, render: (l) => formatMoney(l.amount) },
        ]}
        totals={
          total
            ? {
                item_name: t('cart.total'),
                category_name: t('cart.lines', { count: total.count }),
                amount: <span data-testid="cart-total">{formatMoney(total.amount)}</span>,
              }
            : undefined
        }
        actions={(l) => <RowActions name={l.item_name} onEdit={() => setChanging(l)} onDelete={() => void remove(l)} />}
      />
      {changing ? (
        <CartLineForm
          line={changing}
          calls={cart}
          onClose={() => setChanging(null)}
          onSaved={() => {
            setChanging(null);
            state.reload();
          }}
        />
      ) : null}
    </Paper>
  );
}

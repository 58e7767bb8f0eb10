import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ExpenseLineRow, ExpenseRow, PurchaseLineRow } from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { MoneyStatus } from '../../components/money-list';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';

/** "Maize flour × 3 bags": what a line bought. */
export const lineText = (l: ExpenseLineRow) =>
  `${l.item_name} × ${formatNumber(l.quantity)}${l.unit ? ` ${l.unit}` : ''}`;

/** An expense's lines in a list cell, one a line. */
export function ExpenseLines({ expense }: { expense: Pick<ExpenseRow, 'lines'> }) {
  return (
    <Stack gap={0} data-testid="expense-lines">
      {expense.lines.map((l) => (
        <Text size="sm" key={l.id}>
          {lineText(l)}{' '}
          <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(l.amount)}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/**
 * What the store has received of a paid purchase's store items: a badge (received, partly, waiting) and
 * each item's "received of bought", so a bursar sees the goods arrived.
 */
export function StoreReceived({ lines }: { lines: PurchaseLineRow[] }) {
  const { t } = useTranslation('expenses');
  if (!lines.length) return null;
  const all = lines.every((l) => l.to_receive <= 0);
  const none = lines.every((l) => l.received <= 0);
  const state = all ? 'all' : none ? 'none' : 'part';
  return (
    <Group gap={6} wrap="wrap" data-testid="store-received" data-state={state}>
      <Badge variant="light" color={all ? 'green' : none ? 'gray' : 'yellow'}>
        {t(`store.${state}`)}
      </Badge>
      <Text size="xs" c="dimmed">
        {lines
          .map((l) =>
            t('store.line', {
              item: l.store_item,
              received: formatNumber(l.received),
              bought: formatNumber(l.bought),
              unit: l.unit,
            }),
          )
          .join(' · ')}
      </Text>
    </Group>
  );
}

/** How it was (or will be) paid: the mode, or on credit (and when and from which mode it was cleared). */
export function PaidFrom({ expense }: { expense: ExpenseRow }) {
  const { t } = useTranslation('expenses');
  if (!expense.on_credit) return <Text size="sm">{expense.mode_name ?? ''}</Text>;
  return (
    <Stack gap={2}>
      <Badge variant="light" color="orange" data-testid="expense-credit">
        {t('paid.onCredit')}
      </Badge>
      {expense.cleared_on ? (
        <Text size="xs" c="dimmed">
          {t('paid.cleared', { mode: expense.cleared_mode_name ?? '', date: formatDate(expense.cleared_on) })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Valid (Amended: the last correction's reason in its title), or Void with its reason ("Edited" when it was replaced through the cart). */
export function ExpenseStatus({ expense }: { expense: ExpenseRow }) {
  return <MoneyStatus ns="expenses" document={expense} testId="expense" showVoidReason />;
}

/** What an expense is called in buttons and dialogs: "UGX 90,000 of 3 Mar 2026". */
export const expenseName = (e: ExpenseRow) => `${formatMoney(e.total)} of ${formatDate(e.spent_on)}`;

const editingKey = 'somero.expenses.editing';

/** The expense whose lines the cart holds for changes (from "Edit" on the list), kept for this tab. */
export function editingExpense(): ExpenseRow | null {
  try {
    const text = sessionStorage.getItem(editingKey);
    return text ? (JSON.parse(text) as ExpenseRow) : null;
  } catch {
    return null;
  }
}
export const rememberEditing = (e: ExpenseRow) => sessionStorage.setItem(editingKey, JSON.stringify(e));
export const forgetEditing = () => sessionStorage.removeItem(editingKey);

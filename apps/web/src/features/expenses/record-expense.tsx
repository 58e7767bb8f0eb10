import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ExpenseRow, recordExpense } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/date-field';
import { ModeField, NoteField, PaidOrCredit, SupplierField, TextField } from '../../components/money-form';
import { PageHeader } from '../../components/page-title';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate, formatMoney, today } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { editingExpense, expenseName, forgetEditing } from './expense-parts';
import { expenseKeys } from './keys';
import { CartPanel, expenseCart, useCart } from './requisitions/cart-panel';

/**
 * /expenses/record: put items in the cart (an item, how many, at what unit cost), then record the whole
 * cart as one expense, paid from a payment mode or on credit from a supplier. Reached from "Edit" on
 * the expenses list, the cart holds that expense's lines and recording replaces it (it is voided "Edited").
 */
export default function RecordExpenseScreen() {
  const { t } = useTranslation('expenses');
  const queryClient = useQueryClient();
  const saving = useSaving();
  const cart = useCart(expenseCart);
  const [editing, setEditing] = useState<ExpenseRow | null>(editingExpense);
  const { field, values, setValue, submit } = useContractForm(
    recordExpense.input,
    {
      spent_on: editing?.spent_on ?? today(),
      on_credit: editing?.on_credit ?? false,
      mode_id: editing?.on_credit ? null : (editing?.mode_id ?? null),
      supplier_id: editing?.supplier_id ?? null,
      reference: editing?.reference ?? '',
      note: editing?.note ?? '',
    },
    (v) => ({
      spent_on: v.spent_on,
      on_credit: v.on_credit,
      mode_id: v.on_credit ? undefined : (v.mode_id ?? undefined),
      supplier_id: v.supplier_id ?? undefined,
      reference: v.reference.trim(),
      note: v.note.trim(),
      replaces: editing?.id,
    }),
  );
  const [recorded, setRecorded] = useState<{ expense: ExpenseRow; message?: string } | null>(null);
  const total = cart.total.data?.data;

  const stopEditing = () => {
    forgetEditing();
    setEditing(null);
  };

  const record = submit(
    (input) => api(recordExpense, input, { module: 'expenses', action: 'record' }),
    (expense, result) => {
      setRecorded({ expense, message: result.message });
      stopEditing();
      setValue('reference', '');
      setValue('note', '');
      cart.reload();
      void queryClient.invalidateQueries({ queryKey: expenseKeys.list });
    },
  );

  return (
    <div data-screen-status="built">
      <PageHeader />
      {editing ? (
        <Alert color="yellow" mb="md" title={t('record.editingTitle')} data-testid="editing-expense">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('record.editing', { name: expenseName(editing) })}</Text>
            <Button size="xs" variant="default" onClick={stopEditing}>
              {t('record.stopEditing')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {recorded ? (
        <Alert color="green" mb="md" withCloseButton onClose={() => setRecorded(null)} data-testid="expense-recorded">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              {recorded.message ? `${recorded.message}. ` : ''}
              {t('record.recorded', {
                total: formatMoney(recorded.expense.total),
                date: formatDate(recorded.expense.spent_on),
              })}
            </Text>
            <Anchor component={Link} to="/expenses/view" size="sm">
              {t('record.view')}
            </Anchor>
          </Group>
        </Alert>
      ) : null}
      <CartPanel cart={expenseCart} state={cart} empty={t('cart.empty')} />
      <Paper withBorder p="md" component="form" onSubmit={(e: FormEvent) => void record(e)} noValidate>
        <Title order={3} size="h4" mb="sm">
          {editing ? t('record.titleEditing') : t('record.title')}
        </Title>
        <Stack>
          <PaidOrCredit
            onCredit={values.on_credit}
            onChange={(onCredit) => setValue('on_credit', onCredit)}
            labels={{ paid: t('paid.fromMode'), credit: t('paid.onCredit') }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <DateField label={t('fields.spentOn')} required max={today()} {...field('spent_on')} />
            {values.on_credit ? null : <ModeField label={t('fields.mode')} fresh {...field('mode_id')} />}
            <SupplierField label={t('fields.supplier')} onCredit={values.on_credit} {...field('supplier_id')} />
            <TextField label={t('fields.reference')} hint={t('record.referenceHint')} {...field('reference')} />
          </SimpleGrid>
          <NoteField label={t('fields.note')} {...field('note')} />
          <Group justify="space-between">
            <Text fw={600} data-testid="record-total">
              {t('record.total', { total: formatMoney(total?.amount ?? 0) })}
            </Text>
            <Button type="submit" loading={saving}>
              {editing ? t('record.saveEdited') : t('record.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </div>
  );
}

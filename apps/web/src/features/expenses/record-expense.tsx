import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type ExpenseRow, recordExpense } from '@somero/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../components/date-field';
import { PageHeader } from '../../components/page-title';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { formatDate, formatMoney, today } from '../../lib/format';
import { useSaving } from '../../lib/saving';
import { CartPanel, expenseCart, useCart } from './cart-panel';
import { editingExpense, expenseName, forgetEditing } from './expense-parts';
import { expenseKeys } from './keys';

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
  const [spentOn, setSpentOn] = useState(editing?.spent_on ?? today());
  const [onCredit, setOnCredit] = useState(editing?.on_credit ?? false);
  const [modeId, setModeId] = useState<number | null>(editing?.on_credit ? null : (editing?.mode_id ?? null));
  const [supplierId, setSupplierId] = useState<number | null>(editing?.supplier_id ?? null);
  const [reference, setReference] = useState(editing?.reference ?? '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [recorded, setRecorded] = useState<{ expense: ExpenseRow; message?: string } | null>(null);
  const total = cart.total.data?.data;

  const stopEditing = () => {
    forgetEditing();
    setEditing(null);
  };

  const record = async (event: FormEvent) => {
    event.preventDefault();
    const result = await api(
      recordExpense,
      {
        spent_on: spentOn,
        on_credit: onCredit,
        mode_id: onCredit ? undefined : (modeId ?? undefined),
        supplier_id: supplierId ?? undefined,
        reference: reference.trim(),
        note: note.trim(),
        replaces: editing?.id,
      },
      { module: 'expenses', action: 'record' },
    );
    if (!result.ok) {
      setErrors(fieldErrors(result.errors));
      return;
    }
    setErrors({});
    setRecorded({ expense: result.data, message: result.message });
    stopEditing();
    setReference('');
    setNote('');
    cart.reload();
    void queryClient.invalidateQueries({ queryKey: expenseKeys.list });
  };

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
          <SegmentedControl
            w="fit-content"
            value={onCredit ? 'credit' : 'paid'}
            onChange={(v) => setOnCredit(v === 'credit')}
            data={[
              { value: 'paid', label: t('paid.fromMode') },
              { value: 'credit', label: t('paid.onCredit') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <DateField
              label={t('fields.spentOn')}
              required
              max={today()}
              value={spentOn}
              onChange={setSpentOn}
              error={errors.spent_on}
            />
            {onCredit ? null : (
              <ReferenceSelect
                label={t('fields.mode')}
                references="payment_options"
                required
                only={(o) => o.row.active !== false}
                value={modeId}
                onChange={setModeId}
                error={errors.mode_id}
              />
            )}
            <ReferenceSelect
              label={t('fields.supplier')}
              references="suppliers"
              required={onCredit}
              clearable
              value={supplierId}
              onChange={setSupplierId}
              error={errors.supplier_id}
            />
            <TextInput
              label={t('fields.reference')}
              description={t('record.referenceHint')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.note')}
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            error={errors.note}
          />
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

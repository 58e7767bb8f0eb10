import { Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { addToExpenseCart, changeExpenseCartLine, type ExpenseLineRow, expenseItemResource } from '@somero/contract';
import { IconPlus, IconShoppingCartPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormButtons } from '../../../components/form-buttons';
import { MoneyInput } from '../../../components/money-input';
import { type ResourceRow, referenceKey, resourceKey } from '../../../components/resource/calls';
import { useReferenceRows } from '../../../components/resource/reference-options';
import { ReferenceSelect } from '../../../components/resource/reference-select';
import { ResourceForm } from '../../../components/resource/resource-form';
import { api } from '../../../lib/api';
import { useContractForm } from '../../../lib/contract-form';
import { useSaving } from '../../../lib/saving';

/** The add and change calls of a cart: the expense cart's, or the requisition cart's. */
export interface CartCalls {
  add: typeof addToExpenseCart;
  change: typeof changeExpenseCartLine;
}
const expenseCart: CartCalls = { add: addToExpenseCart, change: changeExpenseCartLine };

interface Props {
  /** The line being changed, in a dialog; a new line in the form above the cart when absent. */
  line?: ExpenseLineRow;
  calls?: CartCalls;
  onSaved: () => void;
  onClose?: () => void;
}

/** An item, how many, at what unit cost: picking an item offers its usual unit cost. */
export function CartLineForm({ line, calls = expenseCart, onSaved, onClose }: Props) {
  const { t } = useTranslation('expenses');
  const saving = useSaving();
  const items = useReferenceRows('expense_items');
  const { form, field, values, setValue, submit } = useContractForm(
    calls.add.input,
    {
      item_id: line?.item_id ?? null,
      quantity: (line?.quantity ?? 1) as number | string,
      unit_cost: line?.unit_cost ?? null,
      description: line?.description ?? '',
    },
    (v) => ({
      item_id: v.item_id as number,
      // A cleared box is sent as none, which the schema words "Enter the quantity".
      quantity: (typeof v.quantity === 'number' ? v.quantity : null) as number,
      unit_cost: v.unit_cost as number,
      description: v.description.trim(),
    }),
  );
  /** The server's question about a price far above the item's usual one, for the values it was asked about. */
  const [question, setQuestion] = useState<{ message: string; values: string } | null>(null);

  const queryClient = useQueryClient();
  const [newItem, setNewItem] = useState(false);

  const offerCost = (row: ResourceRow | undefined) => {
    if (row && typeof row.unit_cost === 'number' && row.unit_cost > 0) setValue('unit_cost', row.unit_cost);
  };
  const item = field('item_id');
  const pick = (id: number | null) => {
    item.onChange(id);
    offerCost(items.data?.find((r) => r.id === id));
  };
  /** An item bought for the first time, added from here (the bursar may add items) and picked at once. */
  const added = (row: ResourceRow) => {
    setNewItem(false);
    void queryClient.invalidateQueries({ queryKey: referenceKey('expense_items') });
    void queryClient.invalidateQueries({ queryKey: resourceKey('expense_items') });
    item.onChange(row.id);
    offerCost(row);
  };

  const these = JSON.stringify(values);
  const send = async (confirm: boolean, event?: FormEvent) => {
    const options = { module: 'expenses', action: 'addToCart', silentSuccess: true } as const;
    const result = await submit(
      (input) => {
        const body = confirm ? { ...input, confirm: true } : input;
        return line ? api(calls.change, body, { ...options, id: line.id }) : api(calls.add, body, options);
      },
      () => {
        if (!line) form.reset();
        onSaved();
      },
    )(event);
    setQuestion(!result.ok && result.confirm && result.message ? { message: result.message, values: these } : null);
  };
  const onSubmit = (event: FormEvent) => void send(false, event);
  // The question stands only for the line it was asked about.
  const asked =
    question && question.values === these ? (
      <ConfirmDialog
        opened
        title={t('cart.priceTitle')}
        message={question.message}
        confirmLabel={t('cart.priceConfirm')}
        onConfirm={() => void send(true)}
        onClose={() => setQuestion(null)}
      />
    ) : null;

  const fields = (
    <>
      <ReferenceSelect
        label={t('fields.item')}
        references="expense_items"
        required
        w={line ? undefined : 240}
        {...item}
        onChange={pick}
      />
      <NumberInput
        label={t('fields.quantity')}
        required
        min={1}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator=","
        w={line ? undefined : 110}
        {...field('quantity')}
      />
      <MoneyInput label={t('fields.unitCost')} required w={line ? undefined : 170} {...field('unit_cost')} />
      <TextInput label={t('fields.description')} w={line ? undefined : 240} {...field('description')} />
    </>
  );

  if (line)
    return (
      <Modal opened onClose={() => onClose?.()} title={t('cart.changeTitle', { item: line.item_name })} centered>
        <form onSubmit={onSubmit} noValidate>
          <Stack>{fields}</Stack>
          <FormButtons onCancel={() => onClose?.()} submit={t('cart.saveLine')} />
        </form>
        {asked}
      </Modal>
    );
  // The new-item dialog sits outside the form: a portal's submit still bubbles through React's tree.
  return (
    <>
      <form onSubmit={onSubmit} noValidate aria-label={t('cart.lineForm')}>
        <Group align="flex-start" gap="sm" wrap="wrap">
          {fields}
          <Button type="submit" mt={25} loading={saving} leftSection={<IconShoppingCartPlus size={16} />}>
            {t('cart.add')}
          </Button>
          <Button mt={25} variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setNewItem(true)}>
            {t('cart.newItem')}
          </Button>
        </Group>
      </form>
      {asked}
      {newItem ? (
        <ResourceForm resource={expenseItemResource} row={null} onClose={() => setNewItem(false)} onSaved={added} />
      ) : null}
    </>
  );
}

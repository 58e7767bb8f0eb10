import {
  Alert,
  Group,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  addStoreLoss,
  editStoreLog,
  giveOutItem,
  receivePurchase,
  receiveStock,
  type StoreMovementRow,
  type StorePurchaseRow,
  storeChoices,
  storeIssuedTo,
  storeLossKinds,
  storePayments,
  storePurchases,
  storeSources,
} from '@somero/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { type ApiResult, api, fetchData } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatDate, formatMoney, today } from '../../lib/format';
import { storeKeys } from './keys';
import { quantity as quantityText } from './parts';

export const useStoreChoices = () =>
  useQuery({ queryKey: storeKeys.choices, queryFn: () => fetchData(storeChoices, {}) }).data?.data;

interface FormProps {
  /** The item chosen when the form opens (from an item's log). */
  itemId?: number;
  onClose: () => void;
  onSaved: () => void;
}

/** A field's props as `useContractForm`'s `field(name)` gives them (lib/contract-form.ts). */
interface FieldProps<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  error?: ReactNode;
}

/**
 * A store form, checked by its call's schema as each field is left; a refusal of the save (e.g. more
 * than is held, with the balance) shows inside the form too.
 */
function useStoreForm<V extends Record<string, unknown>, I>(schema: z.ZodType, initial: V, toInput: (v: V) => I) {
  const contract = useContractForm(schema, initial, toInput);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send =
    <T, Totals>(call: (input: I) => Promise<ApiResult<T, Totals>>, onSaved: () => void) =>
    async () => {
      const result = await contract.submit(call, onSaved)();
      setRefusal(!result.ok && (result.status === 202 || result.status === 201) ? (result.message ?? null) : null);
    };
  return { ...contract, refusal, send };
}

/** A select of ids: the form holds the number, the select its text. */
const idSelect = ({ value, onChange, ...field }: FieldProps<number | null>) => ({
  ...field,
  value: value === null ? null : String(value),
  onChange: (next: string | null) => onChange(next ? Number(next) : null),
});

/** A quantity as typed: '' while the box is empty, which the call reads as not given. */
const quantityOf = (typed: number | string) => (typed === '' ? undefined : Number(typed));

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <Alert color="red" variant="light" data-testid="store-refusal">
      {text}
    </Alert>
  ) : null;
}

function ItemSelect(field: FieldProps<number | null>) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  return (
    <Select
      label={t('fields.item')}
      required
      searchable
      data-autofocus
      data={(choices?.items ?? []).map((i) => ({
        value: String(i.id),
        label: t('itemWithBalance', { name: i.name, balance: quantityText(i.balance, i.unit) }),
      }))}
      {...idSelect(field)}
    />
  );
}

function QuantityInput({ unit, ...field }: FieldProps<number | string> & { unit?: string }) {
  const { t } = useTranslation('store');
  return (
    <NumberInput
      label={unit ? t('fields.quantityIn', { unit }) : t('fields.quantity')}
      required
      min={0}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      {...field}
    />
  );
}

function DateInput({ label, ...field }: FieldProps<string> & { label: string }) {
  return <DateField label={label} max={today()} {...field} />;
}

/** The note every store movement may carry. */
function NoteInput({ label, ...field }: FieldProps<string> & { label?: string }) {
  const { t } = useTranslation('store');
  return (
    <Textarea
      label={label ?? t('fields.note')}
      autosize
      minRows={1}
      {...field}
      onChange={(e) => field.onChange(e.currentTarget.value)}
    />
  );
}

function FormModal({
  title,
  onClose,
  onSubmit,
  submit,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  submit: string;
  children: ReactNode;
}) {
  const go = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit();
  };
  return (
    <Modal opened onClose={onClose} title={title} centered size="lg">
      <form onSubmit={go} noValidate>
        <Stack>{children}</Stack>
        <FormButtons onCancel={onClose} submit={submit} />
      </form>
    </Modal>
  );
}

export const useStorePurchases = () =>
  useQuery({ queryKey: storeKeys.purchases, queryFn: () => fetchData(storePurchases, {}) });

/** "Requisition 12 · Paper and food · 2 Mar 2026", "Expense 40 · …": a purchase as the store keeper picks it. */
export function purchaseLabel(p: StorePurchaseRow, t: TFunction) {
  const name =
    p.requisition_number === null
      ? t('purchase.expense', { id: p.expense_id })
      : t('purchase.requisition', { number: p.requisition_number });
  return [name, p.title, p.supplier_name, formatDate(p.spent_on)].filter(Boolean).join(' · ');
}

/**
 * Receive stock: goods bought through a requisition or an expense against it (what arrived of each of its
 * lines, nothing paid again); or, without one, from a supplier (paid from a mode, on credit, or already
 * paid), requirements or a donation.
 */
export function ReceiveForm({ itemId, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('store');
  const purchases = useStorePurchases();
  const waiting = purchases.data?.data ?? [];
  const [how, setHow] = useState<'purchase' | 'other' | null>(itemId ? 'other' : null);
  // Goods waiting on a purchase are received against it first: the other way would pay for them twice.
  useEffect(() => {
    if (how === null && purchases.data) setHow(waiting.length ? 'purchase' : 'other');
  }, [how, purchases.data, waiting.length]);
  const chooseHow = (
    <Radio.Group
      label={t('receive.how')}
      value={how ?? ''}
      onChange={(v) => setHow(v as 'purchase' | 'other')}
      data-testid="receive-how"
    >
      <Stack gap={6} mt={6}>
        <Radio
          value="purchase"
          label={t('receive.howPurchase')}
          description={t('receive.howPurchaseHint', { count: waiting.length })}
        />
        <Radio value="other" label={t('receive.howOther')} description={t('receive.howOtherHint')} />
      </Stack>
    </Radio.Group>
  );
  if (how === 'purchase')
    return <PurchaseReceiveForm waiting={waiting} chooseHow={chooseHow} onClose={onClose} onSaved={onSaved} />;
  return <OtherReceiveForm itemId={itemId} chooseHow={how ? chooseHow : null} onClose={onClose} onSaved={onSaved} />;
}

/** What arrived of a purchase's lines: each at most what is left of it, valued at the purchase's price. */
function PurchaseReceiveForm({
  waiting,
  chooseHow,
  onClose,
  onSaved,
}: {
  waiting: StorePurchaseRow[];
  chooseHow: ReactNode;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('store');
  // What arrived of each line (the lines of the purchase chosen): what is left of it unless typed.
  const [arrived, setArrived] = useState<Record<number, number | string>>({});
  const amountOf = (lineId: number, left: number) => arrived[lineId] ?? left;
  const { form, field, values, refusal, send } = useStoreForm(
    receivePurchase.input,
    {
      expense_id: waiting.length === 1 ? waiting[0]!.expense_id : (null as number | null),
      received_on: today(),
      note: '',
    },
    (v) => ({
      expense_id: v.expense_id as number,
      received_on: v.received_on,
      note: v.note.trim(),
      lines: (waiting.find((p) => p.expense_id === v.expense_id)?.lines ?? []).map((l) => ({
        line_id: l.line_id,
        quantity: Number(amountOf(l.line_id, l.to_receive) || 0),
      })),
    }),
  );
  const purchase = waiting.find((p) => p.expense_id === values.expense_id);
  const chosen = field('expense_id');
  const submit = send((input) => api(receivePurchase, input), onSaved);

  return (
    <FormModal title={t('receive.title')} onClose={onClose} onSubmit={submit} submit={t('receive.save')}>
      <Refusal text={refusal} />
      {chooseHow}
      {waiting.length ? (
        <Select
          label={t('purchase.label')}
          placeholder={t('purchase.placeholder')}
          required
          searchable
          data-autofocus
          data={waiting.map((p) => ({ value: String(p.expense_id), label: purchaseLabel(p, t) }))}
          {...idSelect({
            ...chosen,
            onChange: (id) => {
              chosen.onChange(id);
              setArrived({});
            },
          })}
          // None chosen: the screen's words for it.
          error={chosen.error && values.expense_id === null ? t('purchase.choose') : chosen.error}
        />
      ) : (
        <Alert variant="light" data-testid="no-purchases">
          {t('purchase.none')}
        </Alert>
      )}
      {purchase ? (
        <Stack gap="xs" data-testid="purchase-lines">
          <Text size="sm">{t('purchase.explain')}</Text>
          {purchase.lines
            .filter((l) => l.to_receive > 0)
            .map((l) => (
              <Paper key={l.line_id} withBorder p="xs" data-line={l.store_item}>
                <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                    <Text fw={600} size="sm">
                      {l.store_item}
                    </Text>
                    <Text size="sm" c="dimmed" data-testid="line-figures">
                      {t('purchase.figures', {
                        bought: quantityText(l.bought),
                        received: quantityText(l.received),
                        cost: formatMoney(l.unit_cost),
                      })}
                    </Text>
                  </div>
                  <NumberInput
                    label={t('purchase.arrived', { unit: l.unit })}
                    aria-label={t('purchase.arrivedOf', { item: l.store_item, unit: l.unit })}
                    w={180}
                    clampBehavior="none"
                    decimalScale={2}
                    thousandSeparator=","
                    hideControls
                    value={amountOf(l.line_id, l.to_receive)}
                    onChange={(v) => setArrived((a) => ({ ...a, [l.line_id]: v }))}
                  />
                </Group>
              </Paper>
            ))}
          {form.errors.lines ? (
            <Text size="sm" c="red">
              {form.errors.lines}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <DateInput label={t('fields.receivedOn')} {...field('received_on')} />
      <NoteInput {...field('note')} />
    </FormModal>
  );
}

/** Receiving without a purchase: a donation, requirements, or bought now (paid from a mode or on credit). */
function OtherReceiveForm({ itemId, chooseHow, onClose, onSaved }: FormProps & { chooseHow: ReactNode }) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  const { field, values, setValue, refusal, send } = useStoreForm(
    receiveStock.input,
    {
      item_id: itemId ?? (null as number | null),
      quantity: '' as number | string,
      unit_cost: null as number | null,
      received_on: today(),
      source: 'supplier' as (typeof storeSources)[number],
      supplier_id: null as number | null,
      payment: 'none' as (typeof storePayments)[number],
      mode_id: null as number | null,
      reference: '',
      note: '',
    },
    (v) => ({
      ...v,
      item_id: v.item_id as number,
      quantity: quantityOf(v.quantity) as number,
      unit_cost: v.unit_cost ?? 0,
      reference: v.reference.trim(),
      note: v.note.trim(),
    }),
  );
  const unit = choices?.items.find((i) => i.id === values.item_id)?.unit;
  const quantity = values.quantity;
  const total = typeof quantity === 'number' && values.unit_cost ? Math.round(quantity * values.unit_cost) : 0;
  const submit = send((input) => api(receiveStock, input), onSaved);

  return (
    <FormModal title={t('receive.title')} onClose={onClose} onSubmit={submit} submit={t('receive.save')}>
      <Refusal text={refusal} />
      {chooseHow}
      <ItemSelect {...field('item_id')} />
      <Group grow align="flex-start">
        <QuantityInput unit={unit} {...field('quantity')} />
        <MoneyInput label={t('fields.unitCost')} {...field('unit_cost')} />
      </Group>
      {total ? (
        <Text size="sm" data-testid="receive-total">
          {t('receive.total', { amount: formatMoney(total) })}
        </Text>
      ) : null}
      <Group grow align="flex-start">
        <DateInput label={t('fields.receivedOn')} {...field('received_on')} />
        <Select
          label={t('fields.source')}
          data={storeSources.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          value={values.source}
          onChange={(v) => setValue('source', (v ?? 'supplier') as typeof values.source)}
          allowDeselect={false}
        />
      </Group>
      {values.source === 'supplier' ? (
        <>
          <Select
            label={t('fields.supplier')}
            searchable
            clearable
            data={(choices?.suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            {...idSelect(field('supplier_id'))}
          />
          <Group grow align="flex-start">
            <Select
              label={t('fields.payment')}
              description={t('receive.paymentHint')}
              data={storePayments.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
              value={values.payment}
              onChange={(v) => setValue('payment', (v ?? 'none') as typeof values.payment)}
              allowDeselect={false}
            />
            {values.payment === 'mode' ? (
              <Select
                label={t('fields.mode')}
                required
                data={(choices?.modes ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                {...idSelect(field('mode_id'))}
              />
            ) : null}
          </Group>
          <TextInput label={t('fields.reference')} {...field('reference')} />
        </>
      ) : null}
      <NoteInput {...field('note')} />
    </FormModal>
  );
}

/** Issue stock to a department, a person or the kitchen; or record a loss (spoilt, stolen, expired). */
export function TakeOutForm({ kind, ...props }: FormProps & { kind: 'issue' | 'loss' }) {
  return kind === 'issue' ? <IssueForm {...props} /> : <LossForm {...props} />;
}

function IssueForm({ itemId, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  const { field, values, setValue, refusal, send } = useStoreForm(
    giveOutItem.input,
    {
      item_id: itemId ?? (null as number | null),
      quantity: '' as number | string,
      issued_on: today(),
      issued_to: 'kitchen' as (typeof storeIssuedTo)[number],
      department_id: null as number | null,
      person: '',
      note: '',
    },
    (v) => ({
      ...v,
      item_id: v.item_id as number,
      quantity: quantityOf(v.quantity) as number,
      department_id: v.issued_to === 'department' ? v.department_id : null,
      person: v.person.trim(),
      note: v.note.trim(),
    }),
  );
  const unit = choices?.items.find((i) => i.id === values.item_id)?.unit;
  const submit = send((input) => api(giveOutItem, input), onSaved);

  return (
    <FormModal title={t('issue.title')} onClose={onClose} onSubmit={submit} submit={t('issue.save')}>
      <Refusal text={refusal} />
      <ItemSelect {...field('item_id')} />
      <Group grow align="flex-start">
        <QuantityInput unit={unit} {...field('quantity')} />
        <DateInput label={t('fields.issuedOn')} {...field('issued_on')} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('fields.issuedTo')}
          data={storeIssuedTo.map((x) => ({ value: x, label: t(`issuedTo.${x}`) }))}
          {...field('issued_to')}
          onChange={(v) => setValue('issued_to', (v ?? 'kitchen') as typeof values.issued_to)}
          allowDeselect={false}
        />
        {values.issued_to === 'department' ? (
          <Select
            label={t('fields.department')}
            required
            searchable
            data={(choices?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            {...idSelect(field('department_id'))}
          />
        ) : null}
      </Group>
      <TextInput
        label={values.issued_to === 'person' ? t('fields.person') : t('fields.receivedBy')}
        required={values.issued_to === 'person'}
        {...field('person')}
      />
      <NoteInput {...field('note')} />
    </FormModal>
  );
}

function LossForm({ itemId, onClose, onSaved }: FormProps) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  const { field, values, refusal, send } = useStoreForm(
    addStoreLoss.input,
    {
      item_id: itemId ?? (null as number | null),
      quantity: '' as number | string,
      lost_on: today(),
      loss_kind: null as (typeof storeLossKinds)[number] | null,
      reason: '',
    },
    (v) => ({
      item_id: v.item_id as number,
      quantity: quantityOf(v.quantity) as number,
      lost_on: v.lost_on,
      loss_kind: (v.loss_kind ?? undefined) as (typeof storeLossKinds)[number],
      reason: v.reason.trim(),
    }),
  );
  const unit = choices?.items.find((i) => i.id === values.item_id)?.unit;
  const submit = send((input) => api(addStoreLoss, input), onSaved);

  return (
    <FormModal title={t('loss.title')} onClose={onClose} onSubmit={submit} submit={t('loss.save')}>
      <Refusal text={refusal} />
      <ItemSelect {...field('item_id')} />
      <Group grow align="flex-start">
        <QuantityInput unit={unit} {...field('quantity')} />
        <DateInput label={t('fields.lostOn')} {...field('lost_on')} />
      </Group>
      <Select
        label={t('fields.lossKind')}
        required
        data={storeLossKinds.map((x) => ({ value: x, label: t(`lossKind.${x}`) }))}
        {...field('loss_kind')}
      />
      <Textarea label={t('fields.lossReason')} required autosize minRows={2} {...field('reason')} />
    </FormModal>
  );
}

/** Correct a movement: it is reversed and recorded again with these figures (never changed in place). */
export function CorrectForm({
  movement,
  onClose,
  onSaved,
}: {
  movement: StoreMovementRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('store');
  const { field, refusal, send } = useStoreForm(
    editStoreLog.input,
    {
      quantity: Math.abs(movement.quantity) as number | string,
      unit_cost: movement.unit_cost as number | null,
      moved_on: movement.moved_on,
      reason: '',
    },
    (v) => ({
      quantity: quantityOf(v.quantity),
      // Only a receipt has a unit cost to correct.
      ...(movement.kind === 'receipt' ? { unit_cost: v.unit_cost ?? 0 } : {}),
      moved_on: v.moved_on,
      reason: v.reason.trim(),
    }),
  );
  const submit = send((input) => api(editStoreLog, input, { id: movement.id }), onSaved);
  const reason = field('reason');
  return (
    <FormModal
      title={t('correct.title', { id: movement.id })}
      onClose={onClose}
      onSubmit={submit}
      submit={t('correct.save')}
    >
      <Text size="sm">{t('correct.explain')}</Text>
      <Refusal text={refusal} />
      <Group grow align="flex-start">
        <QuantityInput unit={movement.unit} {...field('quantity')} />
        {movement.kind === 'receipt' ? <MoneyInput label={t('fields.unitCost')} {...field('unit_cost')} /> : null}
      </Group>
      <DateInput label={t('fields.date')} {...field('moved_on')} />
      <ReasonField
        label={t('correct.reason')}
        {...reason}
        error={typeof reason.error === 'string' ? reason.error : undefined}
      />
    </FormModal>
  );
}

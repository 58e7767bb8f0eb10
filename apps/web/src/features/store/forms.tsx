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
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { type ApiFail, api, fetchData, fieldErrors } from '../../lib/api';
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

/** The outcome of a save: a refusal (e.g. more than is held, with the balance) shows inside the form too. */
function useOutcome() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const failed = (result: ApiFail) => {
    setErrors(fieldErrors(result.errors));
    setRefusal(result.status === 202 || result.status === 201 ? (result.message ?? null) : null);
  };
  return { errors, refusal, failed };
}

function Refusal({ text }: { text: string | null }) {
  return text ? (
    <Alert color="red" variant="light" data-testid="store-refusal">
      {text}
    </Alert>
  ) : null;
}

function ItemSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string;
}) {
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
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function QuantityInput({
  value,
  onChange,
  error,
  unit,
}: {
  value: number | string;
  onChange: (v: number | string) => void;
  error?: string;
  unit?: string;
}) {
  const { t } = useTranslation('store');
  return (
    <NumberInput
      label={unit ? t('fields.quantityIn', { unit }) : t('fields.quantity')}
      required
      min={0}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

function DateInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  return <DateField label={label} max={today()} value={value} onChange={onChange} error={error} />;
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
  const [chosen, setChosen] = useState<string | null>(waiting.length === 1 ? String(waiting[0]!.expense_id) : null);
  const purchase = waiting.find((p) => String(p.expense_id) === chosen);
  const [arrived, setArrived] = useState<Record<number, number | string>>({});
  const [receivedOn, setReceivedOn] = useState(today());
  const [note, setNote] = useState('');
  const { errors, refusal, failed } = useOutcome();
  const amountOf = (lineId: number, left: number) => arrived[lineId] ?? left;

  const submit = async () => {
    if (!purchase) return failed({ ok: false, status: 422, errors: { expense_id: [t('purchase.choose')] } } as ApiFail);
    const result = await api(receivePurchase, {
      expense_id: purchase.expense_id,
      received_on: receivedOn,
      note: note.trim(),
      lines: purchase.lines.map((l) => ({
        line_id: l.line_id,
        quantity: Number(amountOf(l.line_id, l.to_receive) || 0),
      })),
    });
    if (result.ok) onSaved();
    else failed(result);
  };

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
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setArrived({});
          }}
          error={errors.expense_id}
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
          {errors.lines ? (
            <Text size="sm" c="red">
              {errors.lines}
            </Text>
          ) : null}
        </Stack>
      ) : null}
      <DateInput
        label={t('fields.receivedOn')}
        value={receivedOn}
        onChange={setReceivedOn}
        error={errors.received_on}
      />
      <Textarea
        label={t('fields.note')}
        autosize
        minRows={1}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
      />
    </FormModal>
  );
}

/** Receiving without a purchase: a donation, requirements, or bought now (paid from a mode or on credit). */
function OtherReceiveForm({ itemId, chooseHow, onClose, onSaved }: FormProps & { chooseHow: ReactNode }) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  const [item, setItem] = useState<string | null>(itemId ? String(itemId) : null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [unitCost, setUnitCost] = useState<number | null>(null);
  const [receivedOn, setReceivedOn] = useState(today());
  const [source, setSource] = useState<string>('supplier');
  const [supplier, setSupplier] = useState<string | null>(null);
  const [payment, setPayment] = useState<string>('none');
  const [mode, setMode] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const { errors, refusal, failed } = useOutcome();
  const unit = choices?.items.find((i) => String(i.id) === item)?.unit;
  const total = typeof quantity === 'number' && unitCost ? Math.round(quantity * unitCost) : 0;

  const submit = async () => {
    const result = await api(receiveStock, {
      item_id: Number(item ?? 0),
      quantity: quantity === '' ? (undefined as unknown as number) : Number(quantity),
      unit_cost: unitCost ?? 0,
      received_on: receivedOn,
      source: source as (typeof storeSources)[number],
      supplier_id: supplier ? Number(supplier) : null,
      payment: payment as (typeof storePayments)[number],
      mode_id: mode ? Number(mode) : null,
      reference: reference.trim(),
      note: note.trim(),
    });
    if (result.ok) onSaved();
    else failed(result);
  };

  return (
    <FormModal title={t('receive.title')} onClose={onClose} onSubmit={submit} submit={t('receive.save')}>
      <Refusal text={refusal} />
      {chooseHow}
      <ItemSelect value={item} onChange={setItem} error={errors.item_id} />
      <Group grow align="flex-start">
        <QuantityInput value={quantity} onChange={setQuantity} error={errors.quantity} unit={unit} />
        <MoneyInput label={t('fields.unitCost')} value={unitCost} onChange={setUnitCost} error={errors.unit_cost} />
      </Group>
      {total ? (
        <Text size="sm" data-testid="receive-total">
          {t('receive.total', { amount: formatMoney(total) })}
        </Text>
      ) : null}
      <Group grow align="flex-start">
        <DateInput
          label={t('fields.receivedOn')}
          value={receivedOn}
          onChange={setReceivedOn}
          error={errors.received_on}
        />
        <Select
          label={t('fields.source')}
          data={storeSources.map((s) => ({ value: s, label: t(`source.${s}`) }))}
          value={source}
          onChange={(v) => setSource(v ?? 'supplier')}
          allowDeselect={false}
        />
      </Group>
      {source === 'supplier' ? (
        <>
          <Select
            label={t('fields.supplier')}
            searchable
            clearable
            data={(choices?.suppliers ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
            value={supplier}
            onChange={setSupplier}
            error={errors.supplier_id}
          />
          <Group grow align="flex-start">
            <Select
              label={t('fields.payment')}
              description={t('receive.paymentHint')}
              data={storePayments.map((p) => ({ value: p, label: t(`payment.${p}`) }))}
              value={payment}
              onChange={(v) => setPayment(v ?? 'none')}
              allowDeselect={false}
            />
            {payment === 'mode' ? (
              <Select
                label={t('fields.mode')}
                required
                data={(choices?.modes ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                value={mode}
                onChange={setMode}
                error={errors.mode_id}
              />
            ) : null}
          </Group>
          <TextInput
            label={t('fields.reference')}
            value={reference}
            onChange={(e) => setReference(e.currentTarget.value)}
            error={errors.reference}
          />
        </>
      ) : null}
      <Textarea
        label={t('fields.note')}
        autosize
        minRows={1}
        value={note}
        onChange={(e) => setNote(e.currentTarget.value)}
        error={errors.note}
      />
    </FormModal>
  );
}

/** Issue stock to a department, a person or the kitchen; or record a loss (spoilt, stolen, expired). */
export function TakeOutForm({ kind, itemId, onClose, onSaved }: FormProps & { kind: 'issue' | 'loss' }) {
  const { t } = useTranslation('store');
  const choices = useStoreChoices();
  const [item, setItem] = useState<string | null>(itemId ? String(itemId) : null);
  const [quantity, setQuantity] = useState<number | string>('');
  const [on, setOn] = useState(today());
  const [issuedTo, setIssuedTo] = useState<string>('kitchen');
  const [department, setDepartment] = useState<string | null>(null);
  const [person, setPerson] = useState('');
  const [lossKind, setLossKind] = useState<string | null>(null);
  const [text, setText] = useState('');
  const { errors, refusal, failed } = useOutcome();
  const unit = choices?.items.find((i) => String(i.id) === item)?.unit;
  const amount = quantity === '' ? (undefined as unknown as number) : Number(quantity);

  const submit = async () => {
    const result =
      kind === 'issue'
        ? await api(giveOutItem, {
            item_id: Number(item ?? 0),
            quantity: amount,
            issued_on: on,
            issued_to: issuedTo as (typeof storeIssuedTo)[number],
            department_id: issuedTo === 'department' && department ? Number(department) : null,
            person: person.trim(),
            note: text.trim(),
          })
        : await api(addStoreLoss, {
            item_id: Number(item ?? 0),
            quantity: amount,
            lost_on: on,
            loss_kind: (lossKind ?? undefined) as (typeof storeLossKinds)[number],
            reason: text.trim(),
          });
    if (result.ok) onSaved();
    else failed(result);
  };

  return (
    <FormModal
      title={t(kind === 'issue' ? 'issue.title' : 'loss.title')}
      onClose={onClose}
      onSubmit={submit}
      submit={t(kind === 'issue' ? 'issue.save' : 'loss.save')}
    >
      <Refusal text={refusal} />
      <ItemSelect value={item} onChange={setItem} error={errors.item_id} />
      <Group grow align="flex-start">
        <QuantityInput value={quantity} onChange={setQuantity} error={errors.quantity} unit={unit} />
        <DateInput
          label={t(kind === 'issue' ? 'fields.issuedOn' : 'fields.lostOn')}
          value={on}
          onChange={setOn}
          error={errors.issued_on ?? errors.lost_on}
        />
      </Group>
      {kind === 'issue' ? (
        <>
          <Group grow align="flex-start">
            <Select
              label={t('fields.issuedTo')}
              data={storeIssuedTo.map((x) => ({ value: x, label: t(`issuedTo.${x}`) }))}
              value={issuedTo}
              onChange={(v) => setIssuedTo(v ?? 'kitchen')}
              allowDeselect={false}
              error={errors.issued_to}
            />
            {issuedTo === 'department' ? (
              <Select
                label={t('fields.department')}
                required
                searchable
                data={(choices?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
                value={department}
                onChange={setDepartment}
                error={errors.department_id}
              />
            ) : null}
          </Group>
          <TextInput
            label={issuedTo === 'person' ? t('fields.person') : t('fields.receivedBy')}
            required={issuedTo === 'person'}
            value={person}
            onChange={(e) => setPerson(e.currentTarget.value)}
            error={errors.person}
          />
          <Textarea
            label={t('fields.note')}
            autosize
            minRows={1}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.note}
          />
        </>
      ) : (
        <>
          <Select
            label={t('fields.lossKind')}
            required
            data={storeLossKinds.map((x) => ({ value: x, label: t(`lossKind.${x}`) }))}
            value={lossKind}
            onChange={setLossKind}
            error={errors.loss_kind}
          />
          <Textarea
            label={t('fields.lossReason')}
            required
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={errors.reason}
          />
        </>
      )}
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
  const [quantity, setQuantity] = useState<number | string>(Math.abs(movement.quantity));
  const [unitCost, setUnitCost] = useState<number | null>(movement.unit_cost);
  const [movedOn, setMovedOn] = useState(movement.moved_on);
  const [reason, setReason] = useState('');
  const { errors, refusal, failed } = useOutcome();
  const submit = async () => {
    const result = await api(
      editStoreLog,
      {
        quantity: quantity === '' ? undefined : Number(quantity),
        ...(movement.kind === 'receipt' ? { unit_cost: unitCost ?? 0 } : {}),
        moved_on: movedOn,
        reason: reason.trim(),
      },
      { id: movement.id },
    );
    if (result.ok) onSaved();
    else failed(result);
  };
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
        <QuantityInput value={quantity} onChange={setQuantity} error={errors.quantity} unit={movement.unit} />
        {movement.kind === 'receipt' ? (
          <MoneyInput label={t('fields.unitCost')} value={unitCost} onChange={setUnitCost} error={errors.unit_cost} />
        ) : null}
      </Group>
      <DateInput label={t('fields.date')} value={movedOn} onChange={setMovedOn} error={errors.moved_on} />
      <ReasonField label={t('correct.reason')} value={reason} onChange={setReason} error={errors.reason} />
    </FormModal>
  );
}

import { Modal, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { type AssetPurchaseRow, addAssetPurchase, amendAssetPurchase } from '@somero/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/date-field';
import { FormButtons } from '../../components/form-buttons';
import { MoneyInput } from '../../components/money-input';
import { ReasonField } from '../../components/reason-field';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api, fieldErrors } from '../../lib/api';
import { formatMoney, today } from '../../lib/format';
import { conditionOptions } from './parts';

interface Props {
  /** The purchase being changed; a new one when absent. */
  purchase?: AssetPurchaseRow;
  onClose: () => void;
  onSaved: (saved: AssetPurchaseRow) => void;
}

/**
 * Record assets bought, paid from a payment mode or on credit from a supplier; or change a purchase
 * with the reason (the server reverses its posting and posts it again).
 */
export function PurchaseForm({ purchase, onClose, onSaved }: Props) {
  const { t } = useTranslation('assets');
  const [itemId, setItemId] = useState<number | null>(purchase?.item_id ?? null);
  const [quantity, setQuantity] = useState<number | null>(purchase?.quantity ?? 1);
  const [unitCost, setUnitCost] = useState<number | null>(purchase?.unit_cost ?? null);
  const [purchasedOn, setPurchasedOn] = useState(purchase?.purchased_on ?? today());
  const [locationId, setLocationId] = useState<number | null>(purchase?.location_id ?? null);
  const [condition, setCondition] = useState(purchase?.condition ?? 'new');
  const [onCredit, setOnCredit] = useState(purchase?.on_credit ?? false);
  const [modeId, setModeId] = useState<number | null>(purchase?.mode_id ?? null);
  const [supplierId, setSupplierId] = useState<number | null>(purchase?.supplier_id ?? null);
  const [reference, setReference] = useState(purchase?.reference ?? '');
  const [description, setDescription] = useState(purchase?.description ?? '');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const total = (quantity ?? 0) * (unitCost ?? 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = {
      item_id: itemId ?? 0,
      quantity: quantity ?? 0,
      unit_cost: unitCost ?? 0,
      purchased_on: purchasedOn,
      location_id: locationId ?? 0,
      condition: condition as 'new',
      on_credit: onCredit,
      mode_id: onCredit ? null : modeId,
      supplier_id: supplierId,
      reference: reference.trim(),
      description: description.trim(),
    };
    const result = purchase
      ? await api(amendAssetPurchase, { ...values, reason: reason.trim() }, { id: purchase.id })
      : await api(addAssetPurchase, values);
    if (result.ok) onSaved(result.data);
    else setErrors(fieldErrors(result.errors));
  };

  return (
    <Modal opened onClose={onClose} title={purchase ? t('amend.title') : t('purchases.add')} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReferenceSelect
              label={t('fields.item')}
              references="asset_items"
              required
              data-autofocus
              value={itemId}
              onChange={setItemId}
              error={errors.item_id}
            />
            <DateField
              label={t('fields.purchasedOn')}
              required
              max={today()}
              value={purchasedOn}
              onChange={setPurchasedOn}
              error={errors.purchased_on}
            />
            <NumberInput
              label={t('fields.quantity')}
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=","
              value={quantity ?? ''}
              onChange={(v) => setQuantity(typeof v === 'number' ? v : null)}
              error={errors.quantity}
            />
            <MoneyInput
              label={t('fields.unitCost')}
              required
              value={unitCost}
              onChange={setUnitCost}
              error={errors.unit_cost}
              description={t('purchases.total', { amount: formatMoney(total) })}
            />
            <ReferenceSelect
              label={t('fields.location')}
              references="asset_locations"
              required
              value={locationId}
              onChange={setLocationId}
              error={errors.location_id}
            />
            <Select
              label={t('fields.condition')}
              data={conditionOptions}
              allowDeselect={false}
              value={condition}
              onChange={(v) => setCondition(v ?? 'new')}
              error={errors.condition}
            />
          </SimpleGrid>
          <SegmentedControl
            w="fit-content"
            value={onCredit ? 'credit' : 'paid'}
            onChange={(v) => setOnCredit(v === 'credit')}
            data={[
              { value: 'paid', label: t('purchases.paid') },
              { value: 'credit', label: t('purchases.onCredit') },
            ]}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {onCredit ? null : (
              <ReferenceSelect
                label={t('fields.mode')}
                references="payment_options"
                required
                only={(o) => o.row.active !== false || o.row.id === purchase?.mode_id}
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
              description={t('purchases.referenceHint')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              error={errors.reference}
            />
          </SimpleGrid>
          <Textarea
            label={t('fields.description')}
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
          />
          {purchase ? (
            <ReasonField
              label={t('fields.reason')}
              description={t('amend.reasonHelp')}
              value={reason}
              onChange={setReason}
              error={errors.reason}
            />
          ) : null}
        </Stack>
        <FormButtons onCancel={onClose} submit={purchase ? t('amend.save') : t('purchases.save')} />
      </form>
    </Modal>
  );
}

import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  type AssetPurchaseRow,
  addAssetPurchase,
  amendAssetPurchase,
  assetPurchaseAmendmentList,
} from '@somero/contract';
import { useTranslation } from 'react-i18next';
import { AmendmentHistory, shownAs, useNamed } from '../../components/amendment-history';
import { DateField } from '../../components/date-field';
import {
  AmendReasonField,
  ModeField,
  MoneyFormModal,
  NoteField,
  PaidOrCredit,
  SupplierField,
  TextField,
} from '../../components/money-form';
import { MoneyInput } from '../../components/money-input';
import { ReferenceSelect } from '../../components/resource/reference-select';
import { api } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { formatMoney, today } from '../../lib/format';
import { assetKeys } from './keys';
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
  const itemName = useNamed('asset_items');
  const locationName = useNamed('asset_locations');
  const modeName = useNamed('payment_options');
  const supplierName = useNamed('suppliers');
  const { field, values, setValue, submit } = useContractForm(
    purchase ? amendAssetPurchase.input : addAssetPurchase.input,
    {
      item_id: purchase?.item_id ?? null,
      quantity: (purchase?.quantity ?? 1) as number | null,
      unit_cost: purchase?.unit_cost ?? null,
      purchased_on: purchase?.purchased_on ?? today(),
      location_id: purchase?.location_id ?? null,
      condition: purchase?.condition ?? 'new',
      on_credit: purchase?.on_credit ?? false,
      mode_id: purchase?.mode_id ?? null,
      supplier_id: purchase?.supplier_id ?? null,
      reference: purchase?.reference ?? '',
      description: purchase?.description ?? '',
      reason: '',
    },
    (v) => ({
      item_id: v.item_id as number,
      quantity: v.quantity ?? 0,
      unit_cost: v.unit_cost ?? 0,
      purchased_on: v.purchased_on,
      location_id: v.location_id as number,
      condition: v.condition as 'new',
      on_credit: v.on_credit,
      mode_id: v.on_credit ? null : v.mode_id,
      supplier_id: v.supplier_id,
      reference: v.reference.trim(),
      description: v.description.trim(),
      reason: v.reason.trim(),
    }),
  );
  const total = (values.quantity ?? 0) * (values.unit_cost ?? 0);
  const save = submit(
    ({ reason, ...input }) =>
      purchase ? api(amendAssetPurchase, { ...input, reason }, { id: purchase.id }) : api(addAssetPurchase, input),
    onSaved,
  );

  return (
    <MoneyFormModal
      title={purchase ? t('amend.title') : t('purchases.add')}
      size="lg"
      onClose={onClose}
      onSubmit={save}
      submit={purchase ? t('amend.save') : t('purchases.save')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ReferenceSelect
          label={t('fields.item')}
          references="asset_items"
          required
          data-autofocus
          {...field('item_id')}
        />
        <DateField label={t('fields.purchasedOn')} required max={today()} {...field('purchased_on')} />
        <NumberInput
          label={t('fields.quantity')}
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=","
          {...field('quantity')}
          value={values.quantity ?? ''}
          onChange={(v) => field('quantity').onChange(typeof v === 'number' ? v : null)}
        />
        <MoneyInput
          label={t('fields.unitCost')}
          required
          {...field('unit_cost')}
          description={t('purchases.total', { amount: formatMoney(total) })}
        />
        <ReferenceSelect label={t('fields.location')} references="asset_locations" required {...field('location_id')} />
        <Select
          label={t('fields.condition')}
          data={conditionOptions}
          allowDeselect={false}
          {...field('condition')}
          onChange={(v) => field('condition').onChange(v ?? 'new')}
        />
      </SimpleGrid>
      <PaidOrCredit
        onCredit={values.on_credit}
        onChange={(onCredit) => setValue('on_credit', onCredit)}
        labels={{ paid: t('purchases.paid'), credit: t('purchases.onCredit') }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {values.on_credit ? null : (
          <ModeField label={t('fields.mode')} fresh current={purchase?.mode_id} {...field('mode_id')} />
        )}
        <SupplierField label={t('fields.supplier')} onCredit={values.on_credit} {...field('supplier_id')} />
        <TextField label={t('fields.reference')} hint={t('purchases.referenceHint')} {...field('reference')} />
      </SimpleGrid>
      <NoteField label={t('fields.description')} {...field('description')} />
      <AmendReasonField
        shown={!!purchase}
        label={t('fields.reason')}
        hint={t('amend.reasonHelp')}
        {...field('reason')}
      />
      {purchase ? (
        <AmendmentHistory
          call={assetPurchaseAmendmentList}
          id={purchase.id}
          queryKey={assetKeys.amendments(purchase.id)}
          fields={{
            item_id: { label: t('fields.item'), show: itemName },
            quantity: { label: t('fields.quantity') },
            unit_cost: { label: t('fields.unitCost'), show: shownAs.money },
            amount: { label: t('fields.amount'), show: shownAs.money },
            purchased_on: { label: t('fields.purchasedOn'), show: shownAs.date },
            location_id: { label: t('fields.location'), show: locationName },
            mode_id: { label: t('fields.mode'), show: modeName },
            supplier_id: { label: t('fields.supplier'), show: supplierName },
            reference: { label: t('fields.reference') },
            description: { label: t('fields.description') },
          }}
        />
      ) : null}
    </MoneyFormModal>
  );
}

import { z } from 'zod';
import { type Call, defineCall, noInput } from '../call.js';
import { moneyStatusRow } from '../money-columns.js';
import { assetConditions } from '../resources/assets/assets.js';
import {
  amendmentsCall,
  format,
  id,
  money,
  optionalDate,
  optionalText,
  paging,
  queryId,
  queryPaging,
  reason,
} from './fields.js';

const conditionValues = assetConditions.map((c) => c.value) as [string, ...string[]];
export const assetCondition = z.enum(conditionValues, {
  error: `Choose one of: ${assetConditions.map((c) => c.label).join(', ')}`,
});
const blankIsNone = (v: unknown) => (v === '' ? undefined : v);

/** One purchase as the list and the forms show it. */
export const assetPurchaseRow = z.object({
  id: z.number(),
  item_id: z.number(),
  item_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  quantity: z.number(),
  unit_cost: z.number(),
  amount: z.number(),
  purchased_on: z.string(),
  supplier_id: z.number().nullable(),
  supplier_name: z.string().nullable(),
  location_id: z.number(),
  location_name: z.string(),
  condition: z.string(),
  on_credit: z.boolean(),
  mode_id: z.number().nullable(),
  mode_name: z.string().nullable(),
  reference: z.string().nullable(),
  description: z.string().nullable(),
  recorded_by: z.string(),
  amend_reason: z.string().nullable(),
  ...moneyStatusRow,
});
export type AssetPurchaseRow = z.infer<typeof assetPurchaseRow>;

/** What the purchase form sends: paid from `mode_id`, or `on_credit` from `supplier_id`. */
export const assetPurchaseInput = z.object({
  item_id: id,
  quantity: z.number().int('Enter a whole number').min(1, 'Enter at least one').max(1000, 'At most 1,000 at once'),
  unit_cost: money,
  purchased_on: optionalDate,
  location_id: id,
  condition: assetCondition.default('new'),
  on_credit: z.boolean().default(false),
  mode_id: id.optional().nullable(),
  supplier_id: id.optional().nullable(),
  reference: optionalText(100),
  description: optionalText(500),
});

/** One tagged asset. `cost` and `purchased_on` are its purchase's. */
export const assetRow = z.object({
  id: z.number(),
  tag: z.string(),
  purchase_id: z.number(),
  item_id: z.number(),
  item_name: z.string(),
  category_id: z.number(),
  category_name: z.string(),
  location_id: z.number(),
  location_name: z.string(),
  condition: z.string(),
  note: z.string().nullable(),
  cost: z.number(),
  purchased_on: z.string(),
  status: z.string(),
  disposed_on: z.string().nullable(),
  dispose_reason: z.string().nullable(),
});
export type AssetRow = z.infer<typeof assetRow>;

const purchaseFilters = {
  from: optionalDate,
  to: optionalDate,
  item_id: queryId,
  location_id: queryId,
  status: z.preprocess(blankIsNone, z.enum(['valid', 'void']).optional()),
  search: optionalText(100),
};
const purchaseTotals = z.object({ count: z.number(), quantity: z.number(), amount: z.number() });

export const listAssetPurchases = defineCall({
  method: 'GET',
  path: 'asset_purchases',
  access: 'admin',
  summary: 'Asset purchases, newest first, by dates, item, location, status and search; totals of the valid ones',
  input: z.object({ ...queryPaging, ...purchaseFilters }),
  output: z.array(assetPurchaseRow),
  paged: true as const,
  totals: purchaseTotals,
});

export const viewAssetPurchases = defineCall({
  method: 'POST',
  path: 'view_asset_purchases',
  access: 'admin',
  summary: 'The same list as GET asset_purchases, with the filters in the body',
  input: z.object({ ...paging, ...purchaseFilters }),
  output: z.array(assetPurchaseRow),
  paged: true as const,
  totals: purchaseTotals,
});

export const addAssetPurchase = defineCall({
  method: 'POST',
  path: 'asset_purchases',
  access: 'admin',
  money: true,
  summary: 'Record assets bought (each unit gets a tag); posts Dr fixed assets, Cr the mode or suppliers payable',
  input: assetPurchaseInput,
  output: assetPurchaseRow,
});

export const amendAssetPurchase = defineCall({
  method: 'PUT',
  path: 'asset_purchases/{id}',
  access: 'admin',
  money: true,
  summary: 'Change a purchase with the reason: its posting is reversed (dated today) and posted again',
  input: assetPurchaseInput.extend({ reason }),
  output: assetPurchaseRow,
});

export const voidAssetPurchase = defineCall({
  method: 'DELETE',
  path: 'asset_purchases/{id}',
  access: 'admin',
  money: true,
  summary: 'Void a purchase with a reason: its posting is reversed (dated today) and its assets leave the register',
  input: z.object({ reason }),
  output: assetPurchaseRow,
});

export const viewAssets = defineCall({
  method: 'GET',
  path: 'view_assets',
  access: 'admin',
  summary: 'Tagged assets by category, item, location, purchase, status and search (tag or item)',
  input: z.object({
    ...queryPaging,
    category_id: queryId,
    item_id: queryId,
    location_id: queryId,
    purchase_id: queryId,
    status: z.preprocess(blankIsNone, z.enum(['in_use', 'disposed', 'void']).optional()),
    search: optionalText(100),
  }),
  output: z.array(assetRow),
  paged: true as const,
});

export const assetRegisterRow = assetRow.extend({
  depreciation_rate: z.number(),
  months: z.number(),
  accumulated_depreciation: z.number(),
  book_value: z.number(),
});
export type AssetRegisterRow = z.infer<typeof assetRegisterRow>;

export const assetRegister = defineCall({
  method: 'GET',
  path: 'view_asset_register',
  access: 'admin',
  summary:
    'Each asset held on a day with its cost, accumulated depreciation and book value (straight line per category); xlsx with format',
  input: z.object({
    as_at: optionalDate,
    category_id: queryId,
    location_id: queryId,
    format,
  }),
  output: z.object({
    as_at: z.string(),
    rows: z.array(assetRegisterRow),
    totals: z.object({
      count: z.number(),
      cost: z.number(),
      accumulated_depreciation: z.number(),
      book_value: z.number(),
    }),
  }),
  file: 'xlsx-or-json',
});

export const purchaseLabels = defineCall({
  method: 'GET',
  path: 'asset_labels/{id}',
  access: 'admin',
  summary: 'A purchase’s labels: the purchase (id in the path) and each of its assets with its tag',
  input: noInput,
  output: z.object({ purchase: assetPurchaseRow, assets: z.array(assetRow) }),
});

export const printAssetLabels = defineCall({
  method: 'POST',
  path: 'asset_labels',
  access: 'admin',
  summary: 'A printable sheet of stickers (school, tag, item, QR code of the tag) for a purchase’s assets (PDF)',
  input: z.object({ purchase_id: id, asset_ids: z.array(id).max(1000).optional() }),
  output: z.unknown(),
  file: 'pdf',
});

export const updateAssetLabel = defineCall({
  method: 'PUT',
  path: 'asset_labels/{id}',
  access: 'admin',
  summary: 'Move an asset or record its condition (the audit trail keeps where it was)',
  input: z.object({ location_id: id, condition: assetCondition, note: optionalText(300) }),
  output: assetRow,
});

export const disposeAsset = defineCall({
  method: 'DELETE',
  path: 'asset_labels/{id}',
  access: 'admin',
  summary: 'Write an asset off (lost, broken beyond repair, given away) with a reason; it stays listed as disposed',
  input: z.object({ reason, disposed_on: optionalDate }),
  output: assetRow,
});

/** Asset calls (the declared locations, categories and items are served by the engine). */
export const assetPurchaseAmendmentList = amendmentsCall(
  'asset_purchase_amendments/{id}',
  'admin',
  "An asset purchase's amendments, oldest first",
);

export const assetCalls: Call[] = [
  assetPurchaseAmendmentList,
  listAssetPurchases,
  viewAssetPurchases,
  addAssetPurchase,
  amendAssetPurchase,
  voidAssetPurchase,
  viewAssets,
  assetRegister,
  purchaseLabels,
  printAssetLabels,
  updateAssetLabel,
  disposeAsset,
];

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { moneyColumns } from '../../money-columns.js';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';
import { suppliers } from '../expenses/expenses.js';
import { paymentModes } from '../fees/money.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The state an asset is in, as the school records it. */
export const assetConditions = [
  { value: 'new', label: 'New' },
  { value: 'good', label: 'Good' },
  { value: 'fair', label: 'Fair' },
  { value: 'poor', label: 'Poor' },
  { value: 'broken', label: 'Broken' },
] as const;
export type AssetCondition = (typeof assetConditions)[number]['value'];

/** Where the school keeps things: "Main hall", "Chemistry laboratory", "Head teacher's office". */
export const assetLocations = schoolTable(
  'asset_locations',
  {
    ...tenantColumns(),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('asset_locations_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const assetLocationResource = defineResource(assetLocations, {
  path: 'asset_locations',
  module: 'assets',
  label: { one: 'Asset Location', many: 'Asset Locations' },
  access: 'admin',
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 80 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'description'] },
  unique: [['name']],
});

/**
 * A kind of asset (Furniture, Computers, Vehicles), with the short code printed in its assets' tags
 * (KHS/FURN/0001) and the straight-line depreciation rate the school sets, in percent per year.
 */
export const assetCategories = schoolTable(
  'asset_categories',
  {
    ...tenantColumns(),
    name: text().notNull(),
    code: text().notNull(),
    depreciationRate: integer('depreciation_rate').notNull(),
    description: text(),
  },
  (t) => [
    uniqueIndex('asset_categories_school_name').on(t.schoolId, sql`lower(${t.name})`),
    uniqueIndex('asset_categories_school_code').on(t.schoolId, sql`lower(${t.code})`),
  ],
);

export const assetCategoryResource = defineResource(assetCategories, {
  path: 'asset_categories',
  module: 'assets',
  label: { one: 'Asset Category', many: 'Asset Categories' },
  access: 'admin',
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 80 },
    code: { label: 'Tag code (FURN, COMP…)', max: 8, help: 'Printed in each asset’s tag: KHS/FURN/0001' },
    depreciationRate: { label: 'Depreciation rate (% per year)', min: 0, max: 100 },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'code', 'depreciationRate', 'description'] },
  unique: [['name'], ['code']],
});

/** A thing the school owns, in its category: "Double-decker bed" (Furniture), "Desktop computer". */
export const assetItems = schoolTable(
  'asset_items',
  {
    ...tenantColumns(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => assetCategories.id),
    name: text().notNull(),
    description: text(),
  },
  (t) => [uniqueIndex('asset_items_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const assetItemResource = defineResource(assetItems, {
  path: 'asset_items',
  module: 'assets',
  label: { one: 'Asset Item', many: 'Asset Items' },
  access: 'admin',
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 100 },
    categoryId: { label: 'Category', references: 'asset_categories' },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'categoryId', 'description'], filters: ['categoryId'] },
  unique: [['name']],
});

/**
 * Assets bought: a quantity of one item at a unit cost, paid from a payment mode or taken on credit from
 * a supplier; it posts Dr fixed assets, Cr the mode or suppliers payable. A change reverses the posting
 * and posts again, with a reason; a void reverses it, with a reason, and the purchase stays listed.
 */
export const assetPurchases = schoolTable(
  'asset_purchases',
  {
    ...tenantColumns(),
    itemId: integer('item_id')
      .notNull()
      .references(() => assetItems.id),
    quantity: integer().notNull(),
    unitCost: integer('unit_cost').notNull(),
    amount: integer().notNull(),
    purchasedOn: date('purchased_on').notNull(),
    supplierId: integer('supplier_id').references(() => suppliers.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => assetLocations.id),
    condition: text().notNull().default('new'),
    onCredit: boolean('on_credit').notNull().default(false),
    modeId: integer('mode_id').references(() => paymentModes.id),
    reference: text(),
    description: text(),
    recordedBy: text('recorded_by').notNull(),
    amendReason: text('amend_reason'),
    amendedAt: at('amended_at'),
    amendedBy: text('amended_by'),
    ...moneyColumns(),
  },
  (t) => [index('asset_purchases_school_date').on(t.schoolId, t.purchasedOn)],
);

/**
 * One unit bought, with its tag (KHS/FURN/0001), where it is and its condition. Its cost and date are
 * its purchase's. Status: in_use; disposed (written off with a reason); void (its purchase was voided,
 * or reduced in a change).
 */
export const assets = schoolTable(
  'assets',
  {
    ...tenantColumns(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => assetPurchases.id),
    tag: text().notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => assetLocations.id),
    condition: text().notNull().default('new'),
    note: text(),
    status: text().notNull().default('in_use'),
    disposedOn: date('disposed_on'),
    disposeReason: text('dispose_reason'),
    disposedBy: text('disposed_by'),
  },
  (t) => [
    uniqueIndex('assets_school_tag').on(t.schoolId, t.tag),
    index('assets_school_purchase').on(t.schoolId, t.purchaseId),
  ],
);

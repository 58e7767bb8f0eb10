import { sql } from 'drizzle-orm';
import { check, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { defineResource, schoolTable, tenantColumns } from '../../resource.js';

// Store screens show no notice on success (specification 2 §8); failures still do.
const silent = { added: '', updated: '', deleted: '' };
/** Who reads the units and items: their own screens, and the stock, issue and loss screens' selects. */
export const storeReaders = [
  'view_units',
  'view_store_items',
  'view_store_stock',
  'view_stock_given',
  'view_store_loss',
] as const;

/** What a Ugandan school store counts in: the units a new school starts with ([name, short form]). */
export const defaultStoreUnits: readonly (readonly [string, string])[] = [
  ['Pieces', 'pcs'],
  ['Kilograms', 'kg'],
  ['Litres', 'ltr'],
  ['Reams', 'ream'],
  ['Bags', 'bag'],
  ['Bars', 'bar'],
  ['Boxes', 'box'],
  ['Rolls', 'roll'],
  ['Jerrycans', 'jerrycan'],
  ['Packets', 'pkt'],
];

/** What an item is counted in: pieces, kilograms, litres, reams, bags. */
export const storeUnits = schoolTable(
  'store_units',
  {
    ...tenantColumns(),
    name: text().notNull(),
    /** How quantities are written: "kg", "ltr", "pcs". */
    short: text(),
  },
  (t) => [uniqueIndex('store_units_school_name').on(t.schoolId, sql`lower(${t.name})`)],
);

export const storeUnitResource = defineResource(storeUnits, {
  path: 'units',
  module: 'store',
  label: { one: 'Unit', many: 'Units' },
  access: { read: [...storeReaders], write: 'view_units' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 40 },
    short: { label: 'Short form (kg, ltr, pcs)', max: 10 },
  },
  list: { columns: ['name', 'short'] },
  unique: [['name']],
  texts: silent,
});

/**
 * A thing the store keeps: maize flour in kg, soap in bars. `balance` (in hundredths of the unit) and
 * `value` (UGX, at weighted average cost) are kept by the store's verbs under a lock of this row, never
 * by the form.
 */
export const storeItems = schoolTable(
  'store_items',
  {
    ...tenantColumns(),
    name: text().notNull(),
    unitId: integer('unit_id')
      .notNull()
      .references(() => storeUnits.id),
    /** Below this many whole units the stock levels screen highlights the item. */
    reorderLevel: integer('reorder_level').notNull().default(0),
    description: text(),
    /** Hundredths of the unit (12.5 kg is 1250). */
    balance: integer().notNull().default(0),
    /** Shillings: what the balance cost, at weighted average cost. */
    value: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('store_items_school_name').on(t.schoolId, sql`lower(${t.name})`),
    // The verbs refuse first (202 with the balance); the database is the backstop.
    check('store_items_balance_not_negative', sql`${t.balance} >= 0 and ${t.value} >= 0`),
  ],
);

/**
 * A students' requirement linked by the store keeper to a store item of another name ("Ream of paper"
 * to "Photocopy paper"). Keyed by the requirement's name, as lists match across terms, so the link holds
 * for every class and term.
 */
export const requirementStoreItems = schoolTable(
  'requirement_store_items',
  {
    ...tenantColumns(),
    requirement: text().notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => storeItems.id),
  },
  (t) => [uniqueIndex('requirement_store_items_school_requirement').on(t.schoolId, sql`lower(${t.requirement})`)],
);

export const storeItemResource = defineResource(storeItems, {
  path: 'store_items',
  module: 'store',
  label: { one: 'Store Item', many: 'Store Items' },
  access: { read: [...storeReaders], write: 'view_store_items' },
  titleField: 'name',
  fields: {
    name: { label: 'Name', max: 100 },
    unitId: { label: 'Unit', references: 'units' },
    reorderLevel: {
      label: 'Reorder level',
      min: 0,
      max: 10_000_000,
      help: 'Whole units; below it the item is flagged',
    },
    description: { label: 'Description', kind: 'textarea', max: 300 },
  },
  list: { columns: ['name', 'unitId', 'reorderLevel', 'description'], filters: ['unitId'] },
  unique: [['name']],
  texts: silent,
});

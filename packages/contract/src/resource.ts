import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Access, CallAccess } from './permissions.js';
import { phoneInput } from './phone.js';

/**
 * The one-declaration-per-entity engine's contract side (ARCHITECTURE §3). A declaration names a
 * drizzle table and says how people see it: labels, form fields, list columns, search, filters,
 * uniqueness, access and notice texts. The API serves GET/POST `path` and PUT/DELETE `path/{id}` from
 * it; the web app's generic list screen and form are built from it. JSON uses the column names
 * (snake_case); code uses the table's keys.
 */

export {
  changedAt,
  isSchoolOwned,
  notPerSchool,
  recordedAt,
  type SchoolStatus,
  schools,
  schoolTable,
  tenantColumns,
} from './tenancy.js';

const managedKeys = ['id', 'schoolId', 'createdAt', 'updatedAt'] as const;
type Managed = (typeof managedKeys)[number];

export type EntityTable = PgTable & { id: PgColumn; schoolId: PgColumn };
export type FieldKey<T extends EntityTable> = Exclude<keyof T['$inferSelect'] & string, Managed>;

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'select'
  | 'reference'
  /** Several rows of another entity, kept as an integer[] of their ids (an exam set's classes). */
  | 'references';

export interface FieldHint {
  label?: string;
  kind?: FieldKind;
  /** Allowed values of a select (the value is stored; the label shows). */
  options?: readonly { value: string; label: string }[];
  /** The declared resource (its path) that a reference (or references) field points at. */
  references?: string;
  /** What an empty references list means, shown in lists and as the input's placeholder ("All classes"). */
  none?: string;
  /** A new record's form starts at the school's current year or term. */
  current?: 'year' | 'term';
  /** Defaults to "the column is NOT NULL and has no default". */
  required?: boolean;
  max?: number;
  min?: number;
  /** Kept by the server; never in the form (e.g. a status changed only by a verb). */
  readOnly?: boolean;
  help?: string;
  /**
   * A new record's form sets this field from another's value (by JSON name) until the user changes it,
   * e.g. a payment mode needs a reference when its kind is bank or mobile money. Editing never follows.
   */
  follows?: { field: string; values: Readonly<Record<string, string | number | boolean>> };
  /**
   * A reference offers only the target's rows that `keep` accepts (rows by JSON names). With `by` (the
   * JSON name of another reference field of the same record) `keep` also gets the row that field points
   * at, and offers every row while it is empty: a teaching load's subjects are those of its class's
   * curriculum, its streams those of its class. The server checks the same rule.
   */
  offer?: {
    by?: string;
    keep: (option: Readonly<Record<string, unknown>>, chosen?: Readonly<Record<string, unknown>>) => boolean;
  };
}

export interface ResourceTexts {
  /** Success texts; {name} is the record's title field. */
  added?: string;
  updated?: string;
  deleted?: string;
  /**
   * The refusal (202) when a unique field set is already taken, in the school's words ("This teacher
   * already teaches this subject in this class"); {name} is the record's title. Default "{label} {name}
   * already exists".
   */
  exists?: string;
  /** Failure texts shown when the call fails (network or server fault). */
  addFailed?: string;
  updateFailed?: string;
  deleteFailed?: string;
}

export type GenericCall = 'list' | 'create' | 'update' | 'delete';

export interface ResourceOptions<T extends EntityTable> {
  /** GET/POST /api/{path}, PUT/DELETE /api/{path}/{id}. */
  path: string;
  /** The area, for the audit trail. */
  module: string;
  label: { one: string; many: string };
  /** Who may list, and who may add, change and remove. */
  access: Access | { read: CallAccess; write: CallAccess };
  /** The field that names a record in messages and reference selects. */
  titleField: FieldKey<T>;
  /** Form fields in order, with hints. Fields not named are server-managed. */
  fields: Partial<Record<FieldKey<T>, FieldHint>>;
  list: {
    columns: FieldKey<T>[];
    search?: FieldKey<T>[];
    filters?: FieldKey<T>[];
    sort?: FieldKey<T>[];
    defaultSort?: FieldKey<T>;
  };
  /** Field sets unique within a school (text compared without case): "… already exists". */
  unique?: FieldKey<T>[][];
  texts?: ResourceTexts;
  /** The 201/202 message shows as a success-style notice (streams and classes, spec §5). */
  refusalAsSuccess?: boolean;
  /** Which generic calls to serve; others may be hand-written. Default: all four. */
  calls?: GenericCall[];
  /**
   * How a record is named in other entities' selects and columns when its title alone is ambiguous
   * (a subject: "Mathematics · 456 · O level (old)"); the row by JSON names. Default: the title.
   */
  choiceLabel?: (row: Readonly<Record<string, unknown>>) => string;
}

export interface Field extends FieldHint {
  /** JSON name (the column name). */
  name: string;
  /** The table's key for it. */
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** The column's plain default (0, true, 'all'), which a new record's form starts with. */
  initial?: string | number | boolean;
}

export interface Resource<T extends EntityTable = EntityTable> {
  table: T;
  tableName: string;
  path: string;
  module: string;
  label: { one: string; many: string };
  read: CallAccess;
  write: CallAccess;
  titleField: Field;
  fields: Field[];
  list: { columns: Field[]; search: Field[]; filters: Field[]; sort: Field[]; defaultSort: Field };
  unique: Field[][];
  texts: Required<Pick<ResourceTexts, 'added' | 'updated' | 'deleted' | 'exists'>> & ResourceTexts;
  refusalAsSuccess: boolean;
  calls: GenericCall[];
  choiceLabel?: (row: Readonly<Record<string, unknown>>) => string;
  /** Validates a create body (JSON names), answering table keys and values. */
  input: z.ZodType<Record<string, unknown>>;
  /** The same with every field optional, for updates. */
  patch: z.ZodType<Record<string, unknown>>;
}

const words = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

function kindOf(column: PgColumn, hint: FieldHint): FieldKind {
  if (hint.kind) return hint.kind;
  if (hint.references) return column.columnType === 'PgArray' ? 'references' : 'reference';
  if (hint.options) return 'select';
  switch (column.columnType) {
    case 'PgInteger':
    case 'PgSmallInt':
    case 'PgBigInt53':
      return 'number';
    case 'PgBoolean':
      return 'boolean';
    case 'PgDateString':
    case 'PgDate':
      return 'date';
    case 'PgTimestamp':
    case 'PgTimestampString':
      return 'datetime';
    default:
      return 'text';
  }
}

/** The zod rule of one form field, from its column and hint, with messages a bursar understands. */
function rule(f: Field, notNullWithDefault = false): z.ZodType {
  const enter = `Enter the ${f.label.toLowerCase()}`;
  let base: z.ZodType;
  switch (f.kind) {
    case 'number':
    case 'money':
    case 'reference': {
      const message =
        f.kind === 'reference' ? `Choose the ${f.label.toLowerCase()}` : `${f.label} must be a whole number`;
      let n = z.number({ error: message }).int(message);
      if (f.kind === 'reference') n = n.positive(`Choose the ${f.label.toLowerCase()}`);
      if (f.kind === 'money') n = n.min(f.min ?? 0, `${f.label} cannot be negative`);
      else if (f.min !== undefined) n = n.min(f.min, `${f.label} must be at least ${f.min}`);
      if (f.max !== undefined) n = n.max(f.max, `${f.label} must be at most ${f.max}`);
      base = n;
      break;
    }
    case 'references':
      base = z
        .array(
          z
            .number({ error: `Choose the ${f.label.toLowerCase()}` })
            .int()
            .positive(),
          {
            error: `Choose the ${f.label.toLowerCase()}`,
          },
        )
        .max(200, `Choose at most 200 ${f.label.toLowerCase()}`)
        .transform((ids) => [...new Set(ids)]);
      break;
    case 'boolean':
      base = z.boolean();
      break;
    case 'date':
      base = z.iso.date(`${f.label} must be a date (YYYY-MM-DD)`);
      break;
    case 'datetime':
      base = z.iso
        .datetime({ offset: true, error: `${f.label} must be a date and time` })
        .transform((s) => new Date(s));
      break;
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value) as [string, ...string[]];
      base = z.enum(values, { error: `Choose one of: ${(f.options ?? []).map((o) => o.label).join(', ')}` });
      break;
    }
    case 'email':
      base = z.email(`${f.label} must be an e-mail address`);
      break;
    case 'phone':
      // Every phone of every entity is stored in one form (+256772123456); see phone.ts.
      base = phoneInput();
      break;
    default: {
      let s = z
        .string()
        .trim()
        .max(f.max ?? (f.kind === 'textarea' ? 5000 : 200), `${f.label} is too long`);
      if (f.required) s = s.min(1, enter);
      base = s;
    }
  }
  if (f.required) return base;
  // A NOT NULL column with a default (an order, an opening balance): an empty value means "the
  // default" on adding and "unchanged" on editing, never null, which the database would refuse.
  if (notNullWithDefault) return z.preprocess((v) => (v === '' || v === null ? undefined : v), base.optional());
  // Optional fields accept null, and an empty string means "none".
  return z.preprocess((v) => (v === '' ? null : v), base.nullable().optional());
}

export function defineResource<T extends EntityTable>(table: T, options: ResourceOptions<T>): Resource<T> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const field = (key: string): Field => {
    const column = columns[key];
    if (!column) throw new Error(`${options.path}: no column ${key}`);
    const hint: FieldHint = (options.fields as Record<string, FieldHint>)[key] ?? {};
    return {
      ...hint,
      name: column.name,
      key,
      label: hint.label ?? words(key),
      kind: kindOf(column, hint),
      required: hint.required ?? (column.notNull && !column.hasDefault),
      ...(['string', 'number', 'boolean'].includes(typeof column.default)
        ? { initial: column.default as string | number | boolean }
        : {}),
    };
  };
  const fields = Object.keys(options.fields).map(field);
  const editable = fields.filter((f) => !f.readOnly);
  const shape = Object.fromEntries(
    editable.map((f) => [f.name, rule(f, Boolean(columns[f.key]?.notNull && columns[f.key]?.hasDefault))]),
  );
  const toKeys = (body: Record<string, unknown>) =>
    Object.fromEntries(editable.filter((f) => f.name in body).map((f) => [f.key, body[f.name]]));
  const access = typeof options.access === 'string' ? { read: options.access, write: options.access } : options.access;
  const list = options.list;
  return {
    table,
    tableName: getTableName(table),
    path: options.path,
    module: options.module,
    label: options.label,
    read: access.read,
    write: access.write,
    titleField: field(options.titleField),
    fields,
    list: {
      columns: list.columns.map(field),
      search: (list.search ?? [options.titleField]).map(field),
      filters: (list.filters ?? []).map(field),
      sort: (list.sort ?? list.columns).map(field),
      defaultSort: field(list.defaultSort ?? options.titleField),
    },
    unique: (options.unique ?? []).map((set) => set.map(field)),
    texts: {
      added: `${options.label.one} {name} added Successfully`,
      updated: `${options.label.one} {name} updated Successfully`,
      deleted: `${options.label.one} {name} deleted Successfully`,
      exists: `${options.label.one} {name} already exists`,
      ...options.texts,
    },
    refusalAsSuccess: options.refusalAsSuccess ?? false,
    calls: options.calls ?? ['list', 'create', 'update', 'delete'],
    ...(options.choiceLabel ? { choiceLabel: options.choiceLabel } : {}),
    input: z.object(shape).transform(toKeys),
    patch: z.object(shape).partial().transform(toKeys),
  };
}

/** Paging, search, sort and filters accepted by every generic list (filters by JSON name). */
export const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(500).default(50),
    search: z.string().trim().max(200).optional(),
    sort: z.string().max(60).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
  })
  .catchall(z.string().max(200));

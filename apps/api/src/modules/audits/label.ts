import { resources } from '@somero/contract';

type Row = Record<string, unknown>;

/** A row's value by its table key or its column name (audit rows hold either). */
const field = (row: Row, key: string) => row[key] ?? row[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)];
const text = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** How each kind of record is named where its title field alone would not do. */
const named: Record<string, (row: Row) => string | undefined> = {
  students: (r) => [text(field(r, 'surname')), text(field(r, 'otherNames'))].filter(Boolean).join(' ') || undefined,
  fees_payments: (r) => (text(field(r, 'receiptNo')) ? `Receipt ${field(r, 'receiptNo')}` : undefined),
  old_payments: (r) => (text(field(r, 'receiptNo')) ? `Receipt ${field(r, 'receiptNo')}` : undefined),
  term_dates: (r) =>
    text(field(r, 'term')) ? `Term ${field(r, 'term')} ${text(field(r, 'year')) ?? ''}`.trim() : undefined,
  expenses: (r) => (text(field(r, 'id')) ? `Expense ${field(r, 'id')}` : undefined),
  revenues: (r) => (text(field(r, 'id')) ? `Revenue ${field(r, 'id')}` : undefined),
  expense_requisitions: (r) => (text(field(r, 'number')) ? `Requisition ${field(r, 'number')}` : undefined),
  asset_purchases: (r) => (text(field(r, 'id')) ? `Asset purchase ${field(r, 'id')}` : undefined),
  assets: (r) => text(field(r, 'tag')),
  server_backups: (r) => (text(field(r, 'id')) ? `Backup ${field(r, 'id')}` : undefined),
  school_backups: (r) => (text(field(r, 'id')) ? `Backup ${field(r, 'id')}` : undefined),
  budget_lines: (r) =>
    text(field(r, 'kind'))
      ? `Budget line (${field(r, 'kind')}, UGX ${Number(field(r, 'amount') ?? 0).toLocaleString('en-GB')})`
      : undefined,
};
const titleKeys = Object.fromEntries(resources.map((r) => [r.tableName, r.titleField.key]));
const fallbacks = ['name', 'title', 'username', 'reference', 'description'];

/**
 * The audit trail names the record a change touched ("Nakato Sarah", "Receipt 123", "Boarding fee"),
 * from the row stored after the change (or before it, for a removal): the entity's declared title
 * field, a name-like field, and only failing those its id.
 */
export function recordLabel(entity: string, before: unknown, after: unknown, entityId: string | null): string {
  for (const candidate of [after, before]) {
    if (!candidate || typeof candidate !== 'object' || Array.isArray(candidate)) continue;
    const row = candidate as Row;
    const special = named[entity]?.(row);
    if (special) return special;
    for (const key of [titleKeys[entity], ...fallbacks].filter(Boolean) as string[]) {
      const value = text(field(row, key));
      if (value && value.length <= 120) return value;
    }
  }
  return entityId ? `#${entityId}` : '—';
}

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

/** What a kind of record is called in the recent activity, where its declaration does not say. */
const kindNames: Record<string, { one: string; many: string; saved?: true }> = {
  // Written and saved over again: "saved", whether new or changed.
  report_comments: { one: 'Report comment', many: 'Comments', saved: true },
  student_comments: { one: 'Comment', many: 'Comments', saved: true },
  students: { one: 'Student', many: 'Students' },
  student_guardians: { one: 'Guardian link', many: 'Guardian links' },
  student_subjects: { one: 'Student subject', many: 'Student subjects' },
  users: { one: 'User', many: 'Users' },
  roles: { one: 'User group', many: 'User groups' },
  fees_payments: { one: 'Fees payment', many: 'Fees payments' },
  old_payments: { one: "Old student's payment", many: "Old students' payments" },
  expense_requisitions: { one: 'Requisition', many: 'Requisitions' },
  requisition_lines: { one: 'Requisition', many: 'Requisitions' },
  expense_lines: { one: 'Expense', many: 'Expenses' },
  salary_temps: { one: 'Prepared salary', many: 'Prepared salaries' },
  salary_payments: { one: 'Salary payment', many: 'Salary payments' },
  school_settings: { one: 'School settings', many: 'School settings' },
  promotions: { one: 'Promotion decision', many: 'Promotion decisions' },
  staff_subjects: { one: 'Teaching load', many: 'Teaching load' },
  report_cards: { one: 'Report card', many: 'Report cards' },
};
const declaredNames = Object.fromEntries(resources.map((r) => [r.tableName, r.label]));

/** Words of a table's name written as the school writes them. */
const spelt: Record<string, string> = { sms: 'SMS', elearning: 'e-learning', id: 'ID' };

/** "Student" and "Students" for `students`; a kind nobody named reads as its words ("exam sets", "SMS messages"). */
export function kindName(entity: string): { one: string; many: string; saved?: true } {
  const named = kindNames[entity] ?? declaredNames[entity];
  if (named) return named;
  const words = entity
    .split('_')
    .map((word) => spelt[word] ?? word)
    .join(' ');
  const cap = words.charAt(0).toUpperCase() + words.slice(1);
  return { one: cap.replace(/s$/, ''), many: cap };
}

const verbs: Record<string, string> = {
  create: 'added',
  update: 'changed',
  delete: 'removed',
  permissions: 'permissions changed',
  profile: 'profile changed',
  download: 'downloaded',
};

/**
 * One line of the recent activity: a change ("Student changed: Nakato Sarah") or a batch saved at once
 * ("Comments saved for S2 East: 115 students"; "Users added: 3"). A batch of several actions (some added,
 * some changed) was saved.
 */
export function activityText(batch: {
  entity: string;
  actions: string[];
  count: number;
  record: string;
  /** Students the batch is about and where they are, when its rows name students. */
  students?: { count: number; place: string | null };
}): string {
  const kind = kindName(batch.entity);
  const distinct = [...new Set(batch.actions)];
  const writes = distinct.every((a) => a === 'create' || a === 'update');
  const verb = (kind.saved && writes) || distinct.length > 1 ? 'saved' : (verbs[distinct[0] as string] ?? 'changed');
  if (batch.count === 1) return `${kind.one} ${verb}: ${batch.record}`;
  if (batch.students && batch.students.count > 1)
    return `${kind.many} ${verb}${batch.students.place ? ` for ${batch.students.place}` : ''}: ${batch.students.count.toLocaleString('en-GB')} students`;
  return `${kind.many} ${verb}: ${batch.count.toLocaleString('en-GB')}`;
}

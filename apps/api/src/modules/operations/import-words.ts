import { resources } from '@somero/contract';
import { sql } from 'drizzle-orm';
import { databaseFault } from '../../core/errors.js';
import { type Executor, sqlRows } from '../../db/open.js';
import { BackupRefused } from './backups.js';

/**
 * An import refused, in a sentence for the operator: never a statement, a row's contents or a stack. `logged`:
 * the details went to the log (the operator sees them with LOG_LEVEL=debug). Nothing was written.
 */
export class ImportRefused extends BackupRefused {
  override name = 'ImportRefused';
  constructor(
    message: string,
    readonly logged = false,
  ) {
    super(message);
  }
}

/** What a kind of record is called where the contract declares no label. */
const named: Record<string, string> = {
  users: 'user',
  roles: 'user group',
  audits: 'audit trail entry',
  files: 'file',
  accounts: 'account',
  journal_entries: 'journal entry',
  journal_lines: 'journal line',
  fees_payments: 'fees payment',
  old_payments: "old student's payment",
  exam_marks: 'mark',
  student_terms: "student's term",
  student_accounts: "student's portal account",
  school_settings: 'school settings',
  schools: 'school',
};
const declared = new Map(resources.map((r) => [r.tableName, r.label.one]));

/** "a student", "an exam set": one record of a table, in the school's words. */
export function oneOf(table: string): string {
  const label = (named[table] ?? declared.get(table) ?? singular(table.replaceAll('_', ' '))).replace(
    /^[A-Z](?=[a-z])/,
    (c) => c.toLowerCase(),
  );
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}

/** "students", "audit trail entries": records of a table. */
export function manyOf(table: string): string {
  const one = oneOf(table).replace(/^an? /, '');
  if (/settings$/.test(one)) return one;
  if (/[^aeiou]y$/.test(one)) return `${one.slice(0, -1)}ies`;
  return /(s|sh|ch|x)$/.test(one) ? `${one}es` : `${one}s`;
}

function singular(words: string) {
  if (/ies$/.test(words)) return `${words.slice(0, -3)}y`;
  if (/(ss|sh|ch|x)es$/.test(words)) return words.slice(0, -2);
  if (/[^s]s$/.test(words)) return words.slice(0, -1);
  return words;
}

/** The table a foreign key points at, by its name (after the failed transaction, on its own). */
async function parentOf(db: Executor, constraint: string | undefined): Promise<string | undefined> {
  if (!constraint) return undefined;
  try {
    const [row] = await sqlRows<{ parent: string }>(
      db,
      sql`select p.relname as parent from pg_constraint k join pg_class p on p.oid = k.confrelid
          where k.conname = ${constraint} and k.contype = 'f' limit 1`,
    );
    return row?.parent;
  } catch {
    return undefined;
  }
}

/**
 * A failure while the rows of `table` went in, as a sentence: the database's codes read for what they say about
 * the copy (a missing parent, a row twice, a value that does not fit), anything else said plainly. The words
 * name kinds of records only, never their contents.
 */
export async function importFailureInWords(db: Executor, table: string, error: unknown): Promise<ImportRefused> {
  const fault = databaseFault(error);
  const code = fault.code ?? '';
  const nothing = ' Nothing was written.';
  if (code === '23503') {
    const parent = await parentOf(db, fault.constraint);
    return new ImportRefused(
      `The copy is damaged: ${oneOf(table)} refers to ${parent ? oneOf(parent) : 'a record'} that is not in it.${nothing}`,
      true,
    );
  }
  if (code === '23505')
    return new ImportRefused(
      `The copy is damaged: it holds ${oneOf(table)} twice, or one this server already has.${nothing}`,
      true,
    );
  if (code === '42703' || code === '42P01')
    return new ImportRefused(
      `The copy is damaged: its ${manyOf(table)} have details this version of Somero does not keep.${nothing}`,
      true,
    );
  if (code === '23502' || code === '23514' || code.startsWith('22'))
    return new ImportRefused(
      `The copy is damaged: ${oneOf(table)} in it holds a value that cannot be stored.${nothing}`,
      true,
    );
  return new ImportRefused(`The import stopped at the ${manyOf(table)}.${nothing}`, true);
}

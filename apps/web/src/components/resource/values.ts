import type { Field } from '@somero/contract';
import { fromLocalInput, toLocalInput } from '../../lib/format';
import type { FieldValue } from './field-input';

export type FormValues = Record<string, FieldValue>;

const choiceKinds = new Set(['select', 'reference', 'number', 'money']);

/** The school's current year and term, where a new record's form starts fields marked `current`. */
export interface CurrentTerm {
  year: number;
  term: number;
}

/**
 * The form's starting values from a row (JSON names), or for a new record the columns' plain defaults
 * (the current year or term for fields marked so).
 */
export function initialValues(fields: Field[], row: Record<string, unknown> | null, current?: CurrentTerm): FormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row ? row[f.name] : f.current && current ? current[f.current] : f.initial;
      if (f.kind === 'references') return [f.name, Array.isArray(v) ? (v as number[]) : []];
      if (f.kind === 'boolean') return [f.name, v === true];
      if (v === null || v === undefined) return [f.name, choiceKinds.has(f.kind) ? null : ''];
      if (f.kind === 'datetime') return [f.name, toLocalInput(String(v))];
      if (f.kind === 'date') return [f.name, String(v).slice(0, 10)];
      return [f.name, v as FieldValue];
    }),
  );
}

/**
 * The request body by JSON name: date-times as ISO instants, empty optional text as null. An empty
 * required choice is left out, so the server's default applies or its "Choose …" message shows.
 */
export function bodyOf(fields: Field[], values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name] ?? null;
    if (v === null && f.required && choiceKinds.has(f.kind)) continue;
    if (f.kind === 'datetime') body[f.name] = typeof v === 'string' ? fromLocalInput(v) : null;
    else if (typeof v === 'string' && v.trim() === '' && !f.required) body[f.name] = null;
    else body[f.name] = v;
  }
  return body;
}

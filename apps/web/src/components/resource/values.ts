import type { Field } from '@somero/contract';
import { fromLocalInput, toLocalInput } from '../../lib/format';
import type { ResourceRow } from './calls';
import type { FieldValue } from './field-input';

export type FormValues = Record<string, FieldValue>;

/** The form's starting values: the row's, or empty (the server applies its own defaults). */
export function initialValues(fields: Field[], row: ResourceRow | null): FormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const v = row?.[f.name];
      if (f.kind === 'boolean') return [f.name, v === true];
      if (v === null || v === undefined) return [f.name, null];
      if (f.kind === 'datetime') return [f.name, toLocalInput(String(v))];
      if (f.kind === 'date') return [f.name, String(v).slice(0, 10)];
      return [f.name, v as FieldValue];
    }),
  );
}

/** The request body, by JSON name: date-times as ISO instants, empty optional text as null. */
export function bodyOf(fields: Field[], values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const v = values[f.name] ?? null;
      if (f.kind === 'datetime') return [f.name, typeof v === 'string' ? fromLocalInput(v) : null];
      if (typeof v === 'string' && v.trim() === '' && !f.required) return [f.name, null];
      return [f.name, v];
    }),
  );
}

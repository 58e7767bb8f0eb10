import { type Field, type Resource, resourceByPath } from '@somero/contract';
import type { z } from 'zod';

/** JSON values. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [k: string]: JsonValue };

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  options?: z.ZodType[];
  format?: string;
  checks?: { _zod: { def: { check: string; value?: unknown; format?: string } } }[];
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * A value a zod schema probably accepts, read from the schema itself (its shape, formats, lower
 * bounds): the generic tests send it to every route, spoilt or with another school's ids.
 */
export function plausible(schema: z.ZodType | undefined, text = 'Test value', depth = 0): JsonValue {
  if (!schema || depth > 8) return depth === 0 ? {} : null;
  const def = defOf(schema);
  const next = (s: z.ZodType | undefined) => plausible(s, text, depth + 1);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, v]) => [k, next(v)]));
    case 'array':
      return [next(def.element)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      return next(def.in && defOf(def.in).type === 'transform' ? def.out : def.in);
    case 'enum':
      return Object.values(def.entries ?? {})[0] as JsonValue;
    case 'literal':
      return def.values?.[0] as JsonValue;
    case 'union':
      return next(def.options?.[0]);
    case 'boolean':
      return true;
    case 'number': {
      const min = (def.checks ?? []).map((c) => c._zod.def).find((c) => c.check === 'greater_than');
      return Math.max(1, typeof min?.value === 'number' ? Math.ceil(min.value) : 1);
    }
    case 'string': {
      const format = def.format ?? (def.checks ?? []).map((c) => c._zod.def.format).find(Boolean);
      if (format === 'email') return 'someone@school.example';
      if (format === 'date') return '2026-03-02';
      if (format === 'datetime') return '2026-03-02T10:00:00+03:00';
      if (format === 'time') return '10:00';
      const min = (def.checks ?? []).map((c) => c._zod.def).find((c) => c.check === 'min_length');
      return text.padEnd(typeof min?.value === 'number' ? min.value : 0, 'x');
    }
    default:
      return null;
  }
}

/**
 * A body that adds a record of a declared entity: its required fields, its title, and for each
 * required reference the id `refer` makes (a row of the target in the same school). `text` names a
 * text value (unique where the test needs it).
 */
export async function resourceSample(
  r: Resource,
  refer: (target: Resource, body: Record<string, unknown>) => Promise<number>,
  text: (field: Field) => string,
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  /** The rows made for the references, for a later field's `offer` (a subject that the class takes). */
  const made: Record<string, Record<string, unknown>> = {};
  for (const f of r.fields.filter((f) => !f.readOnly)) {
    if (!f.required && f.kind !== 'reference' && f.name !== r.titleField.name) continue;
    switch (f.kind) {
      case 'reference': {
        if (!f.required) break;
        const target = resourceByPath(f.references!)!;
        const base = await resourceSample(target, refer, text);
        // A reference that offers only some rows gets one it takes: the target's sample with one of
        // its choices changed (a subject's level), the first that the declaration's rule keeps.
        const offer = f.offer;
        const fits = offer
          ? variants(target, base).find((v) => offer.keep(v, offer.by ? made[offer.by] : undefined))
          : base;
        if (!fits) throw new Error(`${r.path}.${f.name}: no sample of ${target.path} is offered`);
        const id = await refer(target, fits);
        made[f.name] = { ...fits, id };
        body[f.name] = id;
        break;
      }
      case 'number':
      case 'money':
        body[f.name] = f.min ?? 1;
        break;
      case 'boolean':
        body[f.name] = true;
        break;
      case 'date':
        body[f.name] = '2026-02-02';
        break;
      case 'select':
        body[f.name] = f.options![0].value;
        break;
      case 'email':
        body[f.name] = `${text(f).replace(/\W/g, '').toLowerCase()}@school.example`;
        break;
      case 'phone':
        body[f.name] = '+256 772 000111';
        break;
      default: {
        // Too long for the field: keep its end, where unique() puts the part that differs (initials
        // must differ between staff members of a school).
        const value = text(f);
        const max = f.max ?? 40;
        body[f.name] = value.length > max ? value.slice(-max) : value;
      }
    }
  }
  return body;
}

/** A sample body as it is, then with each choice of each of its select fields in turn. */
function variants(r: Resource, base: Record<string, unknown>): Record<string, unknown>[] {
  return [
    base,
    ...r.fields
      .filter((f) => f.kind === 'select' && !f.readOnly)
      .flatMap((f) => (f.options ?? []).map((o) => ({ ...base, [f.name]: o.value }))),
  ];
}

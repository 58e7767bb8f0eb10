import {
  controlCharacterMessage,
  fieldLabel,
  fieldMessage,
  outOfRangeMessage,
  wholeNumberRange,
} from '@somero/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Every API input (body, query string, path parameters of every route) is validated here, in one
 * pass besides its zod schema, so that nothing a client sends can reach PostgreSQL in a form it
 * refuses with an error (a 500): text holding NUL, which neither `text` nor `jsonb` can store; a
 * number outside the 32-bit range of the `integer` columns; a date in year 0, which PostgreSQL has
 * not. The same walk runs on the raw input (before zod, so the field names are the client's) and on
 * the parsed one (numbers coerced from a query string or a path). Per-field schemas need not repeat it.
 */

/** One refused input, as Fastify carries a validation error (the 422 reply's `errors` key is the path). */
export interface InputIssue {
  instancePath: string;
  message: string;
  keyword: string;
}

const maxDepth = 32;
// PostgreSQL's text and jsonb cannot hold U+0000.
const unstorableCharacter = new RegExp(String.fromCharCode(0));
const isoDate = /^(\d{4})-\d{2}-\d{2}(?:$|T)/;

const issue = (path: PropertyKey[], message: string, keyword = 'storable'): InputIssue => ({
  instancePath: path.length ? `/${path.map(String).join('/')}` : '',
  message,
  keyword,
});

/** What in `value` PostgreSQL could not store, one issue per path. */
export function unstorable(value: unknown): InputIssue[] {
  const issues: InputIssue[] = [];
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (stack.length > 0 && issues.length < 50) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (unstorableCharacter.test(v)) issues.push(issue(path, controlCharacterMessage(path)));
      else if (isoDate.exec(v)?.[1] === '0000') issues.push(issue(path, `${fieldLabel(path)} must be a real date`));
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) issues.push(issue(path, `${fieldLabel(path)} must be a number`));
      else if (v > wholeNumberRange.max || v < wholeNumberRange.min)
        issues.push(issue(path, outOfRangeMessage(path, v)));
    } else if (typeof v === 'bigint') {
      issues.push(issue(path, outOfRangeMessage(path, Number(v))));
    } else if (v instanceof Date) {
      const year = v.getUTCFullYear();
      if (Number.isNaN(year) || year < 1) issues.push(issue(path, `${fieldLabel(path)} must be a real date`));
    } else if (typeof v === 'object' && v !== null && !Buffer.isBuffer(v)) {
      if (path.length >= maxDepth) {
        issues.push(issue(path, 'The details are nested too deeply'));
        continue;
      }
      for (const [key, child] of Object.entries(v)) {
        if (unstorableCharacter.test(key)) issues.push(issue(path, controlCharacterMessage(path)));
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return issues;
}

/**
 * Fastify's validator for every route with a zod schema: the storable check, then the schema (whose
 * unworded issues the contract's `fieldMessage` words), then the storable check of what it produced.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const raw = unstorable(data);
    if (raw.length) return { error: raw as never };
    const result = schema.safeParse(data);
    if (!result.success) {
      return {
        error: result.error.issues.map((i) => issue(i.path as PropertyKey[], i.message, i.code)) as never,
      };
    }
    const parsed = unstorable(result.data);
    if (parsed.length) return { error: parsed as never };
    return { value: result.data };
  };

/** Words every zod issue that its schema did not word (installed once, for the whole process). */
export function installFieldMessages() {
  z.config({ customError: (iss) => fieldMessage(iss as Parameters<typeof fieldMessage>[0]) });
}

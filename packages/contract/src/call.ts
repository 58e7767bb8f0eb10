import { z } from 'zod';
import type { CallAccess } from './permissions.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API call of the specification: its method and path (relative to /api, as the specification
 * writes them), who may make it, and the shape of what it takes and answers. The server registers a
 * handler for it; the web client sends requests with it.
 */
export interface Call<Input extends z.ZodType = z.ZodType, Output extends z.ZodType = z.ZodType> {
  method: Method;
  path: string;
  access: CallAccess;
  summary: string;
  /** Body (POST/PUT) or query string (GET/DELETE). */
  input: Input;
  /** The `data` of a 200 reply. */
  output: Output;
  /** Paged lists answer { data: [...], page, per_page, total }. */
  paged?: boolean;
  /**
   * A paged list's sums over every filtered row (not only the page), answered as `totals` beside the
   * paging fields: { data: [...], totals, page, per_page, total }.
   */
  totals?: z.ZodType;
  /** The reply is the output itself, not wrapped in { data } (login and register answer { token, user }). */
  bare?: boolean;
  /**
   * The 200 reply is a document, not JSON: a PDF (opened in a new window and printed), a spreadsheet
   * (saved under the content-disposition name) or an image.
   */
  file?: 'pdf' | 'xlsx' | 'image' | 'pdf-or-json' | 'xlsx-or-json' | 'backup';
  /**
   * The call records, amends, voids or moves money (or decides where it goes). Its access must be one
   * flag: the flag of the screen that offers it, never the payment desk's `pay_fees` unless it is the
   * desk's own record call (a test walks them all).
   */
  money?: true;
  /**
   * Answers while the session is locked (lock, unlock, logout). Every other signed-in call of a
   * locked session answers 423 with `{ message, locked: true }` until the password is given.
   */
  whileLocked?: true;
}

export const defineCall = <C extends Call>(call: C): C => call;

export const noInput = z.object({}).strict();
export const anyOutput = z.unknown();
export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Paging and search accepted by every list. */
export const pageInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(50),
  search: z.string().trim().max(200).optional(),
});

export interface Paged<T> {
  data: T[];
  page: number;
  per_page: number;
  total: number;
}

/** Shapes of the replies, the same for every call (ARCHITECTURE §4). */
export interface OkReply<T> {
  data: T;
  message?: string;
}
export interface RefusalReply {
  message: string;
}
export interface InvalidReply {
  message: string;
  errors: Record<string, string[]>;
}

import { z } from 'zod';
import { type Call, defineCall } from '../call.js';
import { reportAttachment } from './departments.js';
import { id, isoDate, optionalText, queryId } from './fields.js';
import { upload } from './settings.js';

/*
 * E-Learning (specification 2: "Elearning resource: created, edited, deleted, published (the publish
 * action is a delete-method call)"). The screen is shown to every signed-in user, so every call is
 * `everyone`; the handlers (apps/api/src/modules/elearning) decide who may do what:
 * - any signed-in user adds a resource; it starts as a draft, seen only by its author and administrators;
 * - only its author or an administrator edits, publishes, withdraws or deletes it (another user: 202);
 * - a published resource is seen by every signed-in user of the school.
 * `DELETE publish/{id}` publishes a draft; with `?action=withdraw` it takes a published resource back to
 * draft (never a toggle, so a repeated call changes nothing).
 */

export const elearningKinds = ['note', 'assignment', 'link', 'past_paper'] as const;
export type ElearningKind = (typeof elearningKinds)[number];
export const elearningStatuses = ['draft', 'published'] as const;

export const elearningRow = z.object({
  id: z.number(),
  title: z.string(),
  kind: z.enum(elearningKinds),
  class_id: z.number(),
  class_name: z.string(),
  stream_id: z.number().nullable(),
  stream_name: z.string().nullable(),
  subject_id: z.number(),
  subject_name: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  due_on: z.string().nullable(),
  attachments: z.array(reportAttachment),
  status: z.enum(elearningStatuses),
  author: z.string(),
  created_at: z.string(),
  published_at: z.string().nullable(),
  published_by: z.string().nullable(),
  /** The caller may edit, publish, withdraw and delete it (its author, or an administrator). */
  mine: z.boolean(),
});
export type ElearningRow = z.infer<typeof elearningRow>;

const optionalKind = z.preprocess((v) => (v === '' ? undefined : v), z.enum(elearningKinds).optional());

export const listElearning = defineCall({
  method: 'GET',
  path: 'elearning',
  access: 'everyone',
  summary:
    "E-Learning resources the caller may see (published ones, and the caller's own drafts; every draft for administrators), newest first",
  input: z.object({
    class_id: queryId,
    subject_id: queryId,
    kind: optionalKind,
    status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(elearningStatuses).optional()),
    search: optionalText(100),
  }),
  output: z.array(elearningRow),
});

/** Only http and https addresses: no javascript:, data: or file: links reach a student's screen. */
export const webLink = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(500)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, 'Enter a web address starting with http:// or https://')
    .nullable()
    .optional(),
);

const resourceFields = {
  title: z.string().trim().min(1, 'Give a title').max(150),
  kind: z.enum(elearningKinds),
  class_id: id,
  stream_id: z.preprocess((v) => (v === '' || v === 0 ? null : v), id.nullable().optional()),
  subject_id: id,
  body: z.string().trim().max(20_000).default(''),
  link: webLink,
  due_on: z.preprocess((v) => (v === '' ? null : v), isoDate.nullable().optional()),
  attachments: z.array(upload).max(5).default([]),
};

/** A link needs its address, an assignment its due date. */
const kindNeeds = (v: { kind: ElearningKind; link?: string | null; due_on?: string | null }, ctx: z.RefinementCtx) => {
  if (v.kind === 'link' && !v.link) ctx.addIssue({ code: 'custom', path: ['link'], message: 'Give the web address' });
  if (v.kind === 'assignment' && !v.due_on)
    ctx.addIssue({ code: 'custom', path: ['due_on'], message: 'Give the date the assignment is due' });
};

export const addElearning = defineCall({
  method: 'POST',
  path: 'elearning',
  access: 'everyone',
  summary: 'Add a note, assignment, link or past paper (a draft until published), with attachments',
  input: z.object(resourceFields).superRefine(kindNeeds),
  output: elearningRow,
});

export const editElearning = defineCall({
  method: 'PUT',
  path: 'elearning/{id}',
  access: 'everyone',
  summary: 'Change a resource (its author, or an administrator); new attachments are added, listed ones removed',
  input: z
    .object({ ...resourceFields, remove_files: z.array(z.number().int()).max(50).default([]) })
    .superRefine(kindNeeds),
  output: elearningRow,
});

export const deleteElearning = defineCall({
  method: 'DELETE',
  path: 'elearning/{id}',
  access: 'everyone',
  summary: 'Delete a resource (its author, or an administrator); the audit keeps what it was',
  input: z.object({}),
  output: z.object({ id: z.number() }),
});

export const publishElearning = defineCall({
  method: 'DELETE',
  path: 'publish/{id}',
  access: 'everyone',
  summary:
    'Publish a draft so every signed-in user sees it (its author, or an administrator); `action=withdraw` takes it back to draft',
  input: z.object({
    action: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['publish', 'withdraw']).default('publish')),
  }),
  output: elearningRow,
});

export const downloadElearningFile = defineCall({
  method: 'GET',
  path: 'elearning_files/{id}',
  access: 'everyone',
  summary: "A resource's attachment by its file id, for those who may see the resource",
  input: z.object({}),
  output: z.unknown(),
  file: 'xlsx',
});

const choice = z.object({ value: z.number(), label: z.string() });

export const elearningChoices = defineCall({
  method: 'GET',
  path: 'elearning_choices',
  access: 'everyone',
  summary: "The school's classes, streams and subjects for E-Learning's form and filters (every signed-in user)",
  input: z.object({}),
  output: z.object({
    classes: z.array(choice.extend({ curriculum: z.string() })),
    streams: z.array(choice.extend({ class_id: z.number() })),
    subjects: z.array(choice.extend({ level: z.string() })),
  }),
});

export const elearningCalls: Call[] = [
  listElearning,
  addElearning,
  editElearning,
  deleteElearning,
  publishElearning,
  downloadElearningFile,
  elearningChoices,
];

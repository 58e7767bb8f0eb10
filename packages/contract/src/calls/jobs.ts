import { z } from 'zod';
import { defineCall, noInput } from '../call.js';

/** A job as its screen shows it (the progress bar, the outcome, the document to open). */
export const jobOutput = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  done: z.number(),
  failed: z.number(),
  total: z.number(),
  message: z.string().nullable(),
  /** The document it made, to open with `jobFile`. */
  has_file: z.boolean(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type JobView = z.infer<typeof jobOutput>;

/**
 * Long work runs as a job (specification: none named; these are ours). Everyone sees only the jobs they
 * started: the access is "any signed-in user", the handler limits the rows to the caller's own.
 */
export const jobCalls = {
  myJobs: defineCall({
    method: 'GET',
    path: 'jobs',
    access: 'everyone',
    summary: 'The jobs the signed-in user started in the last days, newest first',
    input: noInput,
    output: z.array(jobOutput),
  }),
  job: defineCall({
    method: 'GET',
    path: 'jobs/{id}',
    access: 'everyone',
    summary: "One of the signed-in user's jobs: its progress and outcome",
    input: noInput,
    output: jobOutput,
  }),
  jobFile: defineCall({
    method: 'GET',
    path: 'jobs/{id}/file',
    access: 'everyone',
    summary: 'The document a finished job made (a PDF of report cards …)',
    input: noInput,
    output: z.unknown(),
    file: 'pdf',
  }),
};

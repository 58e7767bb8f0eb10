import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { ApiResult } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';

/**
 * What the SMS and e-mail screens share: the form of the send's fields, checked by the call's schema
 * (`useContractForm`), the preview (asked first, shown only while the fields still say what it was asked
 * for), the busy flag and the jobs started, followed below the form. Each screen keeps its own fields,
 * calls and preview panel.
 */
export function useSendFlow<V extends Record<string, unknown>, I, P>(
  schema: z.ZodType,
  initialValues: V,
  toInput: (values: V) => I,
  askPreview: (input: I) => Promise<ApiResult<P, unknown>>,
) {
  const contract = useContractForm(schema, initialValues, toInput);
  const [asked, setAsked] = useState<{ preview: P; input: string } | null>(null);
  const [jobs, setJobs] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const input = JSON.stringify(toInput(contract.values));
  /** The preview, while the fields are those it was asked for. */
  const preview = asked?.input === input ? asked.preview : null;

  /** Asks the server for the preview (the form's submit). */
  const ask = async (e?: FormEvent) => {
    setBusy(true);
    await contract.submit(askPreview, (data) => setAsked({ preview: data, input }))(e);
    setBusy(false);
  };

  /** Sends; a refusal's field messages land on the fields, a started job is followed. */
  const send = async <T>(call: (input: I) => Promise<ApiResult<T, unknown>>, jobOf: (data: T) => number | null) => {
    setBusy(true);
    const res = await contract.submit(call, (data) => {
      const jobId = jobOf(data);
      if (jobId !== null) setJobs((list) => [jobId, ...list]);
      setAsked(null);
    })();
    setBusy(false);
    return res;
  };

  return { ...contract, preview, jobs, busy, ask, send };
}

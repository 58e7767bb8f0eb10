import { type FormEvent, useState } from 'react';
import { type ApiResult, fieldErrors } from '../../lib/api';

/**
 * What the SMS and e-mail screens share: the form's field messages, the preview (asked first, dropped
 * whenever a field changes), the busy flag and the jobs started, followed below the form. Each screen
 * keeps its own fields, calls and preview panel.
 */
export function useSendFlow<P>(askPreview: () => Promise<ApiResult<P, unknown>>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<P | null>(null);
  const [jobs, setJobs] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  /** A field's setter that also drops the preview, which no longer says what would be sent. */
  const changed =
    <T>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPreview(null);
    };

  /** Asks the server for the preview (the form's submit). */
  const ask = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    const res = await askPreview();
    setBusy(false);
    if (res.ok) {
      setErrors({});
      setPreview(res.data);
    } else setErrors(fieldErrors(res.errors));
  };

  /** Sends; a refusal's field messages land on the fields, a started job is followed. */
  const send = async <T>(call: () => Promise<ApiResult<T, unknown>>, jobOf: (data: T) => number | null) => {
    setBusy(true);
    const res = await call();
    setBusy(false);
    if (!res.ok) {
      setErrors(fieldErrors(res.errors));
      return res;
    }
    const jobId = jobOf(res.data);
    if (jobId !== null) setJobs((list) => [jobId, ...list]);
    setPreview(null);
    return res;
  };

  return { errors, preview, jobs, busy, changed, ask, send };
}

import { downloadFailedAlert, type Method } from '@somero/contract';
import { currentToken } from './auth';
import { noticeError } from './notices';

interface DownloadRequest {
  method: Method;
  /** Relative to /api, params already filled. */
  path: string;
  body?: unknown;
}

/**
 * The file, or nothing. A business refusal (201/202, e.g. "No students match") shows its message as
 * the error notice instead of the bare "Download failed" alert, so the reason is not lost.
 */
async function fetchFile({ method, path, body }: DownloadRequest): Promise<Response | 'refused' | undefined> {
  const headers: Record<string, string> = {};
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`/api/${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 201 || response.status === 202) {
      const reply = (await response.json().catch(() => ({}))) as { message?: string };
      if (reply.message) {
        noticeError(reply.message);
        return 'refused';
      }
    }
    return response.status === 200 ? response : undefined;
  } catch {
    return undefined;
  }
}

/** An image or other file of the school as a blob (files need the bearer token, so no plain <img src>). */
export async function fetchBlob(path: string): Promise<Blob> {
  const response = await fetchFile({ method: 'GET', path });
  if (!response || response === 'refused') throw new Error(`Could not load ${path}`);
  return response.blob();
}

/** The file name in a content-disposition header (RFC 6266: filename* wins over filename). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) return decodeURIComponent(extended[1].trim());
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

/** Save a spreadsheet (or another file, a backup) under the server's name, else the default given. */
export async function downloadSpreadsheet(request: DownloadRequest, defaultName: string): Promise<boolean> {
  const response = await fetchFile(request);
  if (!response || response === 'refused') {
    if (!response) alert(downloadFailedAlert);
    return false;
  }
  const name = dispositionName(response.headers.get('content-disposition')) ?? defaultName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}

/** Open a PDF in a new window and print it. The window opens first so pop-up blockers allow it. */
export async function openPdf(request: DownloadRequest): Promise<boolean> {
  const target = window.open('', '_blank');
  const response = await fetchFile(request);
  if (!response || response === 'refused') {
    target?.close();
    if (!response) alert(downloadFailedAlert);
    return false;
  }
  const url = URL.createObjectURL(await response.blob());
  if (target) {
    target.location.href = url;
    target.addEventListener('load', () => target.print(), { once: true });
  } else {
    window.open(url, '_blank');
  }
  return true;
}

import { Invalid } from '../core/errors.js';

const dataUrlPrefix = /^data:[^,]*;base64,/i;
// Standard and URL-safe alphabets both occur in browsers' uploads; Buffer decodes either.
const base64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** The bytes of a file sent in JSON, as plain base64 or as a `data:…;base64,` URL. */
export function decodeUpload(data: string): Buffer {
  let payload = data.trim();
  const prefix = dataUrlPrefix.exec(payload);
  if (prefix) payload = payload.slice(prefix[0].length);
  payload = payload.replace(/\s+/g, '');
  if (!payload) throw new Invalid('data', 'The file is empty');
  if (!base64.test(payload) || payload.length % 4 === 1) {
    throw new Invalid('data', 'The file could not be read: send it as base64 or a data: URL');
  }
  return Buffer.from(payload, 'base64');
}

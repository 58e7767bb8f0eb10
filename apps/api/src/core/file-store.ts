import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { HttpError } from './errors.js';

/**
 * Where uploaded and generated files' bytes are kept (`FILE_STORAGE`). `database` keeps them in the
 * files table itself, so a backup of the database is a backup of everything (the embedded default);
 * `disk` in a folder; `s3` in a bucket of any S3-compatible service (AWS, MinIO, Wasabi, DigitalOcean
 * Spaces…). The files table always holds the name, type and size; a key says where the bytes are.
 */
export interface FileStore {
  readonly kind: 'database' | 'disk' | 's3';
  put(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  /** Removes what is kept under the key (nothing happens when there is nothing). */
  remove(key: string): Promise<void>;
}

export type FileStorage =
  | { kind: 'database' }
  | { kind: 'disk'; dir: string }
  | { kind: 's3'; url: string; region: string };

/** The store failed (down, refused, timed out): 503 to the user, the detail in the server's log. */
export class FileStoreFault extends HttpError {
  constructor(readonly detail: string) {
    super(503, 'Files cannot be kept or read just now: the file storage did not answer. Try again in a moment.');
  }
}

/** Keys are made by the server (`school/kind/uuid`): never a path a user typed. */
const safeKey = (key: string) => {
  if (!/^[\w-][\w.-]*(\/[\w.-]+)*$/.test(key) || key.includes('..')) throw new FileStoreFault(`Bad file key ${key}`);
  return key;
};

const fault = (what: string) => (error: Error) => {
  throw new FileStoreFault(`${what}: ${error.message}`);
};

function diskStore(dir: string): FileStore {
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = path.join(dir, safeKey(key));
      // Written whole, then renamed: a crash never leaves half a file under the key.
      await mkdir(path.dirname(file), { recursive: true })
        .then(() => writeFile(`${file}.part`, bytes))
        .then(() => rename(`${file}.part`, file))
        .catch(fault(`writing ${key}`));
    },
    async get(key) {
      return new Uint8Array(await readFile(path.join(dir, safeKey(key))).catch(fault(`reading ${key}`)));
    },
    async remove(key) {
      await rm(path.join(dir, safeKey(key)), { force: true }).catch(fault(`removing ${key}`));
    },
  };
}

/** `https://ACCESS_KEY:SECRET@host[:port]/bucket`: path-style addressing, which every S3-compatible service takes. */
function s3Store(url: string, region: string): FileStore {
  const parsed = new URL(url);
  const bucket = parsed.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || !parsed.username)
    throw new Error('S3_URL needs a key, a secret and a bucket: https://KEY:SECRET@host/bucket');
  const client = new AwsClient({
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
    service: 's3',
    region,
    // A user is waiting: two more tries after 100 and 200 ms, then a 503.
    retries: 2,
    initRetryMs: 100,
  });
  const base = `${parsed.protocol}//${parsed.host}/${bucket}`;
  const call = async (method: 'GET' | 'PUT' | 'DELETE', key: string, init: RequestInit = {}) => {
    const response = await client
      .fetch(`${base}/${safeKey(key)}`, { method, ...init, signal: AbortSignal.timeout(30_000) })
      .catch(fault(`${method} ${key}`));
    if (!response.ok) throw new FileStoreFault(`File storage answered ${response.status} to ${method} ${key}`);
    return response;
  };
  return {
    kind: 's3',
    async put(key, bytes, mime) {
      await call('PUT', key, { body: Buffer.from(bytes), headers: { 'content-type': mime } });
    },
    async get(key) {
      return new Uint8Array(await (await call('GET', key)).arrayBuffer());
    },
    async remove(key) {
      await call('DELETE', key);
    },
  };
}

export function openFileStore(storage: FileStorage): FileStore {
  if (storage.kind === 'disk') return diskStore(storage.dir);
  if (storage.kind === 's3') return s3Store(storage.url, storage.region);
  return {
    kind: 'database',
    put: () => Promise.reject(new FileStoreFault('The database keeps its files in its own rows')),
    get: () => Promise.reject(new FileStoreFault('The database keeps its files in its own rows')),
    remove: () => Promise.reject(new FileStoreFault('The database keeps its files in its own rows')),
  };
}

import { randomUUID } from 'node:crypto';
import { type CallAccess, files } from '@somero/contract';
import { inArray, sql } from 'drizzle-orm';
import { NotFound } from './errors.js';
import { type FileStore, openFileStore } from './file-store.js';
import type { SchoolScope } from './scope.js';

export interface StoredImage {
  bytes: Uint8Array;
  mime: string;
}

/** The server's file store (`FILE_STORAGE`), chosen once when the app is built. */
let store: FileStore = openFileStore({ kind: 'database' });
export const useFileStore = (chosen: FileStore) => {
  store = chosen;
};

/**
 * Keeps an already checked and resized file; answers its id. Outside the database the bytes are
 * written first, under a new key: a transaction that fails after it leaves an unreferenced file,
 * never a row without its bytes.
 */
export async function saveFile(scope: SchoolScope, kind: string, file: StoredImage): Promise<number> {
  const storageKey = store.kind === 'database' ? null : `${scope.schoolId}/${kind}/${randomUUID()}`;
  if (storageKey) await store.put(storageKey, file.bytes, file.mime);
  const [row] = await scope.db
    .insert(files)
    .values({
      schoolId: scope.schoolId,
      kind,
      mime: file.mime,
      size: file.bytes.length,
      bytes: storageKey ? null : file.bytes,
      storageKey,
    })
    .returning({ id: files.id });
  await scope.audit({
    action: 'create',
    module: 'files',
    entity: 'files',
    entityId: row.id,
    after: { kind, mime: file.mime, size: file.bytes.length },
  });
  return row.id;
}

/**
 * Who may read a file: the flag of what it belongs to. The school's logo is on every screen and
 * document; a student's photo is for those who see students (the profile, the photo upload). A kind
 * not listed here is for administrators.
 */
export const fileAccess: Record<string, CallAccess> = {
  logo: 'everyone',
  photo: ['view_students', 'edit_students'],
  // The head teacher's signature and the school stamp: for those who set up or print report cards.
  signature: ['manage_report_cards', 'manage_report_cards2', 'manage_report_cards20'],
  stamp: ['manage_report_cards', 'manage_report_cards2', 'manage_report_cards20'],
};

/**
 * The school's files of these ids, in one statement; the bytes of those kept outside the database
 * are fetched from the store. An id of another school, or unknown, is simply absent.
 */
export async function readFiles(
  scope: SchoolScope,
  ids: number[],
): Promise<Map<number, StoredImage & { kind: string }>> {
  const found = new Map<number, StoredImage & { kind: string }>();
  if (!ids.length) return found;
  // The bytes travel as base64 text: the embedded database hands a bytea over character by character (100 photos
  // held the event loop for a quarter of a second; as base64, a hundredth), and base64 is two thirds the size of hex.
  const rows = await scope.db
    .select({
      id: files.id,
      base64: sql<string | null>`encode(${files.bytes}, 'base64')`,
      key: files.storageKey,
      mime: files.mime,
      kind: files.kind,
    })
    .from(files)
    .where(scope.mine(files, inArray(files.id, [...new Set(ids)])));
  await Promise.all(
    rows.map(async (r) => {
      const bytes = r.base64 !== null ? Buffer.from(r.base64, 'base64') : r.key ? await store.get(r.key) : null;
      if (bytes) found.set(r.id, { bytes, mime: r.mime, kind: r.kind });
    }),
  );
  return found;
}

export async function readFile(scope: SchoolScope, id: number): Promise<StoredImage & { access: CallAccess }> {
  const file = (await readFiles(scope, [id])).get(id);
  if (!file) throw new NotFound('file');
  return { bytes: file.bytes, mime: file.mime, access: fileAccess[file.kind] ?? 'admin' };
}

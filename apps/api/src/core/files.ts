import { files } from '@somero/contract';
import { eq } from 'drizzle-orm';
import { NotFound } from './errors.js';
import type { SchoolScope } from './scope.js';

export interface StoredImage {
  bytes: Uint8Array;
  mime: string;
}

/** Keeps an already checked and resized file; answers its id. */
export async function saveFile(scope: SchoolScope, kind: string, file: StoredImage): Promise<number> {
  const [row] = await scope.db
    .insert(files)
    .values({ schoolId: scope.schoolId, kind, mime: file.mime, size: file.bytes.length, bytes: file.bytes })
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

export async function readFile(scope: SchoolScope, id: number): Promise<StoredImage> {
  const [row] = await scope.db
    .select({ bytes: files.bytes, mime: files.mime })
    .from(files)
    .where(scope.mine(files, eq(files.id, id)));
  if (!row) throw new NotFound('file');
  return { bytes: row.bytes, mime: row.mime };
}

import { type CallAccess, files } from '@somero/contract';
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

export async function readFile(scope: SchoolScope, id: number): Promise<StoredImage & { access: CallAccess }> {
  const [row] = await scope.db
    .select({ bytes: files.bytes, mime: files.mime, kind: files.kind })
    .from(files)
    .where(scope.mine(files, eq(files.id, id)));
  if (!row) throw new NotFound('file');
  return { bytes: row.bytes, mime: row.mime, access: fileAccess[row.kind] ?? 'admin' };
}

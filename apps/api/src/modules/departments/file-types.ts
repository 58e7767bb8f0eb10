/**
 * What a shared file is, read from its first bytes (never from its name): PDF, Word (.docx), Excel
 * (.xlsx), PowerPoint (.pptx) or an image. Programs and anything else are refused. Pure: no I/O.
 */

export interface FileType {
  mime: string;
  /** The extension the file should carry. */
  ext: string;
  label: string;
}

const starts = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Office Open XML files are zip archives; the names of their parts say which program made them. */
function officeType(bytes: Uint8Array): FileType | null {
  // Part names are stored as plain text in the local headers and the central directory.
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.includes('[Content_Types].xml')) return null;
  if (text.includes('word/'))
    return {
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ext: 'docx',
      label: 'Word document',
    };
  if (text.includes('xl/'))
    return {
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ext: 'xlsx',
      label: 'Excel workbook',
    };
  if (text.includes('ppt/'))
    return {
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      ext: 'pptx',
      label: 'PowerPoint presentation',
    };
  return null;
}

export type Sniffed = { ok: true; type: FileType } | { ok: false; message: string };

export function sniffFile(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return { ok: false, message: 'The file is empty' };
  if (starts(bytes, ascii('MZ')) || starts(bytes, [0x7f, 0x45, 0x4c, 0x46]) || starts(bytes, ascii('#!')))
    return { ok: false, message: 'This file is a program; programs cannot be shared' };
  for (const macho of [
    [0xfe, 0xed, 0xfa, 0xce],
    [0xfe, 0xed, 0xfa, 0xcf],
    [0xce, 0xfa, 0xed, 0xfe],
    [0xcf, 0xfa, 0xed, 0xfe],
    [0xca, 0xfe, 0xba, 0xbe],
  ])
    if (starts(bytes, macho)) return { ok: false, message: 'This file is a program; programs cannot be shared' };
  if (starts(bytes, ascii('%PDF-'))) return { ok: true, type: { mime: 'application/pdf', ext: 'pdf', label: 'PDF' } };
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { ok: true, type: { mime: 'image/png', ext: 'png', label: 'PNG image' } };
  if (starts(bytes, [0xff, 0xd8, 0xff]))
    return { ok: true, type: { mime: 'image/jpeg', ext: 'jpg', label: 'JPEG image' } };
  if (starts(bytes, ascii('GIF87a')) || starts(bytes, ascii('GIF89a')))
    return { ok: true, type: { mime: 'image/gif', ext: 'gif', label: 'GIF image' } };
  if (starts(bytes, ascii('RIFF')) && starts(bytes, ascii('WEBP'), 8))
    return { ok: true, type: { mime: 'image/webp', ext: 'webp', label: 'WebP image' } };
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const office = officeType(bytes);
    if (office) return { ok: true, type: office };
  }
  return {
    ok: false,
    message:
      'Only PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) and image files (PNG, JPEG, GIF, WebP) can be shared',
  };
}

/** The name a file is kept under: the given name (no folders), with the extension its content has. */
export function storedName(filename: string, type: FileType): string {
  const base = filename.replace(/^.*[\\/]/, '').trim() || 'file';
  const stem = base.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const ext = type.ext === 'jpg' && /\.jpe?g$/i.test(base) ? base.slice(base.lastIndexOf('.') + 1) : type.ext;
  return `${stem || 'file'}.${ext}`;
}

/** Largest file accepted, in bytes: STAFF_FILE_MAX_MB (default 10; a request body is at most 20 MB of base64). */
export function maxFileBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.STAFF_FILE_MAX_MB);
  return (Number.isFinite(mb) && mb > 0 ? mb : 10) * 1024 * 1024;
}

/** "1.4 MB", "820 KB". */
export const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** What a report in a state may still have done to it (specification 2 §4: added, edited, reviewed, deleted). */
export const reportRules = {
  canEdit: (status: string) => status === 'added' || status === 'edited',
  canReview: (status: string) => status === 'added' || status === 'edited',
  canDelete: (status: string) => status !== 'deleted',
};

import { describe, expect, it } from 'vitest';
import { maxFileBytes, reportRules, sniffFile, storedName } from '../src/modules/departments/file-types.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...Buffer.from(p, 'latin1')] : p)));
const zip = (...names: string[]) => bytes([0x50, 0x4b, 0x03, 0x04], ...names.map((n) => `....${n}....`));

describe('what a shared file is, by its content', () => {
  it('knows PDF, the Office files and images whatever they are named', () => {
    const kind = (b: Uint8Array) => {
      const s = sniffFile(b);
      return s.ok ? s.type.ext : s.message;
    };
    expect(kind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(kind(zip('[Content_Types].xml', 'word/document.xml'))).toBe('docx');
    expect(kind(zip('[Content_Types].xml', 'xl/workbook.xml'))).toBe('xlsx');
    expect(kind(zip('[Content_Types].xml', 'ppt/presentation.xml'))).toBe('pptx');
    expect(kind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe('png');
    expect(kind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(kind(bytes('GIF89a..'))).toBe('gif');
    expect(kind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
  });

  it('refuses programs, a plain zip and anything else, saying why', () => {
    for (const program of [
      bytes('MZ', [0x90, 0]),
      bytes([0x7f], 'ELF'),
      bytes('#!/bin/sh\n'),
      bytes([0xcf, 0xfa, 0xed, 0xfe]),
    ])
      expect(sniffFile(program)).toEqual({ ok: false, message: 'This file is a program; programs cannot be shared' });
    for (const other of [
      zip('notes.txt'),
      zip('[Content_Types].xml', 'other/x.xml'),
      bytes('hello'),
      bytes('RIFF....WAVE'),
    ]) {
      const s = sniffFile(other);
      expect(s.ok).toBe(false);
      if (!s.ok) expect(s.message).toMatch(/^Only PDF, Word/);
    }
    expect(sniffFile(new Uint8Array())).toEqual({ ok: false, message: 'The file is empty' });
  });

  it('keeps the name given, with the extension the content has', () => {
    const pdf = { mime: 'application/pdf', ext: 'pdf', label: 'PDF' };
    const jpg = { mime: 'image/jpeg', ext: 'jpg', label: 'JPEG image' };
    expect(storedName('C:\\Users\\Okello\\Scheme S1.pdf', pdf)).toBe('Scheme S1.pdf');
    expect(storedName('circular.docx', pdf)).toBe('circular.pdf');
    expect(storedName('minutes', pdf)).toBe('minutes.pdf');
    expect(storedName('photo.JPEG', jpg)).toBe('photo.JPEG');
    expect(storedName('photo.png', jpg)).toBe('photo.jpg');
  });

  it('takes the size limit from STAFF_FILE_MAX_MB, 10 MB when unset or nonsense', () => {
    expect(maxFileBytes({})).toBe(10 * 1024 * 1024);
    expect(maxFileBytes({ STAFF_FILE_MAX_MB: '2' })).toBe(2 * 1024 * 1024);
    expect(maxFileBytes({ STAFF_FILE_MAX_MB: 'lots' })).toBe(10 * 1024 * 1024);
    expect(maxFileBytes({ STAFF_FILE_MAX_MB: '-1' })).toBe(10 * 1024 * 1024);
  });
});

describe("a department report's states", () => {
  it('is edited and reviewed only while added or edited; deleted only once', () => {
    const table = ['added', 'edited', 'reviewed', 'deleted'].map((s) => [
      s,
      reportRules.canEdit(s),
      reportRules.canReview(s),
      reportRules.canDelete(s),
    ]);
    expect(table).toEqual([
      ['added', true, true, true],
      ['edited', true, true, true],
      ['reviewed', false, false, true],
      ['deleted', false, false, false],
    ]);
  });
});

import { files, messages, students, uploadStudentPhotos } from '@somero/contract';
import { inArray, sql } from 'drizzle-orm';
import { now } from '../../../core/dates.js';
import { HttpError } from '../../../core/errors.js';
import { saveFile } from '../../../core/files.js';
import { prepareImage } from '../../../documents/images.js';
import type { ModuleContext } from '../../module.js';

/**
 * The admission numbers a file name may stand for, best first: file names cannot hold "/", so
 * "2026-0042.jpg" and "2026_0042.jpg" are also read as 2026/0042.
 */
export function admissionNosOf(filename: string): string[] {
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.[a-z0-9]+$/i, '')
    .trim();
  return [...new Set([base, base.replace(/[-_]/g, '/')])].filter(Boolean);
}

export function photoRoutes({ serve }: ModuleContext) {
  /**
   * Each photo goes to the student whose admission number is its file name. Photos that match no student,
   * or are not readable images, are reported with the reason; the others are stored.
   */
  serve(uploadStudentPhotos, async ({ input, scope }) => {
    const candidates = input.photos.map((p) => admissionNosOf(p.filename));
    const holders = await scope.db
      .select({ id: students.id, admissionNo: students.admissionNo, photoFileId: students.photoFileId })
      .from(students)
      .where(
        scope.mine(
          students,
          inArray(sql`lower(${students.admissionNo})`, [
            ...new Set(candidates.flat().map((no) => no.toLowerCase())),
            '',
          ]),
        ),
      );
    const byNo = new Map(holders.map((h) => [h.admissionNo.toLowerCase(), h]));

    const matched: string[] = [];
    const unmatched: { filename: string; reason: string }[] = [];
    const done = new Set<number>();
    for (const [i, photo] of input.photos.entries()) {
      const student = candidates[i].map((no) => byNo.get(no.toLowerCase())).find(Boolean);
      if (!student) {
        unmatched.push({
          filename: photo.filename,
          reason: `No student has the admission number ${candidates[i].at(-1) ?? photo.filename}`,
        });
        continue;
      }
      if (done.has(student.id)) {
        unmatched.push({ filename: photo.filename, reason: `Another photo of ${student.admissionNo} came first` });
        continue;
      }
      let image: { bytes: Uint8Array; mime: string };
      try {
        image = await prepareImage(photo.data, 'photo');
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        unmatched.push({ filename: photo.filename, reason: error.message });
        continue;
      }
      await scope.transaction(async (tx) => {
        const fileId = await saveFile(tx, 'photo', image);
        await tx.table(students, 'students').update(student.id, { photoFileId: fileId, updatedAt: now() }, 'photo');
        // The photo it replaces belongs to nobody else.
        if (student.photoFileId) await tx.table(files, 'students').remove(student.photoFileId);
      });
      done.add(student.id);
      matched.push(student.admissionNo);
    }
    return {
      data: { matched, unmatched },
      message: matched.length ? messages.students.photo.success : messages.students.photo.failure,
    };
  });
}

import { studentIdCards, students } from '@somero/contract';
import { inArray } from 'drizzle-orm';
import { NotFound, Refusal } from '../../../core/errors.js';
import { readFiles } from '../../../core/files.js';
import { breathe, heavyJob, idCardsInWorkers, readInBatches } from '../../../documents/heavy.js';
import type { ModuleContext } from '../../module.js';
import { schoolForDocuments } from '../../settings/index.js';
import { guardianPhones, schoolTerm, studentRows, studentWhere } from '../query.js';

/** The most cards one call prints: a whole large school, past which a class at a time. */
const mostCards = 5000;

export function idCardRoutes({ serve }: ModuleContext) {
  /**
   * Cards for current students of a class, a stream or a chosen list, valid to the end of the school year: read
   * here, drawn in the document workers (a school's thousands of cards take seconds), within the school's limit
   * of heavy documents.
   */
  serve(studentIdCards, async ({ input, scope, reply }) =>
    heavyJob(reply, async (render) => {
      // Ids of another school's students are not found, as everywhere else.
      const chosen = [...new Set(input.student_ids ?? [])];
      if (
        chosen.length &&
        (await scope.table(students, 'students').count(inArray(students.id, chosen))) < chosen.length
      ) {
        throw new NotFound('student');
      }
      const list = await studentRows(
        scope,
        studentWhere(scope, {
          class_id: input.class_id,
          stream_id: input.stream_id,
          ids: input.student_ids,
          status: 'current',
        }),
        { sort: 'class', limit: mostCards + 1 },
      );
      if (!list.length) throw new Refusal('No students match');
      if (list.length > mostCards)
        throw new Refusal(
          `More than ${mostCards.toLocaleString('en-US')} students match: print the cards a class at a time.`,
        );
      const ids = list.map((s) => s.id);
      const photoIds = [...new Set(list.flatMap((s) => (s.photo_file_id ? [s.photo_file_id] : [])))];
      const [school, { year }] = await Promise.all([schoolForDocuments(scope), schoolTerm(scope)]);
      // A whole school's phones and photos are read in batches, other requests answered in between.
      await breathe();
      const phones = await readInBatches(ids, 500, (batch) => guardianPhones(scope, batch));
      await breathe();
      const photos = await readInBatches(photoIds, 100, (batch) => readFiles(scope, batch));
      const pdf = await idCardsInWorkers(
        render,
        school,
        list.map((s) => {
          const photo = s.photo_file_id ? photos.get(s.photo_file_id) : undefined;
          return {
            name: s.name,
            admissionNo: s.admission_no,
            className: s.class_name,
            streamName: s.stream_name,
            section: s.section === 'boarding' ? 'Boarding' : 'Day',
            gender: s.gender === 'F' ? 'Female' : 'Male',
            dateOfBirth: s.date_of_birth,
            paymentCode: s.payment_code,
            lin: s.lin,
            guardianPhone: phones.get(s.id) ?? null,
            // The bytes and type only (what is sent to a worker is copied).
            photo: photo ? { bytes: photo.bytes, mime: photo.mime } : null,
            validUntil: `31 Dec ${year}`,
          };
        }),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="student-ids.pdf"')
        .send(pdf);
    }),
  );
}

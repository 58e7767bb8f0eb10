import { studentIdCards, students } from '@somero/contract';
import { inArray } from 'drizzle-orm';
import { NotFound, Refusal } from '../../../core/errors.js';
import { readFiles } from '../../../core/files.js';
import { idCardsPdf } from '../../../documents/id-cards.js';
import type { ModuleContext } from '../../module.js';
import { schoolForDocuments } from '../../settings/index.js';
import { guardianPhones, schoolTerm, studentRows, studentWhere } from '../query.js';

export function idCardRoutes({ serve }: ModuleContext) {
  /** Cards for current students of a class, a stream or a chosen list, valid to the end of the school year. */
  serve(studentIdCards, async ({ input, scope, reply }) => {
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
      { sort: 'class', limit: 2000 },
    );
    if (!list.length) throw new Refusal('No students match');
    const ids = list.map((s) => s.id);
    const photoIds = list.flatMap((s) => (s.photo_file_id ? [s.photo_file_id] : []));
    const [school, phones, photos, { year }] = await Promise.all([
      schoolForDocuments(scope),
      guardianPhones(scope, ids),
      readFiles(scope, photoIds),
      schoolTerm(scope),
    ]);
    const pdf = await idCardsPdf(
      school,
      list.map((s) => ({
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
        photo: (s.photo_file_id && photos.get(s.photo_file_id)) || null,
        validUntil: `31 Dec ${year}`,
      })),
    );
    return reply.type('application/pdf').header('content-disposition', 'inline; filename="student-ids.pdf"').send(pdf);
  });
}

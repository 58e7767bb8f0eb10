import { listStudents, newStudents, type StudentRow, trashedStudents, viewStudents } from '@somero/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { SchoolScope } from '../../../core/scope.js';
import { heavyRows, renderDocument } from '../../../documents/heavy.js';
import type { SheetColumn } from '../../../documents/types.js';
import type { ModuleContext } from '../../module.js';
import { countStudents, type StudentFilter, schoolTerm, studentRows, studentWhere } from '../query.js';

type ListInput = z.output<typeof viewStudents.input>;

/** The most rows a spreadsheet export holds: a whole school, with room to spare. */
export const exportLimit = 5000;

const sheetColumns: SheetColumn[] = [
  { header: 'Admission No', key: 'admission_no', width: 14 },
  { header: 'Surname', key: 'surname', width: 18 },
  { header: 'Other names', key: 'other_names', width: 22 },
  { header: 'Gender', key: 'gender', width: 8 },
  { header: 'Class', key: 'class_name', width: 8 },
  { header: 'Stream', key: 'stream_name', width: 12 },
  { header: 'Section', key: 'section', width: 10 },
  { header: 'House', key: 'house', width: 12 },
  { header: 'Payment code', key: 'payment_code', width: 14 },
  { header: 'LIN', key: 'lin', width: 14 },
  { header: 'Date of birth', key: 'date_of_birth', width: 12 },
  { header: 'Nationality', key: 'nationality', width: 12 },
  { header: 'Admitted on', key: 'admitted_on', width: 12 },
  { header: 'Entry', key: 'entry', width: 12 },
  { header: 'Status', key: 'status', width: 10 },
];

/**
 * A list as a spreadsheet: every page (up to the export limit), in the list's order; written in the document
 * workers, a long list within the school's limit of heavy documents.
 */
async function sendSheet(reply: FastifyReply, rows: StudentRow[]) {
  const sheet = await renderDocument(
    reply,
    rows.length > heavyRows,
    'sheet',
    'Students',
    sheetColumns,
    rows.map((r) => ({
      ...r,
      gender: r.gender === 'F' ? 'Female' : 'Male',
      section: r.section === 'boarding' ? 'Boarding' : 'Day',
      entry: `Term ${r.entry_term} ${r.entry_year}`,
    })),
  );
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', 'attachment; filename="students.xlsx"')
    .send(sheet);
}

/** One page of a student list: one query for the rows and one for the count. */
async function page(
  scope: SchoolScope,
  filter: StudentFilter,
  input: Pick<ListInput, 'page' | 'per_page'> & Partial<ListInput>,
) {
  const where = studentWhere(scope, filter);
  const [data, total] = await Promise.all([
    studentRows(scope, where, {
      sort: input.sort,
      order: input.order,
      limit: input.per_page,
      offset: (input.page - 1) * input.per_page,
    }),
    countStudents(scope, where),
  ]);
  return { data, page: input.page, per_page: input.per_page, total };
}

export function listRoutes({ serve }: ModuleContext) {
  serve(listStudents, async ({ input, scope }) => page(scope, { ...input, status: 'current' }, input));

  /** view_students, new_students and trashed_students: the same list with one fixed filter each. */
  const list =
    (fixed: (scope: SchoolScope, input: ListInput) => Promise<Partial<StudentFilter>>) =>
    async ({ input, scope, reply }: { input: ListInput; scope: SchoolScope; reply: FastifyReply }) => {
      const filter: StudentFilter = { ...input, status: input.status ?? 'current', ...(await fixed(scope, input)) };
      if (input.format === 'xlsx') {
        const where = studentWhere(scope, filter);
        return sendSheet(
          reply,
          await studentRows(scope, where, { sort: input.sort, order: input.order, limit: exportLimit }),
        );
      }
      return page(scope, filter, input);
    };

  serve(
    viewStudents,
    list(async () => ({})),
  );
  serve(
    newStudents,
    list(async (scope) => ({ entry: await schoolTerm(scope) })),
  );
  serve(
    trashedStudents,
    list(async () => ({ status: 'trashed' })),
  );
}

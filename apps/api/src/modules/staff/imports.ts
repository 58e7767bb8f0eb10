import { importStaff, messages, staff, staffImportTemplate, staffPositions, staffResource } from '@somero/contract';
import { Invalid } from '../../core/errors.js';
import { unstorable } from '../../core/input.js';
import type { SchoolScope } from '../../core/scope.js';
import { decodeUpload, exampleRefusals, readSheet, templateSheet } from '../../documents/spreadsheet.js';
import type { SheetColumn } from '../../documents/types.js';
import type { ModuleContext } from '../module.js';
import { initialsTaken, type NewStaff, nameTaken, staffHolders } from './register.js';

/** A school has a few hundred staff at most: a longer file is a mistake. */
const maxRows = 2000;

/** The template's columns; each key is what the reader makes of the header (snake case). */
const columns: (SheetColumn & { field?: string; required?: boolean })[] = [
  { header: 'Name', key: 'name', field: 'name', width: 24, required: true },
  { header: 'Initials', key: 'initials', field: 'initials', width: 9, required: true },
  { header: 'Position', key: 'position', field: 'position_id', width: 18 },
  { header: 'Gender', key: 'gender', field: 'gender', width: 9 },
  { header: 'Phone', key: 'phone', field: 'phone', width: 14 },
  { header: 'E-mail', key: 'e_mail', field: 'email', width: 24 },
  { header: 'NIN', key: 'nin', field: 'nin', width: 16 },
  { header: 'TIN', key: 'tin', field: 'tin', width: 12 },
  { header: 'NSSF number', key: 'nssf_number', field: 'nssf_number', width: 14 },
  { header: 'Bank', key: 'bank', field: 'bank_name', width: 16 },
  { header: 'Account number', key: 'account_number', field: 'bank_account', width: 16 },
  { header: 'Date joined', key: 'date_joined', field: 'joined_on', width: 12 },
  { header: 'Basic salary', key: 'basic_salary', field: 'basic_salary', width: 13 },
];
const headerOfField = new Map(columns.map((c) => [c.field, c.header]));

/** The template's example (on its Notes sheet); a row the same as it is never imported. */
const example = {
  name: 'Nakimuli Joan',
  initials: 'NJ',
  gender: 'Female',
  phone: '0772 123456',
  e_mail: 'nakimuli.joan@example.com',
  nin: 'CF85012345ABCD',
  nssf_number: 'NS1234567',
  bank: 'Stanbic Bank',
  account_number: '9030012345678',
  date_joined: '2024-02-05',
  basic_salary: 1_000_000,
};
const isExample = (v: Record<string, string>) =>
  v.name?.toLowerCase() === example.name.toLowerCase() &&
  v.initials?.toLowerCase() === example.initials.toLowerCase() &&
  v.phone === example.phone;

/** "05/02/2024" (day first, as Ugandan schools write dates) or "2024-02-05" → "2024-02-05". */
function isoDate(text: string): string {
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  return dmy ? `${dmy[3]}-${dmy[2].padStart(2, '0')}-${dmy[1].padStart(2, '0')}` : text;
}

/** "1,000,000", "UGX 1 000 000" or "1000000" → 1000000; other text is left for the rule to refuse. */
function shillings(text: string): number | string | undefined {
  if (!text) return undefined;
  const bare = text.replace(/^UGX\s*/i, '').replace(/[,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : text;
}

const genders: Record<string, string> = { m: 'Male', male: 'Male', f: 'Female', female: 'Female' };

/** One row as a staff member, by the same rules as the form; or the row's errors, column first. */
function readRow(v: Record<string, string>, positions: Map<string, number>) {
  const errors: string[] = [];
  const positionId = v.position ? positions.get(v.position.toLowerCase()) : undefined;
  if (v.position && !positionId)
    errors.push(`Position: there is no position ${v.position}; add it under Staff Positions first`);
  const parsed = staffResource.input.safeParse({
    name: v.name ?? '',
    initials: v.initials ?? '',
    position_id: positionId ?? null,
    gender: genders[(v.gender ?? '').toLowerCase()] ?? v.gender,
    phone: v.phone,
    email: v.e_mail ?? v.email,
    nin: v.nin,
    tin: v.tin,
    nssf_number: v.nssf_number,
    bank_name: v.bank,
    bank_account: v.account_number,
    joined_on: isoDate(v.date_joined ?? ''),
    basic_salary: shillings(v.basic_salary ?? ''),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push(`${headerOfField.get(String(issue.path[0])) ?? String(issue.path[0])}: ${issue.message}`);
    }
    return { errors };
  }
  // A cell's text goes through the same storable check as every request's input (NUL, 2³¹…).
  const column = (key: string) => headerOfField.get(staffResource.fields.find((f) => f.key === key)?.name) ?? key;
  for (const issue of unstorable(parsed.data)) {
    errors.push(`${column(issue.instancePath.split('/')[1] ?? '')}: ${issue.message}`);
  }
  return errors.length ? { errors } : { member: parsed.data as NewStaff, errors };
}

export function importRoutes({ serve }: ModuleContext) {
  const positionsOf = (scope: SchoolScope) =>
    scope.db
      .select({ id: staffPositions.id, name: staffPositions.name })
      .from(staffPositions)
      .where(scope.mine(staffPositions));

  serve(staffImportTemplate, async ({ scope, reply }) => {
    const positions = await positionsOf(scope);
    const teacher = positions.find((p) => p.name.toLowerCase() === 'teacher') ?? positions[0];
    const sheet = await templateSheet(
      'Staff',
      columns,
      [{ ...example, position: teacher?.name ?? '' }],
      [
        'One staff member per row, on the first sheet below its headings. The example below is on this Notes sheet, which is never imported.',
        'Required: Name and Initials. Initials are printed on marksheets and report cards, so no two staff members may share them.',
        `Position: one of ${positions.map((p) => p.name).join(', ') || 'the positions under Staff Positions'}, or empty.`,
        'Gender: Male or Female (M or F). Phone: e.g. 0772 123456. Date joined: YYYY-MM-DD or DD/MM/YYYY.',
        'Basic salary: the monthly basic salary in shillings, e.g. 1,000,000 (empty means 0).',
        'If any row has a mistake, nothing is imported and each row to fix is listed with the reason.',
      ],
    );
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="staff-import.xlsx"')
      .send(sheet);
  });

  /** All or nothing: every row is checked as the form would check it; one bad row and nothing is written. */
  serve(importStaff, async ({ input, scope }) => {
    const failed = (rejected: { row: number; errors: string[] }[]) => ({
      data: { imported: 0, rejected },
      message: messages.staff.import.failure,
    });
    const sheet = await readSheet(decodeUpload(input.data));
    if (sheet.rows.length > maxRows) throw new Invalid('data', `The file has more than ${maxRows} rows`);
    const refused = exampleRefusals(sheet, isExample, 'staff');
    if (refused) return failed(refused);
    const missing = columns.filter((c) => c.required && !sheet.headers.includes(c.key));
    if (missing.length) return failed([{ row: 1, errors: missing.map((c) => `The column ${c.header} is missing`) }]);

    const positions = new Map((await positionsOf(scope)).map((p) => [p.name.toLowerCase(), p.id]));
    const holders = await staffHolders(scope);
    const firstName = new Map<string, number>();
    const firstInitials = new Map<string, number>();
    const rejected: { row: number; errors: string[] }[] = [];
    const members: NewStaff[] = [];
    for (const { row, values } of sheet.rows) {
      const { member, errors } = readRow(values, positions);
      if (member) {
        const name = member.name.toLowerCase();
        const initials = member.initials.toLowerCase();
        const earlierName = firstName.get(name);
        const earlierInitials = firstInitials.get(initials);
        if (earlierName) errors.push(`Name: ${member.name} is also on row ${earlierName}`);
        else if (holders.byName.has(name)) errors.push(`Name: ${nameTaken(member.name)}`);
        if (earlierInitials) errors.push(`Initials: ${member.initials} are also on row ${earlierInitials}`);
        else {
          const holder = holders.byInitials.get(initials);
          if (holder) errors.push(`Initials: ${initialsTaken(member.initials, holder.name)}`);
        }
        firstName.set(name, earlierName ?? row);
        firstInitials.set(initials, earlierInitials ?? row);
        members.push(member);
      }
      if (errors.length) rejected.push({ row, errors });
    }
    if (rejected.length) return failed(rejected);

    await scope.transaction(async (tx) => {
      const rows = await tx.db
        .insert(staff)
        .values(members.map((m) => ({ ...m, schoolId: tx.schoolId })))
        .returning();
      await tx.auditMany(
        rows.map((row) => ({ action: 'import', module: 'staff', entity: 'staff', entityId: row.id, after: row })),
      );
    });
    return { data: { imported: members.length, rejected: [] }, message: messages.staff.import.success };
  });
}

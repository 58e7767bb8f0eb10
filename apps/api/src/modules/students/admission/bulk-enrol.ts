import { counters, guardians, studentGuardians, students } from '@somero/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AuditEntry, SchoolScope } from '../../../core/scope.js';
import { chunks } from '../../../core/scope.js';
import { ensureEnrolled } from '../../enrolment/index.js';
import { today } from '../query.js';
import { type NewStudent, newStudentRow } from './add.js';

/**
 * A whole school's register (up to a few thousand students) imported in one transaction: rows are
 * written many at a time, so an import of 3,000 students takes seconds, not a minute of single inserts.
 */

/** How a new guardian is recognised in one file and in the school: by name and phone number. */
export const guardianKey = (name: string, phone: string) =>
  `${name.trim().toLowerCase()}|${phone.replace(/\D/g, '').replace(/^(256|0)/, '')}`;

/**
 * `years.length` free admission numbers of the `admission` series, the i-th with years[i]: the counter
 * moves once for all of them (locked until the transaction ends, like `nextNumber`), and numbers someone
 * typed by hand earlier are skipped.
 */
async function reserveAdmissionNos(scope: SchoolScope, years: number[]): Promise<string[]> {
  const out: string[] = [];
  while (out.length < years.length) {
    const need = years.length - out.length;
    const [{ last }] = await scope.db
      .insert(counters)
      .values({ schoolId: scope.schoolId, name: 'admission', value: need })
      .onConflictDoUpdate({
        target: [counters.schoolId, counters.name],
        set: { value: sql`${counters.value} + ${need}` },
      })
      .returning({ last: counters.value });
    const numbers = Array.from({ length: need }, (_, i) => String(last - need + 1 + i).padStart(4, '0'));
    const candidates = [...new Set(years.slice(out.length))].flatMap((y) => numbers.map((n) => `${y}/${n}`));
    const taken = new Set(
      (
        await scope.db
          .select({ no: sql<string>`lower(${students.admissionNo})` })
          .from(students)
          .where(scope.mine(students, inArray(sql`lower(${students.admissionNo})`, candidates)))
      ).map((r) => r.no),
    );
    for (const n of numbers) {
      const no = `${years[out.length]}/${n}`;
      if (!taken.has(no)) out.push(no);
    }
  }
  return out;
}

/**
 * Puts many checked students on the register with their guardians. A new guardian who is already in
 * `known` (by name and phone) is linked, not created again; those created are added to it, so siblings in
 * one file share a guardian. Call inside a transaction.
 */
export async function enrolMany(
  scope: SchoolScope,
  list: NewStudent[],
  term: { year: number; term: number },
  known: Map<string, number>,
) {
  const admittedOn = list.map((s) => s.admitted_on ?? today());

  // Guardians: each new one once.
  const toCreate = new Map<string, typeof guardians.$inferInsert>();
  for (const s of list) {
    for (const g of s.guardians) {
      if ('guardian_id' in g) continue;
      const key = guardianKey(g.name, g.phone);
      if (known.has(key) || toCreate.has(key)) continue;
      toCreate.set(key, {
        schoolId: scope.schoolId,
        name: g.name,
        relationship: g.relationship,
        phone: g.phone,
        email: g.email || null,
        occupation: g.occupation ?? null,
      });
    }
  }
  const audit: AuditEntry[] = [];
  for (const part of chunks([...toCreate.values()])) {
    for (const row of await scope.db.insert(guardians).values(part).returning()) {
      known.set(guardianKey(row.name, row.phone), row.id);
      audit.push({ action: 'create', module: 'students', entity: 'guardians', entityId: row.id, after: row });
    }
  }

  // Students, with the next admission numbers for those without one.
  const missing = list.flatMap((s, i) => (s.admission_no ? [] : [i]));
  const reserved = await reserveAdmissionNos(
    scope,
    missing.map((i) => Number(admittedOn[i].slice(0, 4))),
  );
  const numbers = list.map((s) => s.admission_no ?? '');
  missing.forEach((i, k) => {
    numbers[i] = reserved[k];
  });
  const idOf = new Map<string, number>();
  const rows = list.map((s, i) => ({ ...newStudentRow(s, term, numbers[i], admittedOn[i]), schoolId: scope.schoolId }));
  for (const part of chunks(rows)) {
    for (const row of await scope.db.insert(students).values(part).returning()) {
      idOf.set(row.admissionNo.toLowerCase(), row.id);
      audit.push({ action: 'create', module: 'students', entity: 'students', entityId: row.id, after: row });
    }
  }

  // Links: the first marked primary (else the first) is the primary guardian.
  const links = list.flatMap((s, i) => {
    const studentId = idOf.get(numbers[i].toLowerCase()) as number;
    const primaryAt = Math.max(
      0,
      s.guardians.findIndex((g) => g.primary),
    );
    const ids = s.guardians.map((g) =>
      'guardian_id' in g ? g.guardian_id : (known.get(guardianKey(g.name, g.phone)) as number),
    );
    return ids
      .map((guardianId, k) => ({ schoolId: scope.schoolId, studentId, guardianId, primary: k === primaryAt }))
      .filter((l, k) => ids.indexOf(l.guardianId) === k);
  });
  for (const part of chunks(links)) {
    for (const row of await scope.db.insert(studentGuardians).values(part).returning()) {
      audit.push({
        action: 'create',
        module: 'students',
        entity: 'student_guardians',
        entityId: `${row.studentId}:${row.guardianId}`,
        after: row,
      });
    }
  }
  await scope.auditMany(audit);
  await ensureEnrolled(scope, term.year, term.term, [...idOf.values()]);
  return rows.length;
}

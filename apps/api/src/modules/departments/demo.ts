import { departmentReports, departments, staff, staffResources } from '@somero/contract';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { now } from '../../core/dates.js';
import { saveFile } from '../../core/files.js';
import { SchoolScope } from '../../core/scope.js';
import type { Executor } from '../../db/open.js';

/** A one-page PDF with a heading and a few lines. */
export async function smallPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText('Kampala Hill Secondary School', { x: 50, y: 780, size: 11, font });
  page.drawText(title, { x: 50, y: 750, size: 16, font: bold });
  lines.forEach((line, i) => {
    page.drawText(line, { x: 50, y: 715 - i * 18, size: 11, font });
  });
  return doc.save();
}

const names = ['Sciences', 'Languages', 'Humanities', 'Mathematics'];

/** The demo school's departments (heads from its staff), three shared files and two reports, one reviewed. */
export async function fillDemoDepartments(db: Executor, schoolId: number, adminId: number) {
  const scope = new SchoolScope(db, schoolId, { userId: adminId, name: 'Demo data' });
  await scope.transaction(async (tx) => {
    const people = await tx.db
      .select({ id: staff.id, name: staff.name })
      .from(staff)
      .where(eq(staff.schoolId, schoolId))
      .orderBy(asc(staff.id));
    const made: (typeof departments.$inferSelect)[] = [];
    for (const [i, name] of names.entries()) {
      made.push(
        await tx
          .table(departments, 'departments')
          .insert({ name, headStaffId: people[i + 1]?.id ?? people[0]?.id ?? null }),
      );
    }
    const resources = [
      {
        title: 'S1 Biology scheme of work, Term 2',
        category: 'scheme_of_work',
        lines: ['Week 1-2: Cells', 'Week 3-5: Classification', 'Week 6-8: Nutrition'],
      },
      {
        title: 'Circular: staff meeting on Friday',
        category: 'circular',
        lines: ['All staff meet in the library at 4 pm.', 'Agenda: end of term examinations.'],
      },
      {
        title: 'Term 2 class timetable',
        category: 'timetable',
        lines: ['Monday: assembly 7:30, lessons from 8:00.', 'Games on Wednesday afternoon.'],
      },
    ];
    for (const r of resources) {
      const bytes = await smallPdf(r.title, r.lines);
      const fileId = await saveFile(tx, 'staff_resource', { bytes, mime: 'application/pdf' });
      const filename = `${r.title
        .replace(/[^A-Za-z0-9 ]+/g, '')
        .replace(/\s+/g, '-')
        .toLowerCase()}.pdf`;
      await tx.table(staffResources, 'departments').insert({
        title: r.title,
        category: r.category,
        filename,
        mime: 'application/pdf',
        size: bytes.length,
        fileId,
        uploadedById: adminId,
        uploadedBy: 'School Administrator',
      });
    }
    const head = (i: number) => people.find((p) => p.id === made[i].headStaffId)?.name ?? 'Head of department';
    await tx.table(departmentReports, 'departments').insert({
      departmentId: made[0].id,
      title: 'Sciences: first half of Term 2',
      body: 'Practicals in Biology and Chemistry are on schedule. The laboratory needs two new Bunsen burners.',
      status: 'reviewed',
      writtenBy: head(0),
      remark: 'Good progress. The bursar will buy the burners this month.',
      reviewedBy: 'School Administrator',
      reviewedAt: now(),
    });
    await tx.table(departmentReports, 'departments').insert({
      departmentId: made[1].id,
      title: 'Languages: debate and reading week',
      body: 'The inter-house debate is planned for week 8. S2 reading scores improved.',
      status: 'added',
      writtenBy: head(1),
    });
  });
}

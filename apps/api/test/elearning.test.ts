import { elearningResources } from '@somero/contract';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { now } from '../src/core/dates.js';
import { audits } from '../src/db/schema.js';
import { client, type Json, type RegisterSchool, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();

const dataUrl = (bytes: Uint8Array | Buffer, mime = 'application/octet-stream') =>
  `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;

async function pdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(text);
  return doc.save();
}

type Api = ReturnType<typeof client>;

/** A school with S1–S6, Chemistry and Mathematics, two teachers and a bursar (no teaching at all). */
async function setUp() {
  const school = await registerSchool(t.app, t.database);
  const subject = async (name: string, code: string) => {
    const res = await school.api.post('/subjects', { name, code, level: 'nlsc' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const chemistry = await subject(unique('Chemistry '), unique('C'));
  const maths = await subject(unique('Mathematics '), unique('M'));
  const okello = await staffWith(t.app, t.database, school, []);
  const nakato = await staffWith(t.app, t.database, school, []);
  const bursar = await staffWith(t.app, t.database, school, ['pay_fees']);
  return {
    school,
    admin: school.api,
    okello: client(t.app, okello.token),
    okelloId: okello.userId,
    nakato: client(t.app, nakato.token),
    bursar: client(t.app, bursar.token),
    chemistry,
    maths,
  };
}

const titles = async (api: Api, query = '') => {
  const res = await api.get(`/elearning${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Json[]).map((r) => r.title as string);
};

describe('E-Learning', () => {
  let x: Awaited<ReturnType<typeof setUp>>;
  let other: RegisterSchool;
  let notes: Json;
  let notesPdf: Uint8Array;

  beforeAll(async () => {
    x = await setUp();
    other = await registerSchool(t.app, t.database);
    notesPdf = await pdf('S4 Chemistry: the mole');
  });

  it('a teacher adds S4 Chemistry notes with a PDF: a draft only they and administrators see', async () => {
    const res = await x.okello.post('/elearning', {
      title: 'S4 Chemistry revision notes',
      kind: 'note',
      class_id: x.school.classes.S4,
      stream_id: x.school.streams['S4 East'],
      subject_id: x.chemistry,
      body: 'The mole concept, with worked examples.',
      attachments: [{ filename: 'mole.pdf', data: dataUrl(notesPdf, 'application/pdf') }],
    });
    expect(res.statusCode, res.body).toBe(200);
    notes = res.json().data;
    expect(notes).toMatchObject({
      title: 'S4 Chemistry revision notes',
      kind: 'note',
      class_name: 'S4',
      stream_name: 'East',
      status: 'draft',
      published_at: null,
      author: 'Staff Member',
      mine: true,
      attachments: [{ filename: 'mole.pdf', mime: 'application/pdf', size: notesPdf.length }],
    });
    expect(res.json().message).toMatch(/draft/i);
    expect(await titles(x.okello)).toContain('S4 Chemistry revision notes');
    expect(await titles(x.admin)).toContain('S4 Chemistry revision notes');
    // Another teacher and the bursar do not see the draft, nor reach it or its file.
    expect(await titles(x.nakato)).not.toContain('S4 Chemistry revision notes');
    expect(await titles(x.bursar)).not.toContain('S4 Chemistry revision notes');
    expect(
      (await x.nakato.put(`/elearning/${notes.id}`, { ...notes, title: 'Mine now', attachments: [] })).statusCode,
    ).toBe(404);
    expect((await x.nakato.del(`/publish/${notes.id}`)).statusCode).toBe(404);
    expect((await x.nakato.get(`/elearning_files/${notes.attachments[0].file_id}`)).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.schoolId, x.school.schoolId),
          eq(audits.entity, 'elearning_resources'),
          eq(audits.entityId, notes.id),
        ),
      );
    expect(audit?.action).toBe('create');
  });

  it('publishing (DELETE publish/{id}) shows it to every signed-in user, who download the same PDF', async () => {
    const res = await x.okello.del(`/publish/${notes.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'published', published_by: 'Staff Member' });
    expect(Date.parse(res.json().data.published_at)).toBeGreaterThan(now().getTime() - 60_000);
    for (const api of [x.nakato, x.bursar, x.admin]) expect(await titles(api)).toContain('S4 Chemistry revision notes');
    const row = ((await x.nakato.get('/elearning')).json().data as Json[]).find((r) => r.id === notes.id)!;
    expect(row.mine).toBe(false);
    const download = await x.bursar.get(`/elearning_files/${notes.attachments[0].file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('filename="mole.pdf"');
    expect(Buffer.compare(download.rawPayload, Buffer.from(notesPdf))).toBe(0);
    // Publishing again changes nothing and says so.
    const again = await x.okello.del(`/publish/${notes.id}`);
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toMatch(/already published/);
  });

  it('another teacher may not edit, publish, withdraw or delete it (202); the author and an administrator may', async () => {
    const body = { ...notes, title: 'Changed by Nakato', attachments: [] };
    const edit = await x.nakato.put(`/elearning/${notes.id}`, body);
    expect(edit.statusCode).toBe(202);
    expect(edit.json().message).toMatch(/Only Staff Member, who added this resource, or an administrator/);
    expect((await x.nakato.del(`/publish/${notes.id}?action=withdraw`)).statusCode).toBe(202);
    expect((await x.nakato.del(`/elearning/${notes.id}`)).statusCode).toBe(202);
    expect(await titles(x.nakato)).toContain('S4 Chemistry revision notes');
    // The author edits (the attachment stays) and withdraws it to draft; the administrator publishes it again.
    const mine = await x.okello.put(`/elearning/${notes.id}`, {
      ...body,
      title: 'S4 Chemistry revision notes, Term 3',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.attachments).toHaveLength(1);
    const withdrawn = await x.okello.del(`/publish/${notes.id}?action=withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'draft', published_at: null });
    expect(await titles(x.nakato)).not.toContain('S4 Chemistry revision notes, Term 3');
    expect((await x.admin.del(`/publish/${notes.id}`)).statusCode).toBe(200);
    expect(await titles(x.nakato)).toContain('S4 Chemistry revision notes, Term 3');
  });

  it('filters by class, subject and kind', async () => {
    const add = async (api: Api, body: Json) => {
      const res = await api.post('/elearning', body);
      expect(res.statusCode, res.body).toBe(200);
      const made = res.json().data;
      expect((await api.del(`/publish/${made.id}`)).statusCode).toBe(200);
      return made;
    };
    const due = '2026-12-03';
    const assignment = await add(x.nakato, {
      title: 'S2 Mathematics assignment',
      kind: 'assignment',
      class_id: x.school.classes.S2,
      subject_id: x.maths,
      due_on: due,
      body: 'Exercise 7B',
    });
    expect(assignment).toMatchObject({ due_on: due, stream_id: null, class_name: 'S2' });
    await add(x.nakato, {
      title: 'NCDC portal',
      kind: 'link',
      class_id: x.school.classes.S2,
      subject_id: x.maths,
      link: 'https://ncdc.go.ug',
    });
    expect(await titles(x.bursar, `?class_id=${x.school.classes.S2}`)).toEqual([
      'NCDC portal',
      'S2 Mathematics assignment',
    ]);
    expect(await titles(x.bursar, `?class_id=${x.school.classes.S4}`)).toEqual(['S4 Chemistry revision notes, Term 3']);
    expect(await titles(x.bursar, `?subject_id=${x.chemistry}`)).toEqual(['S4 Chemistry revision notes, Term 3']);
    expect(await titles(x.bursar, '?kind=assignment')).toEqual(['S2 Mathematics assignment']);
    expect(await titles(x.bursar, '?kind=link&search=ncdc')).toEqual(['NCDC portal']);
  });

  it('refuses files by their content, links that are not http(s), and a missing due date (422)', async () => {
    const base = { title: 'Bad', kind: 'note', class_id: x.school.classes.S1, subject_id: x.maths };
    const bad = async (body: Json, field: string, message?: RegExp) => {
      const res = await x.okello.post('/elearning', { ...base, ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field][0]).toMatch(message);
    };
    // A Windows program named like a PDF, and plain text dressed as one.
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    await bad(
      { attachments: [{ filename: 'notes.pdf', data: dataUrl(exe, 'application/pdf') }] },
      'attachments.0',
      /program/,
    );
    await bad(
      { attachments: [{ filename: 'notes.pdf', data: dataUrl(Buffer.from('hello'), 'application/pdf') }] },
      'attachments.0',
      /Only PDF/,
    );
    for (const link of ['javascript:alert(1)', 'ftp://files.example.ug/notes', 'file:///etc/passwd', 'ncdc.go.ug'])
      await bad({ kind: 'link', link }, 'link', /http:\/\/ or https:\/\//);
    await bad({ kind: 'link' }, 'link');
    await bad({ kind: 'assignment' }, 'due_on');
    await bad({ title: '' }, 'title');
    await bad({ kind: 'essay' }, 'kind');
    // A stream of another class, and another school's class or subject.
    await bad({ stream_id: x.school.streams['S2 East'] }, 'stream_id');
    await bad({ class_id: other.classes.S1 }, 'class_id');
    const theirs = await other.api.post('/subjects', { name: unique('Physics '), code: unique('P'), level: 'nlsc' });
    await bad({ subject_id: theirs.json().data.id }, 'subject_id');
    expect(await titles(x.okello)).not.toContain('Bad');
  });

  it("another school's resource is not found by any of the calls", async () => {
    const res = await other.api.post('/elearning', {
      title: 'Their notes',
      kind: 'note',
      class_id: other.classes.S1,
      subject_id: (
        await other.api.post('/subjects', { name: unique('History '), code: unique('H'), level: 'nlsc' })
      ).json().data.id,
      attachments: [{ filename: 'theirs.pdf', data: dataUrl(notesPdf, 'application/pdf') }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const theirs = res.json().data;
    expect((await other.api.del(`/publish/${theirs.id}`)).statusCode).toBe(200);
    expect(await titles(x.admin)).not.toContain('Their notes');
    expect((await x.admin.put(`/elearning/${theirs.id}`, { ...theirs, attachments: [] })).statusCode).toBe(404);
    expect((await x.admin.del(`/publish/${theirs.id}?action=withdraw`)).statusCode).toBe(404);
    expect((await x.admin.del(`/elearning/${theirs.id}`)).statusCode).toBe(404);
    expect((await x.admin.get(`/elearning_files/${theirs.attachments[0].file_id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(elearningResources).where(eq(elearningResources.id, theirs.id));
    expect(row?.status).toBe('published');
  });

  it('the author deletes a resource: gone for everyone, the audit keeps it', async () => {
    const res = await x.okello.del(`/elearning/${notes.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await titles(x.admin)).not.toContain('S4 Chemistry revision notes, Term 3');
    expect((await x.admin.get(`/elearning_files/${notes.attachments[0].file_id}`)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(audits)
      .where(
        and(
          eq(audits.schoolId, x.school.schoolId),
          eq(audits.entity, 'elearning_resources'),
          eq(audits.entityId, notes.id),
        ),
      );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['create', 'publish', 'edit', 'withdraw', 'delete']),
    );
    const deleted = rows.find((r) => r.action === 'delete');
    expect((deleted?.before as Json | undefined)?.title).toBe('S4 Chemistry revision notes, Term 3');
  });

  it('lists the choices for the form to every user: classes S1–S6, streams and subjects', async () => {
    const res = await x.bursar.get('/elearning_choices');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect((data.classes as Json[]).map((c) => c.label)).toEqual(expect.arrayContaining(['S1', 'S4', 'S6']));
    expect((data.streams as Json[]).some((s) => s.value === x.school.streams['S4 East'])).toBe(true);
    expect((data.subjects as Json[]).some((s) => s.value === x.chemistry)).toBe(true);
  });
});

import { files } from '@somero/contract';
import { describe, expect, it } from 'vitest';
import { bearer, newSchool, staffWith, useTestApp } from './support.js';

const t = useTestApp();

describe('GET files/{id}', () => {
  it('answers to the flag of what the file belongs to: the logo to all, a photo to those who see students', async () => {
    const school = await newSchool(t.app, t.database);
    const stored = async (kind: string) => {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
      const [row] = await t.database.db
        .insert(files)
        .values({ schoolId: school.schoolId, kind, mime: 'image/png', size: bytes.length, bytes })
        .returning({ id: files.id });
      return row.id;
    };
    const logo = await stored('logo');
    const photo = await stored('photo');
    const other = await stored('something-else');
    const get = (id: number, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers: bearer(token) });
    const cashier = (await staffWith(t.app, t.database, school, ['pay_fees'])).token;
    const teacher = (await staffWith(t.app, t.database, school, ['view_students'])).token;
    const photographer = (await staffWith(t.app, t.database, school, ['edit_students'])).token;

    expect((await get(logo, cashier)).statusCode).toBe(200);
    expect((await get(photo, cashier)).statusCode).toBe(403);
    expect((await get(photo, teacher)).statusCode).toBe(200);
    expect((await get(photo, photographer)).statusCode).toBe(200);
    expect((await get(other, teacher)).statusCode).toBe(403);
    expect((await get(other, school.adminToken)).statusCode).toBe(200);
    expect((await get(photo, school.adminToken)).headers['content-type']).toBe('image/png');
  });
});

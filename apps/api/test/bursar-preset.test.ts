import { describe, expect, it } from 'vitest';
import { rolePresets } from '../src/modules/users/presets.js';
import { admit, client, newPhone, registerSchool } from './students-fixtures.js';
import { staffWith, unique, useTestApp } from './support.js';

const t = useTestApp();

describe('the Bursar preset', () => {
  it('sees the defaulters it chases and finds students as the desk does', async () => {
    const s = await registerSchool(t.app, t.database);
    const phone = newPhone();
    const code = unique('55');
    const pupil = await admit(s, {
      surname: unique('Owing'),
      payment_code: code,
      guardians: [{ name: 'Parent', relationship: 'Mother', phone }],
    });
    const bursar = rolePresets.find((p) => p.name === 'Bursar');
    if (!bursar) throw new Error('no Bursar preset');
    const api = client(t.app, (await staffWith(t.app, t.database, s, bursar.flags)).token);
    const summary = await api.post('/fees_summaryq', {});
    expect(summary.statusCode, summary.body).toBe(200);
    const ledger = await api.get(`/fees_ledger/${pupil.id}`);
    expect(ledger.statusCode, ledger.body).toBe(200);
    // The header search and the desk both ask GET students: by name, payment code and a guardian's 07… number.
    const local = `0${phone.replace(/\D/g, '').slice(3)}`;
    for (const search of [pupil.surname, code, local]) {
      const found = await api.get(`/students?search=${encodeURIComponent(search)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(
        found.json().data.map((x: { id: number }) => x.id),
        search,
      ).toEqual([pupil.id]);
    }
    expect((await api.get(`/students/${pupil.id}`)).statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { audits } from '../src/db/schema.js';
import { bearer, newSchool, staffWith, useTestApp } from './support.js';

const t = useTestApp();
const as = (token: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url: `/api/${url}`, headers: bearer(token) }),
  post: (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/${url}`, headers: bearer(token), payload }),
});
const png = async () =>
  (
    await sharp({ create: { width: 40, height: 20, channels: 4, background: '#1a237e' } })
      .png()
      .toBuffer()
  ).toString('base64');

const defaults = {
  positions_olevel: true,
  positions_alevel: true,
  positions_new: false,
  show_next_term_fees: true,
  show_balance: true,
  show_grading_key: true,
  withhold_when_owing: false,
  withhold_above: 0,
  // Whole marks; each subject's class average and place on new-curriculum cards; promotion on the
  // year's last card at Division 4 or better, an average of 40, 2 points.
  mark_decimals: 0,
  subject_places: true,
  show_promotion: true,
  promote_division: 4,
  promote_average: 40,
  promote_points: 2,
  head_teacher_signature_file_id: null,
  stamp_file_id: null,
};

describe('report settings (/report/setting)', () => {
  it('start from the defaults: no positions for the new curriculum, nothing withheld', async () => {
    const school = await newSchool(t.app, t.database);
    const res = await as(school.adminToken).get('report_settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(defaults);
  });

  it('change only what is sent, keep it, and leave another school alone', async () => {
    const school = await newSchool(t.app, t.database);
    const other = await newSchool(t.app, t.database);
    const dos = (await staffWith(t.app, t.database, school, ['manage_report_cards'])).token;
    const saved = await as(dos).post('report_settings', { withhold_when_owing: true, withhold_above: 150_000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      data: { ...defaults, withhold_when_owing: true, withhold_above: 150_000 },
      message: 'Report Settings Saved Successfully',
    });
    await as(dos).post('report_settings', { positions_new: true, show_balance: false });
    expect((await as(dos).get('report_settings')).json().data).toEqual({
      ...defaults,
      withhold_when_owing: true,
      withhold_above: 150_000,
      positions_new: true,
      show_balance: false,
    });
    expect((await as(other.adminToken).get('report_settings')).json().data).toEqual(defaults);
    const trail = await t.database.db.select().from(audits).where(eq(audits.entity, 'report_settings'));
    expect(trail.filter((a) => a.schoolId === school.schoolId)).toHaveLength(2);
  });

  it('keep the signature and stamp for those who print cards, and remove them on request', async () => {
    const school = await newSchool(t.app, t.database);
    const saved = await as(school.adminToken).post('report_settings', {
      signature: { filename: 'signature.png', data: await png() },
      stamp: { filename: 'stamp.png', data: await png() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { head_teacher_signature_file_id: signature, stamp_file_id: stamp } = saved.json().data;
    expect(signature).toEqual(expect.any(Number));
    expect(stamp).toEqual(expect.any(Number));
    const printer = (await staffWith(t.app, t.database, school, ['manage_report_cards2'])).token;
    const clerk = (await staffWith(t.app, t.database, school, ['view_students'])).token;
    const image = await as(printer).get(`files/${signature}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await as(clerk).get(`files/${stamp}`)).statusCode).toBe(403);

    const removed = await as(school.adminToken).post('report_settings', { signature: null });
    expect(removed.json().data).toMatchObject({ head_teacher_signature_file_id: null, stamp_file_id: stamp });
  });

  it('refuse those without the flag, a negative threshold, a file that is not an image, and unknown fields', async () => {
    const school = await newSchool(t.app, t.database);
    const teacher = (await staffWith(t.app, t.database, school, ['manage_report_cards2'])).token;
    expect((await as(teacher).get('report_settings')).statusCode).toBe(403);
    expect((await as(teacher).post('report_settings', { show_balance: false })).statusCode).toBe(403);
    const admin = as(school.adminToken);
    const negative = await admin.post('report_settings', { withhold_above: -1 });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors.withhold_above).toEqual(['Enter an amount of zero or more']);
    const notImage = await admin.post('report_settings', {
      stamp: { filename: 'stamp.png', data: Buffer.from('not an image').toString('base64') },
    });
    expect(notImage.statusCode).toBe(422);
    expect((await admin.post('report_settings', { show_fees: true })).statusCode).toBe(422);
    expect((await admin.get('report_settings')).json().data).toEqual(defaults);
  });
});

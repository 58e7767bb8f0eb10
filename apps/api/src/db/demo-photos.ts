import { files, schoolSettings } from '@somero/contract';
import { eq, sql } from 'drizzle-orm';
import type Sharp from 'sharp';
import type { Executor } from './open.js';

/**
 * The demo school's pictures, drawn here rather than shipped: a crest for the logo (a shield with the
 * hill, the sun and an open book) and a passport photo for most students (a head and shoulders in the
 * school jumper over a plain ground, in a few skin tones and grounds), as a real school's cards carry.
 */
const crest = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="360" viewBox="0 0 320 360">
  <path d="M20 20 H300 V190 C300 280 220 330 160 350 C100 330 20 280 20 190 Z" fill="#7a1f2b" stroke="#d4a017" stroke-width="12"/>
  <circle cx="160" cy="120" r="46" fill="#f2c14e"/>
  <path d="M40 210 L120 130 L170 180 L215 140 L282 210 Z" fill="#2e7d32"/>
  <path d="M70 232 Q160 204 160 232 Q160 204 250 232 V292 Q160 264 160 292 Q160 264 70 292 Z" fill="#ffffff" stroke="#d4a017" stroke-width="5"/>
  <line x1="160" y1="232" x2="160" y2="292" stroke="#d4a017" stroke-width="5"/>
</svg>`;

const skins = ['#5b3a29', '#6f4a35', '#4a2f22', '#7d5640', '#3f281d'];
const grounds = ['#dfe7ef', '#e9eef2', '#d8e2ea'];

const portrait = (
  skin: string,
  ground: string,
  hair: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <rect width="300" height="300" fill="${ground}"/>
  <path d="M40 300 C40 225 90 200 150 200 C210 200 260 225 260 300 Z" fill="#7a1f2b"/>
  <path d="M118 200 L150 246 L182 200 Z" fill="#ffffff"/>
  <rect x="130" y="165" width="40" height="45" rx="12" fill="${skin}"/>
  <ellipse cx="150" cy="120" rx="52" ry="62" fill="${skin}"/>
  <path d="M98 112 C98 66 202 66 202 112 C196 84 104 84 98 112 Z" fill="${hair}"/>
  <ellipse cx="97" cy="124" rx="8" ry="14" fill="${skin}"/>
  <ellipse cx="203" cy="124" rx="8" ry="14" fill="${skin}"/>
</svg>`;

/** The logo as PNG and a dozen photos as JPEG (as an upload is kept: 400 × 400, white ground). */
async function pictures() {
  const sharp: typeof Sharp = (await import('sharp')).default;
  const logo = await sharp(Buffer.from(crest)).resize(300, 300, { fit: 'inside' }).png().toBuffer();
  const photos: Buffer[] = [];
  for (const [i, skin] of skins.entries())
    for (const [j, ground] of grounds.entries()) {
      if (photos.length >= 12) break;
      const hair = (i + j) % 2 ? '#1b1b1b' : '#2a211c';
      photos.push(
        await sharp(Buffer.from(portrait(skin, ground, hair)))
          .resize(400, 400)
          .jpeg({ quality: 80 })
          .toBuffer(),
      );
    }
  return { logo, photos };
}

/** The school's logo, and a photo for about nine students in ten (a few still to be taken). */
export async function fillDemoPictures(tx: Executor, schoolId: number, studentIds: number[]) {
  const { logo, photos } = await pictures();
  const [logoFile] = await tx
    .insert(files)
    .values({ schoolId, kind: 'logo', mime: 'image/png', size: logo.length, bytes: logo })
    .returning({ id: files.id });
  await tx.update(schoolSettings).set({ logoFileId: logoFile?.id }).where(eq(schoolSettings.schoolId, schoolId));
  const withPhoto = studentIds.filter((_, i) => i % 10 !== 7);
  for (let from = 0; from < withPhoto.length; from += 100) {
    const batch = withPhoto.slice(from, from + 100);
    const made = await tx
      .insert(files)
      .values(
        batch.map((_, i) => {
          const bytes = photos[(from + i) % photos.length] as Buffer;
          return { schoolId, kind: 'photo', mime: 'image/jpeg', size: bytes.length, bytes };
        }),
      )
      .returning({ id: files.id });
    const pairs = batch.map((id, i) => `(${id},${made[i]?.id})`).join(',');
    await tx.execute(
      sql`update students s set photo_file_id = v.file_id from (values ${sql.raw(pairs)}) as v(student_id, file_id)
          where s.school_id = ${schoolId} and s.id = v.student_id`,
    );
  }
  return { photos: withPhoto.length };
}

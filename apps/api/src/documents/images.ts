import type Sharp from 'sharp';
import { Invalid } from '../core/errors.js';
import { decodeUpload } from './upload.js';

const maxBytes = 5 * 1024 * 1024;
// 50 megapixels is more than any phone photo; the cap stops a small file that decodes to gigabytes.
const maxPixels = 50_000_000;
const accepted = new Set(['jpeg', 'png', 'webp']);
const notAnImage = 'This file is not a JPEG, PNG or WebP image';

/**
 * An uploaded student photo or school logo, checked by its content and made ready to store and print:
 * turned upright by its EXIF orientation, resized, and stripped of metadata such as GPS position.
 */
export async function prepareImage(
  data: string,
  purpose: 'photo' | 'logo',
): Promise<{ bytes: Uint8Array; mime: string }> {
  const input = decodeUpload(data);
  // sharp is loaded by the first image, not at start-up.
  const sharp: typeof Sharp = (await import('sharp')).default;
  if (input.length > maxBytes) throw new Invalid('data', 'The image is larger than 5 MB');

  const info = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!info?.format || !accepted.has(info.format)) throw new Invalid('data', notAnImage);
  if ((info.width ?? 0) * (info.height ?? 0) > maxPixels) {
    throw new Invalid('data', 'The image has too many pixels (more than 50 megapixels)');
  }

  // sharp keeps no metadata unless asked to, so EXIF, GPS and comments are dropped here.
  const image = sharp(input, { limitInputPixels: maxPixels }).autoOrient();
  try {
    if (purpose === 'photo') {
      // ID cards print a square photo; JPEG has no transparency, so a transparent PNG gets a white ground.
      const bytes = await image
        .resize(400, 400, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 80 })
        .toBuffer();
      return { bytes, mime: 'image/jpeg' };
    }
    const bytes = await image.resize(600, 600, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();
    return { bytes, mime: 'image/png' };
  } catch {
    throw new Invalid('data', 'This image is damaged or incomplete and could not be read');
  }
}

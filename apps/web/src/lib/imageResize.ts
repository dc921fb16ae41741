/**
 * Photos taken on a tablet (4 to 12 MB) are made smaller in the browser before they are sent:
 * longest side at most MAX_SIDE pixels, JPEG at JPEG_QUALITY, turned upright as the camera's EXIF
 * orientation says (createImageBitmap with imageOrientation 'from-image'). Pure sizing rules apart,
 * so they are unit-tested.
 */
export const MAX_SIDE = 1600;
export const JPEG_QUALITY = 0.8;
/** A JPEG already within the size and this light is sent as it is. */
const SMALL_ENOUGH = 600 * 1024;

/** Width and height within `max` on the longest side, proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The name of the resized file: the same, as .jpg. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '') || 'photo';
  return `${base}.jpg`;
}

/** Whether the photo is kept as it is (a light JPEG already small enough). */
export function keepAsIs(type: string, size: number, width: number, height: number, max = MAX_SIDE): boolean {
  return type === 'image/jpeg' && size <= SMALL_ENOUGH && Math.max(width, height) <= max;
}

/** The photo made smaller and upright, as a JPEG file; what the browser cannot decode is sent as it is (the server checks it). */
export async function resizeImage(file: File, max = MAX_SIDE, quality = JPEG_QUALITY): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (keepAsIs(file.type, file.size, bitmap.width, bitmap.height, max)) return file;
    const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    if (!g) return file;
    // JPEG has no transparency: a PNG's clear areas become white, not black.
    g.fillStyle = '#fff';
    g.fillRect(0, 0, width, height);
    g.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : file;
  } finally {
    bitmap.close();
  }
}

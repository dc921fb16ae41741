import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../db/client.ts';
import { uploads } from '../areas/files/files.table.ts';
import { isUploadKey, readAll, type Storage } from '../storage/storage.ts';

// The pictures a document embeds: uploads named by their URL (/api/v1/uploads/{id}/content) and
// data URLs (a signature). PDF takes JPEG and PNG only, and a tablet's photo is far larger than a
// thumbnail needs: each image is decoded and written again at the size it is printed.

/** Pixels of the longest side, for the size each picture is printed at (about 200 dpi). */
export const IMAGE_PIXELS = { photo: 360, signature: 600, logo: 400 } as const;

/**
 * The most pixels an image may have (a phone's photo has 12 to 50 million): decoding costs up to
 * 4 bytes a pixel, so an image declaring more (a "pixel bomb": a few KB declaring 50,000 x 50,000)
 * is refused at upload (files/uploads.ts) and never decoded here.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Images decoded at once (each within MAX_IMAGE_PIXELS): what a report's photos may take in memory. */
const DECODES_AT_ONCE = 4;

/** An image's size from its header, read without decoding it; null when sharp cannot read it. */
export async function imageSize(bytes: Buffer): Promise<{ width: number; height: number; pixels: number } | null> {
  try {
    const { width, height, pages } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height, pixels: width * height * (pages ?? 1) } : null;
  } catch {
    return null;
  }
}

/** An image ready for the PDF: JPEG or PNG bytes and its size in pixels. */
export interface ReportImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A document's pictures by URL. */
export type Images = ReadonlyMap<string, ReportImage>;
/** The pictures, or their loading still under way: a document draws its text meanwhile (page.ts renderPdf). */
export type ImageSource = Images | Promise<Images>;

const UPLOAD_URL = /^\/api\/v1\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/content$/i;
const DATA_URL = /^data:image\/(png|jpeg|jpg|webp|gif);base64,([A-Za-z0-9+/=\s]+)$/;

/** The upload id of a URL of ours, else null. */
export const uploadIdOf = (url: string): string | null => UPLOAD_URL.exec(url)?.[1]?.toLowerCase() ?? null;

/**
 * The image at `longest` pixels at most on its longest side, on white: photos as JPEG (a quarter of
 * the bytes of PNG at this size), line art (a signature, a logo) as PNG to keep its edges. Both are
 * opaque: the page is white, and pdfkit embeds an opaque PNG as it is but decodes one with
 * transparency in JavaScript to split it. Null when the bytes are no image sharp reads.
 */
export async function downscale(bytes: Buffer, longest: number, lineArt: boolean): Promise<ReportImage | null> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((r) => waiting.push(r));
  decoding++;
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true })
      .rotate() // the camera's EXIF orientation
      .resize({ width: longest, height: longest, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' });
    const { data, info } = await (lineArt ? image.png({ compressionLevel: 6 }) : image.jpeg({ quality: 72, mozjpeg: false })).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    return null;
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}
let decoding = 0;
const waiting: (() => void)[] = [];

/** A data URL's bytes (the signature pad's PNG), else null. */
export function dataUrlBytes(url: string): Buffer | null {
  const m = DATA_URL.exec(url);
  return m ? Buffer.from(m[2], 'base64') : null;
}

// Uploads never change under their id: a thumbnail made once serves every later report of the
// process (a report is downloaded again, opened from its share link...). Bounded by bytes.
const THUMBNAIL_CACHE_BYTES = 64 * 1024 * 1024;
const thumbnails = new Map<string, ReportImage>();
let cachedBytes = 0;

/** Forgets the kept thumbnails (the bench measures documents without them). */
export function forgetThumbnails() {
  thumbnails.clear();
  cachedBytes = 0;
}

/** The thumbnail kept under `key`, else the one made from `load()`'s bytes (then kept). */
export async function cachedThumbnail(key: string, load: () => Promise<Buffer | null>, longest: number, lineArt: boolean): Promise<ReportImage | null> {
  const id = `${key}:${longest}:${lineArt ? 'a' : 'o'}`;
  const known = thumbnails.get(id);
  if (known) {
    // Most recently used last: the oldest goes first.
    thumbnails.delete(id);
    thumbnails.set(id, known);
    return known;
  }
  const bytes = await load();
  const image = bytes ? await downscale(bytes, longest, lineArt) : null;
  if (!image || image.data.length > THUMBNAIL_CACHE_BYTES / 16) return image;
  thumbnails.set(id, image);
  cachedBytes += image.data.length;
  for (const [oldest, kept] of thumbnails) {
    if (cachedBytes <= THUMBNAIL_CACHE_BYTES) break;
    thumbnails.delete(oldest);
    cachedBytes -= kept.data.length;
  }
  return image;
}

/**
 * Upload URLs and data URLs downscaled, by URL; a URL that gives no image is left out. An upload
 * is read only when it belongs to the organization (or is the platform's or the organization's
 * reseller's, for a logo): a URL copied from another tenant into a field never reaches a report.
 */
export async function loadImages(
  db: Db,
  storage: Storage,
  wanted: readonly { url: string; longest: number; lineArt: boolean }[],
  owners: { organizationId: string; resellerId: string | null },
): Promise<Map<string, ReportImage>> {
  const ids = [...new Set(wanted.map((w) => uploadIdOf(w.url)).filter((id): id is string => id !== null))];
  const rows = ids.length ? await db.select({ id: uploads.id, path: uploads.path, organization_id: uploads.organization_id, reseller_id: uploads.reseller_id }).from(uploads).where(inArray(uploads.id, ids)) : [];
  const files = new Map<string, string>();
  for (const row of rows) {
    const mine = row.organization_id === owners.organizationId || (row.organization_id === null && (row.reseller_id === null || row.reseller_id === owners.resellerId));
    if (mine && isUploadKey(row.path)) files.set(row.id, row.path);
  }
  const images = new Map<string, ReportImage>();
  await Promise.all(
    wanted.map(async ({ url, longest, lineArt }) => {
      const uploadId = uploadIdOf(url);
      const file = uploadId ? files.get(uploadId) : undefined;
      const inline = uploadId ? null : dataUrlBytes(url);
      const image = file ? await cachedThumbnail(uploadId!, () => readAll(storage, file).catch(() => null), longest, lineArt) : inline ? await downscale(inline, longest, lineArt) : null;
      if (image) images.set(url, image);
    }),
  );
  return images;
}

/** What a document wants loaded: photos as JPEG, the signature and the logo as PNG (line art). */
export function wantedImages({ photos, signature, logo }: { photos: readonly string[]; signature?: string | null; logo?: string | null }) {
  return [
    ...[...new Set(photos)].map((url) => ({ url, longest: IMAGE_PIXELS.photo, lineArt: false })),
    ...(signature ? [{ url: signature, longest: IMAGE_PIXELS.signature, lineArt: true }] : []),
    ...(logo ? [{ url: logo, longest: IMAGE_PIXELS.logo, lineArt: true }] : []),
  ];
}

/** Draws the image as large as fits in `box`, never enlarged; answers the size drawn. */
export function fitImage(doc: PDFKit.PDFDocument, image: ReportImage, x: number, y: number, box: { width: number; height: number }) {
  const scale = Math.min(box.width / image.width, box.height / image.height, 1);
  doc.image(image.data, x, y, { width: image.width * scale, height: image.height * scale });
  return { width: image.width * scale, height: image.height * scale };
}

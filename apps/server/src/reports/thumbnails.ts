import { LEFT, type Pen } from './page.ts';

// Photos under what they show (an inspection field, an estimate item): small, five to a row.

export const THUMB = { width: 96, height: 72, gap: 8, perRow: 5 } as const;

/** The height `count` thumbnails take. */
export const thumbnailsHeight = (count: number) => Math.ceil(count / THUMB.perRow) * (THUMB.height + THUMB.gap);

/** Thumbnails from `x0`, five to a row; a picture that cannot be had is a framed `missing`. */
export function drawThumbnails(pen: Pen, urls: readonly string[], missing: string, x0 = LEFT + 8) {
  const { doc } = pen;
  for (let k = 0; k < urls.length; k += THUMB.perRow) {
    pen.need(THUMB.height + THUMB.gap);
    const y = doc.y + 3;
    urls.slice(k, k + THUMB.perRow).forEach((url, i) => pen.image(url, x0 + i * (THUMB.width + THUMB.gap), y, THUMB, missing));
    doc.y = y + THUMB.height + 2;
  }
}

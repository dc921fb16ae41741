import { rangeIn, type ByteRange, type RangeAsked } from '../../storage/storage.ts';

// HTTP Range requests of a stored file (RFC 9110 §14): Safari on iPhone plays a video only when
// its server answers byte ranges (206), and any player seeks with them. One range only: a request
// of several is answered whole (200), as the RFC allows.

/**
 * What a `Range` header asks, before the file's size is known: `null` to answer the whole file (no
 * header, another unit, several ranges, a header that does not parse).
 */
export function rangeAsked(header: string | undefined): RangeAsked | null {
  if (typeof header !== 'string') return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  // Offsets longer than any file are noise, not numbers to trust.
  if (m[1].length > 15 || m[2].length > 15) return null;
  // The last n bytes.
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  return { start, end: m[2] === '' ? null : Number(m[2]) };
}

/** The part a `Range` header asks of a file of `size` bytes: null for the whole file, 'unsatisfiable' (416) past the end. */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const asked = rangeAsked(header);
  return asked ? rangeIn(asked, size) : null;
}

import type { ByteRange } from '../../storage/storage.ts';

// HTTP Range requests of a stored file (RFC 9110 §14): Safari on iPhone plays a video only when
// its server answers byte ranges (206), and any player seeks with them. One range only: a request
// of several is answered whole (200), as the RFC allows.

/**
 * The part a `Range` header asks of a file of `size` bytes: `null` to answer the whole file (no
 * header, another unit, several ranges, a header that does not parse), 'unsatisfiable' (416) when
 * the range lies past the end.
 */
export function requestedRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (typeof header !== 'string') return null;
  const m = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  // Offsets longer than any file are noise, not numbers to trust.
  if (m[1].length > 15 || m[2].length > 15) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  return { start, end: Math.min(end, size - 1) };
}

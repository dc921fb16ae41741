/**
 * A video's duration in seconds, read from its container header (no decoding, no ffmpeg): the
 * MP4/QuickTime movie header (moov/mvhd) or the WebM segment info (Info/Duration × TimecodeScale).
 * Null when the header does not say (a WebM recorded live by a browser's MediaRecorder carries no
 * Duration) or cannot be read: the caller refuses such a file rather than trust it.
 */
export function videoDuration(buffer: Buffer, mime: string): number | null {
  try {
    return mime === 'video/webm' ? webmDuration(buffer) : mp4Duration(buffer);
  } catch (err) {
    // A header cut short reads past the end: not a duration.
    if (err instanceof RangeError) return null;
    throw err;
  }
}

/** The boxes of an ISO base media file between `start` and `end`: [type, payload start, box end]. */
function* boxes(buf: Buffer, start: number, end: number): Generator<[string, number, number]> {
  let at = start;
  while (at + 8 <= end) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header) return;
    yield [type, at + header, Math.min(at + size, end)];
    at += size;
  }
}

function mp4Duration(buf: Buffer): number | null {
  for (const [type, start, end] of boxes(buf, 0, buf.length)) {
    if (type !== 'moov') continue;
    for (const [child, at] of boxes(buf, start, end)) {
      if (child !== 'mvhd') continue;
      const version = buf.readUInt8(at);
      // version 1: 64-bit creation and modification times before the timescale and duration.
      const timescale = version === 1 ? buf.readUInt32BE(at + 20) : buf.readUInt32BE(at + 12);
      const duration = version === 1 ? Number(buf.readBigUInt64BE(at + 24)) : buf.readUInt32BE(at + 16);
      return timescale > 0 ? duration / timescale : null;
    }
  }
  return null;
}

/** An EBML variable-length number at `at`: its value (the length marker kept for ids) and its length. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = buf.readUInt8(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8) throw new RangeError('EBML length');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (0xff >> length);
  for (let i = 1; i < length; i++) {
    const b = buf.readUInt8(at + i);
    value = value * 256 + b;
    allOnes &&= b === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

function webmDuration(buf: Buffer): number | null {
  let at = 0;
  while (at < buf.length) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const start = at + id.length + size.length;
    if (id.value === SEGMENT) return segmentDuration(buf, start, size.unknown ? buf.length : Math.min(start + size.value, buf.length));
    at = start + size.value;
  }
  return null;
}

function segmentDuration(buf: Buffer, from: number, end: number): number | null {
  let at = from;
  while (at < end) {
    const id = vint(buf, at, true);
    const size = vint(buf, at + id.length, false);
    const start = at + id.length + size.length;
    // The info comes before the media; reaching the clusters means the header had none.
    if (id.value === CLUSTER) return null;
    if (id.value === INFO) {
      let scale = 1_000_000;
      let duration: number | null = null;
      for (let p = start; p < start + size.value; ) {
        const cid = vint(buf, p, true);
        const csize = vint(buf, p + cid.length, false);
        const cstart = p + cid.length + csize.length;
        if (cid.value === TIMECODE_SCALE) scale = buf.readUIntBE(cstart, csize.value);
        if (cid.value === DURATION) duration = csize.value === 4 ? buf.readFloatBE(cstart) : buf.readDoubleBE(cstart);
        p = cstart + csize.value;
      }
      // Duration counts TimecodeScale units (nanoseconds each by default).
      return duration === null || !Number.isFinite(duration) ? null : (duration * scale) / 1e9;
    }
    at = start + size.value;
  }
  return null;
}

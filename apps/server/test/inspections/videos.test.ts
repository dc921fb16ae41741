import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storageOf } from '../../src/storage/storage.ts';
import { rowsOf } from '../../src/db/client.ts';
import { videoDuration } from '../../src/areas/files/video-duration.ts';
import { requestedRange } from '../../src/areas/files/byte-range.ts';
import { makeInspectionForm, makeOrganization, makeStartedInspection, makeUser, type MadeForm, type MadeUser } from '../factories.ts';
import { createTestApp, uploadFile, type TestApp } from '../helpers.ts';

// Issue 26: a finding's short video. The server tells its type by its bytes, bounds its size
// (VIDEO_MAX_BYTES) and reads its duration from the container's header (at most 30 s); the shared
// report serves it under its link, and nothing else.

const MAX = 64 * 1024;
let t: TestApp;
let admin: MadeUser;
let form: MadeForm;

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
/** An MP4 (or QuickTime, brand 'qt  ') whose movie header says `seconds`, padded to `size` bytes. */
function mp4(seconds: number, { brand = 'isom', size = 0 } = {}) {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale: milliseconds
  mvhd.writeUInt32BE(seconds * 1000, 16);
  const head = Buffer.concat([box('ftyp', Buffer.from(`${brand}\0\0\0\0${brand}mp41`, 'latin1')), box('moov', box('mvhd', mvhd))]);
  return size > head.length ? Buffer.concat([head, box('free', Buffer.alloc(size - head.length - 8))]) : head;
}
/** An EBML element: its id, its size as an 8-byte variable-length number, its payload. */
const ebml = (id: number[], payload: Buffer) => {
  const size = Buffer.alloc(8);
  size[0] = 0x01;
  size.writeUInt32BE(payload.length, 4);
  return Buffer.concat([Buffer.from(id), size, payload]);
};
/** A WebM whose segment info says `seconds` (none: as a browser's MediaRecorder writes it). */
function webm(seconds: number | null) {
  const sized = ebml;
  const header = sized([0x1a, 0x45, 0xdf, 0xa3], sized([0x42, 0x82], Buffer.from('webm')));
  const scale = sized([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]));
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE((seconds ?? 0) * 1000);
  const info = sized([0x15, 0x49, 0xa9, 0x66], Buffer.concat([scale, ...(seconds === null ? [] : [sized([0x44, 0x89], duration)])]));
  const cluster = sized([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(16));
  return Buffer.concat([header, sized([0x18, 0x53, 0x80, 0x67], Buffer.concat([info, cluster]))]);
}
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1c5a60000000049454e44ae426082', 'hex');

beforeAll(async () => {
  t = await createTestApp({ VIDEO_MAX_BYTES: String(MAX) });
  const org = await makeOrganization(t);
  admin = await makeUser(t, org.id);
  form = await makeInspectionForm(t, admin.token, {
    sections: [{ name: 'Freins', subSections: [{ name: 'Avant', fields: [
              {
                name: 'Plaquettes',
                field_type: 'PAD_THICKNESS_WIDGET',
                can_upload_image: true,
                points_threshold: [
                  { option: 'good', points: 10 },
                  { option: 'to_replace', points: 0 },
                  { option: 'bad', points: 4 },
                  { option: 'not_applicable', points: 10 },
                ],
              },
            ] }] }],
  });
});
afterAll(() => t?.close());

async function padsOf() {
  const id = await makeStartedInspection(t, admin.token, form.id);
  const [field] = rowsOf<{ id: string }>(await t.database.db.execute(sql`SELECT id FROM inspection_fields WHERE inspection_id = ${id} AND field_id = ${form.ids.Plaquettes}`));
  return { inspection: id, field: field.id };
}
const sendVideo = (field: string, content: Buffer, locale?: 'fr' | 'en', type = 'video/mp4') =>
  uploadFile(t, `inspection-fields/${field}/video`, admin.token, { name: 'clip.mp4', type, content }, 'attachment', locale);
const videoOf = async (field: string) => rowsOf<{ video: string | null }>(await t.database.db.execute(sql`SELECT video FROM inspection_fields WHERE id = ${field}`))[0].video;

describe('the header’s duration', () => {
  it('reads MP4 (versions 0), QuickTime and WebM headers, and says null when a WebM has none or a file is cut', () => {
    expect(videoDuration(mp4(12), 'video/mp4')).toBe(12);
    expect(videoDuration(mp4(31, { brand: 'qt  ' }), 'video/quicktime')).toBe(31);
    expect(videoDuration(webm(7.5), 'video/webm')).toBeCloseTo(7.5);
    expect(videoDuration(webm(null), 'video/webm')).toBeNull();
    expect(videoDuration(mp4(12).subarray(0, 40), 'video/mp4')).toBeNull();
  });
});

describe('a finding’s video', () => {
  it('takes an MP4 and a WebM of 30 s at most: the field names the upload, the file answers with its type', async () => {
    const { field } = await padsOf();
    const mp = await sendVideo(field, mp4(30));
    expect(mp.status, JSON.stringify(mp.body)).toBe(201);
    expect(await videoOf(field)).toBe(mp.body.url);
    const content = await t.app.inject({ method: 'GET', url: mp.body.url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('video/mp4');
    expect(content.headers['content-disposition']).toMatch(/^inline/);

    const wm = await sendVideo(field, webm(12), 'fr', 'video/webm');
    expect(wm.status, JSON.stringify(wm.body)).toBe(201);
    expect(await videoOf(field)).toBe(wm.body.url);
  });

  it.each([
    ['fr', 'La vidéo dure 45 s : au plus 30 s sont acceptées.', 'La durée de la vidéo est illisible : enregistrez-la avec l’appareil photo de la tablette (MP4 ou MOV).', 'Le fichier dépasse la taille permise (64 Ko).', 'Ce type de fichier n’est pas accepté.'],
    ['en', 'The video lasts 45 s: at most 30 s are accepted.', 'The video’s duration cannot be read: record it with the tablet’s camera (MP4 or MOV).', 'The file is larger than allowed (64 KB).', 'This type of file is not accepted.'],
  ] as const)('refuses (%s) too long, an unreadable duration, too large and a non-video with a 422 on attachment, storing nothing', async (locale, long, unknown, large, type) => {
    const { field } = await padsOf();
    const [{ n: before }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`));
    const cases: [Buffer, string, string][] = [
      [mp4(45), 'error.video_too_long', long],
      [webm(null), 'error.video_duration_unknown', unknown],
      [mp4(10, { size: MAX + 1024 }), 'error.upload_too_large', large],
      [PNG, 'error.upload_type', type],
    ];
    for (const [content, code, detail] of cases) {
      const res = await sendVideo(field, content, locale);
      expect(res.status, code).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code, detail, source: { parameter: 'attachment' } });
    }
    expect(await videoOf(field)).toBeNull();
    const [{ n: after }] = rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads`));
    expect(after).toBe(before);
  });

  it('an image field still refuses a video', async () => {
    const { field } = await padsOf();
    const res = await uploadFile(t, `inspection-fields/${field}/images`, admin.token, { name: 'clip.mp4', type: 'video/mp4', content: mp4(5) });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('error.upload_type');
  });
});

describe('the shared report', () => {
  it('shows the finding’s video under its link and serves it, and no other upload through that address', async () => {
    const { inspection, field } = await padsOf();
    const sent = await sendVideo(field, mp4(8));
    expect(sent.status).toBe(201);
    const photo = await uploadFile(t, `inspection-fields/${field}/images`, admin.token, { name: 'p.png', type: 'image/png', content: PNG });
    expect(photo.status).toBe(201);
    const answer = await t.api('PATCH', `/api/v1/inspection-fields/${field}`, {
      token: admin.token,
      body: { data: { type: 'inspection-fields', id: field, attributes: { value: { value: 'bad', thickness_mm: 2 }, comment: 'Disque rayé' } } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const done = await t.api('POST', `/api/v1/inspections/${inspection}/complete`, { token: admin.token, body: { signature: 'data:image/png;base64,AAAA' } });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const share = await t.api('POST', `/api/v1/inspections/${inspection}/share`, { token: admin.token, body: { locale: 'en' } });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const link = `/api/v1/public/inspection-reports/${share.body.meta.share.token}`;
    const summary = await t.api('GET', `${link}/summary`);
    expect(summary.status).toBe(200);
    const [item] = summary.body.work[0].items;
    const videoId = String(sent.body.url).split('/')[4];
    const photoId = String(photo.body.url).split('/')[4];
    expect(item).toMatchObject({ field: 'Plaquettes', comment: 'Disque rayé', measures: [expect.stringContaining('2 mm')], photos: [`${link}/photos/${photoId}`], video: `${link}/videos/${videoId}` });

    const video = await t.app.inject({ method: 'GET', url: item.video });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.equals(mp4(8))).toBe(true);
    // The photo is no video, and a video the report does not show is not served.
    expect((await t.app.inject({ method: 'GET', url: `${link}/videos/${photoId}` })).statusCode).toBe(404);
    const other = await padsOf();
    const hidden = await sendVideo(other.field, mp4(3));
    expect((await t.app.inject({ method: 'GET', url: `${link}/videos/${String(hidden.body.url).split('/')[4]}` })).statusCode).toBe(404);
  });
});

describe('byte ranges (Safari on iPhone plays a video only from 206 answers)', () => {
  it('reads one range of a Range header, and answers whole what it cannot read', () => {
    expect(requestedRange(undefined, 1000)).toBeNull();
    expect(requestedRange('bytes=0-1', 1000)).toEqual({ start: 0, end: 1 });
    expect(requestedRange('bytes=0-', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    for (const whole of ['bytes=0-1,5-9', 'items=0-1', 'bytes=5-1', 'bytes=-', 'bytes=x-y', 'bytes=99999999999999999999-', ''])
      expect(requestedRange(whole, 1000), whole).toBeNull();
  });

  it('answers 206 with Content-Range through the shared report and the signed-in address, 416 past the end', async () => {
    const { inspection, field } = await padsOf();
    const clip = mp4(8, { size: 4096 });
    const sent = await sendVideo(field, clip);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await t.database.db.execute(sql`UPDATE inspection_fields SET touched = true, action = 'replace' WHERE id = ${field}`);
    await t.database.db.execute(sql`UPDATE inspections SET state = 'completed', completed_at = now() WHERE id = ${inspection}`);
    const share = await t.api('POST', `/api/v1/inspections/${inspection}/share`, { token: admin.token, body: { locale: 'en' } });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    const link = `/api/v1/public/inspection-reports/${share.body.meta.share.token}`;
    const summary = await t.api('GET', `${link}/summary`);
    const url = summary.body.work[0].items[0].video as string;

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Number(whole.headers['content-length'])).toBe(4096);

    // What Safari asks first: two bytes, to learn the size.
    const probe = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } });
    expect(probe.statusCode).toBe(206);
    expect(probe.headers['content-range']).toBe('bytes 0-1/4096');
    expect(probe.headers['content-length']).toBe('2');
    expect(probe.headers['content-type']).toBe('video/mp4');
    expect(probe.rawPayload.equals(clip.subarray(0, 2))).toBe(true);

    const middle = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=1000-2999' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 1000-2999/4096');
    expect(middle.rawPayload.equals(clip.subarray(1000, 3000))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=4000-' } });
    expect(tail.headers['content-range']).toBe('bytes 4000-4095/4096');
    expect(tail.rawPayload.length).toBe(96);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */4096');
    // Several ranges: the whole file.
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,10-20' } })).statusCode).toBe(200);

    // The tablet's own address (signed in) answers ranges too.
    const own = await t.app.inject({ method: 'GET', url: sent.body.url, headers: { authorization: `Bearer ${admin.token}`, range: 'bytes=10-19' } });
    expect(own.statusCode).toBe(206);
    expect(own.rawPayload.equals(clip.subarray(10, 20))).toBe(true);
    // One read of the store per request: the bytes with the size, no separate size request.
    const head = vi.spyOn(storageOf(t.config), 'head');
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } })).statusCode).toBe(206);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-' } })).headers['content-range']).toBe('bytes */4096');
    expect(head).not.toHaveBeenCalled();
    head.mockRestore();
    // A field answered N/A since: its video is no longer the report's to serve.
    await t.database.db.execute(sql`UPDATE inspection_fields SET not_applicable = true WHERE id = ${field}`);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE inspection_fields SET not_applicable = false WHERE id = ${field}`);
    // A range opens nothing the link does not: another video is still 404.
    const other = await padsOf();
    const hidden = await sendVideo(other.field, mp4(3));
    expect((await t.app.inject({ method: 'GET', url: `${link}/videos/${String(hidden.body.url).split('/')[4]}`, headers: { range: 'bytes=0-1' } })).statusCode).toBe(404);
  });
});

import type { Attribute, ParseResult } from '../../jsonapi/attributes.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** Pictures are files uploaded to Atelier (or, from older data, web addresses: see holdsUploads). */
const PICTURE_URL = /^(\/api\/v1\/uploads\/[0-9a-f-]{36}\/content|https?:\/\/\S+)$/i;

/**
 * A list of pictures (a vehicle's, an inspection's, an answer's): at most `max` addresses; each one
 * a document adds must be an upload the writer may see, never a web address (holdsUploads). A
 * PATCH removes a picture by sending the list without it.
 */
export const pictureList =
  (max: number, code: MessageKey = 'validation.picture_url') =>
  (a: Attribute): Attribute =>
    a
      .check((v: unknown): ParseResult => {
        const list = v as string[];
        if (list.length > max) return { ok: false, code: 'validation.max', params: { max } };
        return list.every((u) => PICTURE_URL.test(u)) ? { ok: true, value: list } : { ok: false, code };
      })
      .holdsUploads();

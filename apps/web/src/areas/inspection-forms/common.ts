import { ApiError } from '../../api/jsonapi.ts';
import i18n, { translateError } from '../../i18n/index.ts';

/** The server's message of a refused call (already translated), else a known error's text. */
export function messageOf(e: unknown): string {
  if (e instanceof ApiError) {
    const first = e.errors.find((x) => x.detail) ?? e.errors[0];
    const raw = first?.detail ?? first?.title ?? '';
    return translateError(first?.code ?? '') ?? translateError(raw) ?? (raw || i18n.t('errors:SOMETHING_WENT_WRONG'));
  }
  return i18n.t('errors:SOMETHING_WENT_WRONG');
}

/** The message of one attribute in a refused call (its pointer /data/attributes/<name>), else the first one. */
export function attributeMessage(e: unknown, name: string): string {
  if (e instanceof ApiError && e.fieldErrors[name]) return e.fieldErrors[name];
  return messageOf(e);
}

import type { Locale } from '@atelier/domain';
import { hasMessage, t, type MessageKey, type MessageParams } from '../i18n/index.ts';

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
}

/** One JSON:API error, with its message as a translation key so it follows the request's locale. */
export interface ErrorItem {
  status: number;
  code: MessageKey;
  params?: MessageParams;
  source?: ErrorSource;
  /** What a screen needs to lead the user to the fault beyond the pointer (ids, never translated). */
  meta?: Record<string, string>;
}

/**
 * The most errors one answer lists: a body of 150,000 unreadable entries is told the first ones
 * and how many more (its errors spread at once overflowed the stack: a 500).
 */
export const MAX_ERRORS = 100;

/** Thrown anywhere in a request; the error handler renders it as a JSON:API error document. */
export class ApiError extends Error {
  readonly errors: ErrorItem[];
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(status: number, code: MessageKey, params?: MessageParams, source?: ErrorSource, headers?: Record<string, string>) {
    super(code);
    this.status = status;
    this.errors = [{ status, code, params, source }];
    this.headers = headers ?? {};
  }

  static many(items: ErrorItem[]): ApiError {
    const e = new ApiError(items[0].status, items[0].code, items[0].params, items[0].source);
    e.errors.splice(0, 1, ...items.slice(0, MAX_ERRORS));
    if (items.length > MAX_ERRORS) e.errors.push({ status: e.status, code: 'error.more_errors', params: { count: items.length - MAX_ERRORS } });
    return e;
  }
}

/**
 * The ids a message names ("{id} does not exist"): the first 10, each cut to 100 characters, then
 * "…": 40,000 unknown ids made one message of 300 KB.
 */
export const idList = (ids: readonly string[]) => ids.slice(0, 10).map((id) => id.slice(0, 100)).join(', ') + (ids.length > 10 ? ', …' : '');

export const badRequest = (code: MessageKey, params?: MessageParams, parameter?: string) =>
  new ApiError(400, code, params, parameter ? { parameter } : undefined);
export const forbidden = () => new ApiError(403, 'error.forbidden');
export const notFound = (id: string) => new ApiError(404, 'error.not_found', { id });
export const conflict = (code: MessageKey = 'error.conflict', params?: MessageParams) => new ApiError(409, code, params);
export const unauthenticated = () => new ApiError(401, 'error.unauthenticated');

/** Collects field errors of one request so the client gets all of them at once. */
export class ValidationErrors {
  readonly items: ErrorItem[] = [];
  add(pointer: string, code: MessageKey, params?: MessageParams, meta?: Record<string, string>) {
    this.items.push({ status: 422, code, params, source: { pointer }, ...(meta ? { meta } : {}) });
  }
  get empty() {
    return this.items.length === 0;
  }
  throwIfAny() {
    if (this.items.length) throw ApiError.many(this.items);
  }
}

export const attributePointer = (name: string) => `/data/attributes/${name}`;
export const relationshipPointer = (name: string) => `/data/relationships/${name}`;

export function renderErrors(errors: ErrorItem[], locale: Locale) {
  return {
    errors: errors.map((e) => ({
      status: String(e.status),
      code: e.code,
      title: t(locale, statusTitle(e.status)),
      detail: t(locale, e.code, e.params),
      ...(e.source ? { source: e.source } : {}),
      ...(e.meta ? { meta: e.meta } : {}),
    })),
  };
}

function statusTitle(status: number): MessageKey {
  const key = `title.${status}`;
  if (hasMessage(key)) return key;
  return status >= 500 ? 'title.500' : 'title.400';
}

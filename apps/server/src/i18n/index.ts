import type { Locale } from '@atelier/domain';
import { en } from './en.ts';
import { fr, type MessageKey } from './fr.ts';

export type { MessageKey };
const catalogues: Record<Locale, Record<MessageKey, string>> = { fr, en };

export type MessageParams = Record<string, string | number>;

/** Translates a server message key, replacing {name} placeholders. */
export function t(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = catalogues[locale][key] ?? catalogues.fr[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export function hasMessage(key: string): key is MessageKey {
  return Object.hasOwn(fr, key);
}

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atelier/domain';

/**
 * One JSON file per area and locale (locales/{fr,en}/<area>.json); keys are written in code as
 * 'area:path.to.key' so the unit test can check every key used exists in both locales.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(files)) {
  const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
  if (!m) continue;
  (resources[m[1]] ??= {})[m[2]] = mod.default;
}
export const NAMESPACES = Object.keys(resources[DEFAULT_LOCALE] ?? {});

export const GLOBAL_LOCALE_KEY = 'GLOBAL_LOCALE';

export function storedLocale(): Locale | null {
  try {
    const v = localStorage.getItem(GLOBAL_LOCALE_KEY);
    return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : null;
  } catch {
    return null;
  }
}

export function currentLocale(): Locale {
  const l = (i18n.language ?? DEFAULT_LOCALE).slice(0, 2);
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LOCALE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: NAMESPACES,
  defaultNS: 'common',
  nsSeparator: ':',
  keySeparator: '.',
  interpolation: { escapeValue: false },
  returnNull: false,
});

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

/** Translation of a server message under ERRORS when one exists (spec platform §8). */
export function translateError(raw: string): string | null {
  const key = `errors:${raw}`;
  return i18n.exists(key) ? i18n.t(key) : null;
}

export default i18n;

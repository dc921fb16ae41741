import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atelier/domain';

/**
 * One JSON file per area and locale (locales/{fr,en}/<area>.json); keys are written in code as
 * 'area:path.to.key' so the unit test can check every key used exists in both locales. The texts
 * of the sign-in page and of every screen's frame come with the first page; the areas' texts load
 * with the pages (loadAreaTexts, awaited by the router's lazy pages), so /login stays small.
 */
const firstFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/{common,auth,errors,validation}.json', { eager: true });
const areaFiles = import.meta.glob<{ default: Record<string, unknown> }>(['../locales/*/*.json', '!../locales/*/{common,auth,errors,validation}.json'], { import: 'default' });

const fileName = (path: string) => /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);

/** The texts of the first page, by locale and namespace. */
export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, mod] of Object.entries(firstFiles)) {
  const m = fileName(path);
  if (m) (resources[m[1]] ??= {})[m[2]] = mod.default;
}
/** The areas' namespaces: loaded with the pages. */
const AREA_NAMESPACES = [...new Set(Object.keys(areaFiles).flatMap((path) => (fileName(path)?.[1] === DEFAULT_LOCALE ? [fileName(path)![2]] : [])))];
export const NAMESPACES = [...Object.keys(resources[DEFAULT_LOCALE] ?? {}), ...AREA_NAMESPACES];

/** Reads an area's file for i18next (each file is its own small chunk). */
const areaBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (err: unknown, data?: Record<string, unknown>) => void) {
    const load = areaFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (data) => done(null, data as Record<string, unknown>),
      (err) => done(err),
    );
  },
};

/**
 * The areas' texts in both languages; the router's pages wait for them. Both, so that a page that
 * switches language (the frame's ?lang=, a customer's link) shows no text of the other meanwhile.
 */
export async function loadAreaTexts() {
  await i18n.loadNamespaces(AREA_NAMESPACES);
  await i18n.loadLanguages([...LOCALES]);
}

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

void i18n.use(initReactI18next).use(areaBackend).init({
  resources,
  partialBundledLanguages: true,
  lng: storedLocale() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
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

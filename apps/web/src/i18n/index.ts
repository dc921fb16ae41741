import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atelier/domain';

/**
 * One JSON file per area and locale (locales/{fr,en}/<area>.json); keys are written in code as
 * 'area:path.to.key' so the unit test can check every key used exists in both locales. The texts
 * of the sign-in page and of every screen's frame (common, auth, errors, validation) in the
 * default language, French, come with the first page; every other file is its own small chunk:
 * English when it is chosen (i18next waits for it before switching), the areas' texts with the
 * pages (loadAreaTexts, awaited by the router's lazy pages), so /login stays small.
 */
const firstFiles = import.meta.glob<Record<string, unknown>>('../locales/fr/{common,auth,errors,validation}.json', { eager: true, import: 'default' });
const laterFiles = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/fr/{common,auth,errors,validation}.json'], { import: 'default' });

const fileName = (path: string) => /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);

const FIRST_NAMESPACES = Object.keys(firstFiles).map((path) => fileName(path)![2]);
const resources = { [DEFAULT_LOCALE]: Object.fromEntries(Object.entries(firstFiles).map(([path, texts]) => [fileName(path)![2], texts])) };
/** The areas' namespaces: loaded with the pages. */
const AREA_NAMESPACES = [...new Set(Object.keys(laterFiles).flatMap((path) => (fileName(path)?.[1] === DEFAULT_LOCALE ? [fileName(path)![2]] : [])))];

/** Reads a later file for i18next (each file is its own small chunk). */
const laterBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (err: unknown, data?: Record<string, unknown>) => void) {
    const load = laterFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (data) => done(null, data),
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

void i18n.use(initReactI18next).use(laterBackend).init({
  resources,
  partialBundledLanguages: true,
  lng: storedLocale() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: FIRST_NAMESPACES,
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

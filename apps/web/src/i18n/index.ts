import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@atelier/domain';

/**
 * One JSON file per area and locale (locales/{fr,en}/<area>.json); keys are written in code as
 * 'area:path.to.key' so the unit test can check every key used exists in both locales. The texts
 * of the sign-in page and of every screen's frame (common, auth, errors, validation) come with the
 * first page in the default language, French; in English when it is chosen (i18next waits for
 * them before switching); the areas' texts, both languages in one chunk, with the pages
 * (loadAreaTexts, awaited by the router's lazy pages). So /login stays small.
 */
const firstFiles = import.meta.glob<Record<string, unknown>>('../locales/fr/{common,auth,errors,validation}.json', { eager: true, import: 'default' });
const englishFirstFiles = import.meta.glob<Record<string, unknown>>('../locales/en/{common,auth,errors,validation}.json', { import: 'default' });

const fileName = (path: string) => /locales\/(\w+)\/([\w-]+)\.json$/.exec(path)!;

const firstTexts = Object.fromEntries(Object.entries(firstFiles).map(([path, texts]) => [fileName(path)[2], texts]));

/** Reads the English first texts for i18next. */
const englishBackend = {
  type: 'backend' as const,
  init() {},
  read(language: string, namespace: string, done: (err: unknown, data?: Record<string, unknown>) => void) {
    const load = englishFirstFiles[`../locales/${language}/${namespace}.json`];
    if (!load) return done(null, {});
    load().then(
      (data) => done(null, data),
      (err) => done(err),
    );
  },
};

/**
 * The areas' texts and the first ones, in both languages; the router's pages wait for them. Both,
 * so that a page that switches language (the frame's ?lang=, a customer's link) shows no text of
 * the other meanwhile.
 */
let areaTextsLoaded: Promise<void> | undefined;
export function loadAreaTexts(): Promise<void> {
  areaTextsLoaded ??= Promise.all([import('./areaTexts.ts'), i18n.loadLanguages([...LOCALES])]).then(
    ([{ areaTexts }]) => {
      for (const [path, texts] of Object.entries(areaTexts)) i18n.addResourceBundle(fileName(path)[1], fileName(path)[2], texts);
    },
    (e: unknown) => {
      areaTextsLoaded = undefined;
      throw e;
    },
  );
  return areaTextsLoaded;
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

void i18n.use(initReactI18next).use(englishBackend).init({
  resources: { [DEFAULT_LOCALE]: firstTexts },
  partialBundledLanguages: true,
  lng: storedLocale() ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: Object.keys(firstTexts),
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

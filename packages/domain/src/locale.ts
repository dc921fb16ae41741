export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
/** Each language named in each language. */
export const LOCALE_LABELS: Record<Locale, Record<Locale, string>> = {
  fr: { fr: 'Français', en: 'French' },
  en: { fr: 'Anglais', en: 'English' },
};
export const DEFAULT_LOCALE: Locale = 'fr';
export const DEFAULT_CURRENCY = 'CAD';
/** Canadian provinces and territories of the spec (CN is the national value). */
export const PROVINCES = ['AB', 'BC', 'CN', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;

/** Picks the first supported language of an Accept-Language header; French by default. */
export function pickLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { lang } of ranked) if ((LOCALES as readonly string[]).includes(lang)) return lang as Locale;
  return DEFAULT_LOCALE;
}

/** The first of `candidates` that is a language of the app (a customer's, then their organization's), else French. */
export function firstLocale(...candidates: unknown[]): Locale {
  for (const c of candidates) if ((LOCALES as readonly unknown[]).includes(c)) return c as Locale;
  return DEFAULT_LOCALE;
}


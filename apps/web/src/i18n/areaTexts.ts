/** The areas' texts in both languages: one chunk, loaded with the first page that needs them (index.ts). */
export const areaTexts = import.meta.glob<Record<string, unknown>>(['../locales/*/*.json', '!../locales/*/{common,auth,errors,validation}.json'], { eager: true, import: 'default' });

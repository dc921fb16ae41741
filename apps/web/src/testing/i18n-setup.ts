// Every web unit test: the areas' texts in both languages, as the router's pages have them.
import i18n, { loadAreaTexts } from '../i18n/index.ts';

await loadAreaTexts();
await i18n.loadLanguages(['fr', 'en']);

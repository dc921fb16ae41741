// Every web unit test: the areas' texts in both languages, as the router's pages have them.
import { loadAreaTexts } from '../i18n/index.ts';

await loadAreaTexts();

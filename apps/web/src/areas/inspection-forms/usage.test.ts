import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { usageOf } from './usage.ts';

describe('a form’s usage', () => {
  it('counts the inspections made from the form; none, or no count, is unused', () => {
    expect(usageOf({ inspections_count: 3 })).toEqual({ used: true, count: 3 });
    expect(usageOf({ inspections_count: 0 })).toEqual({ used: false, count: 0 });
    expect(usageOf({})).toEqual({ used: false, count: 0 });
  });

  it('warns with the number of inspections in both languages', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t('inspection-forms:editor.in_use', { count: 2 })).toMatch(/^Ce formulaire est utilisé par 2 inspections/);
    await i18n.changeLanguage('en');
    expect(i18n.t('inspection-forms:editor.in_use', { count: 1 })).toMatch(/ 1 inspection\b/);
    await i18n.changeLanguage('fr');
  });
});

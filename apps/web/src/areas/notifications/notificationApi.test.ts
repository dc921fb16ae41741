import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { eventKey, notificationHref } from './notificationApi.ts';

describe('a notification', () => {
  it('opens the screen of its record: inspections, estimates, repairs; a deleted one, nothing', () => {
    const n = (subject_type: string, event = 'updated') => ({ subject_type, subject_id: 'abc', data: {}, event });
    expect(notificationHref(n('inspections'))).toBe('/inspecpro/inspections/abc');
    expect(notificationHref(n('estimations', 'customer_answered'))).toBe('/inspecpro/estimates/abc');
    expect(notificationHref(n('repairs', 'assign'))).toBe('/inspecpro/repairs/abc');
    expect(notificationHref(n('repairs', 'deleted'))).toBeNull();
    expect(notificationHref(n('taxes'))).toBeNull();
  });

  it('says what happened in its own words for the customer’s answer and an assignment, in French and English', async () => {
    for (const lng of ['fr', 'en']) {
      await i18n.changeLanguage(lng);
      for (const event of ['customer_answered', 'assign']) {
        expect(eventKey({ event })).toBe(`notifications:events.${event}`);
        expect(i18n.exists(`notifications:events.${event}`)).toBe(true);
      }
      expect(eventKey({ event: 'start' })).toBe('notifications:events.other');
    }
    expect(i18n.t('notifications:events.customer_answered', { causer: 'Mary Grant', type: i18n.t('notifications:types.estimations'), label: 'E-1' })).toBe('Mary Grant answered the estimate “E-1”');
    await i18n.changeLanguage('fr');
  });
});

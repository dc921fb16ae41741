import { describe, expect, it } from 'vitest';
import type { ConsentRecord } from '../messaging/consent.ts';
import { chooseFollowUpChannel, emailFollowUpConsent, followUpDueAt, followUpSchedule, parseFollowUpDays, type FollowUpReach } from './follow-ups.ts';

const DAY = 86_400_000;
const declinedAt = new Date('2026-01-10T15:00:00Z');
const after = (days: number) => new Date(declinedAt.getTime() + days * DAY);
const consent = (channel: 'sms' | 'email', kind: 'transactional' | 'promotional', given: boolean, day = 0, id = `${channel}-${kind}-${day}`): ConsentRecord => ({ id, channel, kind, given, at: after(day) });
const reach = (over: Partial<FollowUpReach> = {}): FollowUpReach => ({ phone: '+15145550142', email: 'eric@example.com', consents: [], declinedAt, now: after(30), ...over });

describe('the schedule', () => {
  it.each([
    [[30, 90], [30, 90]],
    ['30, 90', [30, 90]],
    ['7;30 ;90', [7, 30, 90]],
    [[90, 30], null],
    [[30, 30], null],
    [[0], null],
    [[731], null],
    [[1.5], null],
    [[], null],
    [[1, 2, 3, 4, 5, 6, 7], null],
    ['trente', null],
    [null, null],
  ])('%j reads as %j', (value, days) => {
    expect(parseFollowUpDays(value)).toEqual(days);
  });

  it('falls back to 30 and 90 days, text first, off, on bad stored values', () => {
    expect(followUpSchedule({})).toEqual({ enabled: false, days: [30, 90], preference: 'sms_first' });
    expect(followUpSchedule({ enabled: true, days: [14], channel: 'email_only' })).toEqual({ enabled: true, days: [14], preference: 'email_only' });
    expect(followUpSchedule({ enabled: 'yes', days: 'x', channel: 'pigeon' })).toEqual({ enabled: false, days: [30, 90], preference: 'sms_first' });
  });

  it('dates each step from the decline', () => {
    expect(followUpDueAt(declinedAt, 1, [30, 90])).toEqual(after(30));
    expect(followUpDueAt(declinedAt, 2, [30, 90])).toEqual(after(90));
    expect(followUpDueAt(declinedAt, 3, [30, 90])).toBeNull();
  });
});

describe('the channel (CASL)', () => {
  it('texts only under an express promotional consent: a transactional one is not enough', () => {
    expect(chooseFollowUpChannel('sms_only', reach({ consents: [consent('sms', 'transactional', true)] }))).toEqual({ channel: null, reason: 'no_consent' });
    expect(chooseFollowUpChannel('sms_only', reach({ consents: [consent('sms', 'promotional', true, 0, 'p')] }))).toEqual({ channel: 'sms', contact: '+15145550142', consentId: 'p' });
    expect(chooseFollowUpChannel('sms_only', reach({ consents: [consent('sms', 'promotional', true, 0), consent('sms', 'promotional', false, 5)] }))).toEqual({ channel: null, reason: 'no_consent' });
  });

  it('e-mails under an express consent, or the implied consent of the estimate for six months, never after a withdrawal', () => {
    expect(emailFollowUpConsent([], declinedAt, after(90))).toEqual({ allowed: true, consentId: null });
    expect(emailFollowUpConsent([], declinedAt, after(200))).toEqual({ allowed: false });
    expect(emailFollowUpConsent([consent('email', 'promotional', true, 0, 'e')], declinedAt, after(400))).toEqual({ allowed: true, consentId: 'e' });
    expect(emailFollowUpConsent([consent('email', 'promotional', false, 3)], declinedAt, after(30))).toEqual({ allowed: false });
  });

  it('follows the organization’s order, falling back to the other channel', () => {
    const both = [consent('sms', 'promotional', true, 0, 'p')];
    expect(chooseFollowUpChannel('sms_first', reach({ consents: both }))).toMatchObject({ channel: 'sms' });
    expect(chooseFollowUpChannel('email_first', reach({ consents: both }))).toMatchObject({ channel: 'email', contact: 'eric@example.com', consentId: null });
    expect(chooseFollowUpChannel('sms_first', reach())).toMatchObject({ channel: 'email' });
    expect(chooseFollowUpChannel('email_first', reach({ email: null, consents: both }))).toMatchObject({ channel: 'sms' });
    expect(chooseFollowUpChannel('email_only', reach({ email: null }))).toEqual({ channel: null, reason: 'no_contact' });
    expect(chooseFollowUpChannel('sms_first', reach({ phone: null, email: null }))).toEqual({ channel: null, reason: 'no_contact' });
  });
});

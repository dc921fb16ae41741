import { describe, expect, it } from 'vitest';
import { consentDecision, replyKeyword, textableNumber } from './consent.ts';

describe('reply keywords (as Twilio handles them)', () => {
  it('STOP, ARRÊT and ARRET withdraw, whatever the case and spaces', () => {
    for (const body of ['STOP', ' stop ', 'Arrêt', 'ARRET', 'arret\n']) expect(replyKeyword(body)).toBe('withdraw');
  });
  it('START gives consent back', () => {
    expect(replyKeyword('start')).toBe('give');
  });
  it('an ordinary reply is no keyword', () => {
    expect(replyKeyword('Merci, à demain')).toBeNull();
    expect(replyKeyword('stop the car please')).toBeNull();
  });
});

describe('consent decision', () => {
  const at = (iso: string) => new Date(iso);
  it('no consent recorded: no text', () => {
    expect(consentDecision([], 'sms', 'transactional')).toEqual({ allowed: false, reason: 'none' });
  });
  it('the latest record of the same channel and kind decides', () => {
    const records = [
      { id: 'a', channel: 'sms', kind: 'transactional', given: true, at: at('2026-01-01') },
      { id: 'b', channel: 'sms', kind: 'transactional', given: false, at: at('2026-02-01') },
    ] as const;
    expect(consentDecision(records, 'sms', 'transactional')).toEqual({ allowed: false, reason: 'withdrawn', consentId: 'b' });
    expect(consentDecision([...records, { id: 'c', channel: 'sms', kind: 'transactional', given: true, at: at('2026-03-01') }], 'sms', 'transactional'))
      .toEqual({ allowed: true, consentId: 'c' });
  });
  it('transactional consent does not allow promotional texts, nor e-mail consent texts', () => {
    const records = [
      { id: 'a', channel: 'sms', kind: 'transactional', given: true, at: at('2026-01-01') },
      { id: 'b', channel: 'email', kind: 'promotional', given: true, at: at('2026-01-01') },
    ] as const;
    expect(consentDecision(records, 'sms', 'promotional')).toEqual({ allowed: false, reason: 'none' });
    expect(consentDecision(records, 'sms', 'transactional')).toEqual({ allowed: true, consentId: 'a' });
  });
});

describe('textableNumber', () => {
  it.each([
    ['514 555-0142', '+15145550142'],
    ['(514) 555.0142', '+15145550142'],
    ['1 514 555 0142', '+15145550142'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('%s is %s', (typed, e164) => expect(textableNumber(typed)).toBe(e164));
  it.each(['', null, '555-0142', 'abc', '+1 514 555 0142 0000 0000'])('%s is no number to text', (typed) => expect(textableNumber(typed)).toBeNull());
});

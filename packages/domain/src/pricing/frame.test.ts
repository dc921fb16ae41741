import { describe, expect, it } from 'vitest';
import { checkFrameSettings, checkLead, DEFAULT_FRAME_SETTINGS, frameOffer, marginProblems, withFrameMargin } from './frame.ts';
import { checkPriceRequest } from './request.ts';

describe('the frame’s margin', () => {
  it('names each margin member a public caller sent, and nothing else', () => {
    expect(marginProblems({ year: 2021, desired_profit: 0, damage_cost: 10 }).map((p) => p.field)).toEqual(['desired_profit', 'damage_cost']);
    expect(marginProblems({ year: 2021 })).toEqual([]);
    expect(marginProblems('x')).toEqual([]);
  });

  it('puts the organization’s margin in place of the request’s', () => {
    const checked = checkPriceRequest({ year: 2021, make: 'Toyota', model: 'RAV4', kilometers: 1, province: 'QC' }, 2026);
    if (!checked.ok) throw new Error('valid');
    expect(withFrameMargin(checked.request, { desiredProfit: 2000, aggressionPercent: 10, damageCost: 500, display: 'offer' })).toMatchObject({ desiredProfit: 2000, aggressionPercent: 10, damageCost: 500 });
  });

  it('checks a change of the settings over the current ones', () => {
    expect(checkFrameSettings({ desired_profit: 1500 }, DEFAULT_FRAME_SETTINGS)).toEqual({ ok: true, settings: { ...DEFAULT_FRAME_SETTINGS, desiredProfit: 1500 } });
    const bad = checkFrameSettings({ desired_profit: 1.5, aggression_percentage: 101, display: 'all', other: 1 }, DEFAULT_FRAME_SETTINGS);
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.field} ${p.code}`)).toEqual(['body validation.unknown_attribute', 'desired_profit validation.integer', 'aggression_percentage validation.max', 'display validation.enum']);
  });

  it('shows the offer, or the offers at the market’s low and high', () => {
    const terms = { condition: 'good' as const, accident: false, rebuilt: false, aggressionPercent: 0, desiredProfit: 1000, damageCost: 0 };
    expect(frameOffer(20_000, terms, { low: 18_000, high: 23_000 }, 'offer')).toEqual({ display: 'offer', offer: 20_000, low: 20_000, high: 20_000 });
    expect(frameOffer(20_000, terms, { low: 18_000, high: 23_000 }, 'range')).toEqual({ display: 'range', offer: 20_000, low: 17_000, high: 22_000 });
    expect(frameOffer(20_000, terms, null, 'range')).toEqual({ display: 'range', offer: 20_000, low: 20_000, high: 20_000 });
  });
});

describe('a lead', () => {
  it('needs a name, a phone or an e-mail, and the ticked consent', () => {
    expect(checkLead({ name: ' Julie ', email: 'Julie@Exemple.CA', consent: true })).toEqual({ ok: true, lead: { name: 'Julie', phone: null, email: 'julie@exemple.ca' } });
    const none = checkLead({ consent: 'yes' });
    expect(none.ok ? [] : none.problems.map((p) => `${p.field} ${p.code}`)).toEqual(['name validation.required', 'phone pricing.lead_contact_required', 'consent pricing.lead_consent_required']);
    const bad = checkLead({ name: 'J', phone: 'abc', email: 'x@', consent: true });
    expect(bad.ok ? [] : bad.problems.map((p) => p.field)).toEqual(['phone', 'email']);
  });
});

import { describe, expect, it } from 'vitest';
import { CALLBACK_EVENTS, DEFAULT_OPTIONS, OPTION_RULES, callbackBackoffSeconds, parseOption } from './options.ts';

describe('option rules', () => {
  it('has a rule for every default option, and every default passes it', () => {
    expect([...OPTION_RULES.keys()].sort()).toEqual(Object.keys(DEFAULT_OPTIONS).sort());
    for (const [name, value] of Object.entries(DEFAULT_OPTIONS)) expect(parseOption(name, value)).toEqual({ ok: true, value });
  });

  it('names every callback event an option of its own', () => {
    for (const { option } of CALLBACK_EVENTS.values()) expect(OPTION_RULES.get(option)?.kind).toBe('callback_url');
  });

  const uuid = '0190f3a2-1b2c-7d3e-8f40-123456789abc';
  it.each([
    ['general.document_footer', 'Merci de votre confiance', { ok: true, value: 'Merci de votre confiance' }],
    ['general.document_footer', null, { ok: true, value: '' }],
    ['general.document_footer', 'x'.repeat(2001), { ok: false, code: 'option.too_long', params: { max: 2000 } }],
    ['general.document_footer', 12, { ok: false, code: 'option.text' }],
    ['general.currency', 'USD', { ok: true, value: 'USD' }],
    ['general.currency', 'usd', { ok: false, code: 'option.currency', params: { values: 'CAD, USD, EUR' } }],
    ['estimations.default_hourly_rate', 0, { ok: true, value: 0 }],
    ['estimations.default_hourly_rate', 14_550, { ok: true, value: 14_550 }],
    ['estimations.default_hourly_rate', -1, { ok: false, code: 'option.money' }],
    ['estimations.default_hourly_rate', 12.5, { ok: false, code: 'option.money' }],
    ['estimations.default_hourly_rate', '120', { ok: false, code: 'option.money' }],
    ['estimations.default_hourly_rate', 1_000_001, { ok: false, code: 'option.money_max', params: { max: 10_000 } }],
    ['estimations.default_tax_group', uuid.toUpperCase(), { ok: true, value: uuid }],
    ['estimations.default_tax_group', '', { ok: true, value: null }],
    ['sales.default_tax_group', 'qc', { ok: false, code: 'option.tax_group' }],
    ['inspections.callback_url_completed', 'https://hooks.example.com/atelier?x=1', { ok: true, value: 'https://hooks.example.com/atelier?x=1' }],
    ['inspections.callback_url_completed', ' http://Hooks.Example.com ', { ok: true, value: 'http://hooks.example.com/' }],
    ['inspections.callback_url_completed', '', { ok: true, value: null }],
    ['inspections.callback_url_completed', 'ftp://example.com/', { ok: false, code: 'option.url' }],
    ['inspections.callback_url_completed', 'javascript:alert(1)', { ok: false, code: 'option.url' }],
    ['inspections.callback_url_completed', 'not a url', { ok: false, code: 'option.url' }],
    ['repairs.callback_url_completed', 'https://user:pw@example.com/', { ok: false, code: 'option.url_credentials' }],
    ['repairs.callback_url_completed', 'http://127.0.0.1:8080/', { ok: false, code: 'option.url_private', params: { address: '127.0.0.1' } }],
    ['repairs.callback_url_completed', 'http://[::ffff:169.254.169.254]/', { ok: false, code: 'option.url_private', params: { address: '::ffff:a9fe:a9fe' } }],
    ['repairs.callback_url_completed', 'http://10.0.0.8/', { ok: false, code: 'option.url_private', params: { address: '10.0.0.8' } }],
    ['nope.option', 'x', { ok: false, code: 'option.unknown', params: { name: 'nope.option' } }],
    ['__proto__', 'x', { ok: false, code: 'option.unknown', params: { name: '__proto__' } }],
  ])('%s = %j', (name, value, expected) => {
    expect(parseOption(name, value)).toEqual(expected);
  });

  it('lets a deployment that allows private networks call them', () => {
    expect(parseOption('repairs.callback_url_completed', 'http://127.0.0.1:8080/hook', { allowPrivate: true })).toEqual({ ok: true, value: 'http://127.0.0.1:8080/hook' });
  });

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3, 4, 8].map((n) => callbackBackoffSeconds(n))).toEqual([30, 60, 120, 240, 3840]);
    expect(callbackBackoffSeconds(40)).toBe(6 * 3600);
  });
});

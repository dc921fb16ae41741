import { describe, expect, it } from 'vitest';
import { frameAncestors, hostOf, matchingDomain, normalizeAllowedDomain } from './domains.ts';

describe('allowed domains', () => {
  it.each([
    ['https://www.Garage.ca/contact?x=1', 'www.garage.ca'],
    ['garage.ca', 'garage.ca'],
    ['*.garage.ca', '*.garage.ca'],
    ['127.0.0.1:4173', '127.0.0.1:4173'],
    ['localhost', 'localhost'],
  ])('%s is written %s', (input, value) => {
    expect(normalizeAllowedDomain(input)).toEqual({ ok: true, value });
  });

  it.each(['', 'garage ca', 'https://', '*.', 'a..b', 'garage.ca:99999', '-garage.ca', "garage.ca' 'unsafe-inline"])('refuses %j', (input) => {
    expect(normalizeAllowedDomain(input)).toEqual({ ok: false, code: 'pricing.domain_invalid' });
  });

  it('reads the host of an Origin or a Referer', () => {
    expect(hostOf('https://www.garage.ca')).toBe('www.garage.ca');
    expect(hostOf('http://127.0.0.1:4173/page.html?x')).toBe('127.0.0.1:4173');
    expect(hostOf('null')).toBeNull();
    expect(hostOf('file:///tmp/x.html')).toBeNull();
    expect(hostOf(undefined)).toBeNull();
  });

  const domains = [{ domain: 'garage.ca' }, { domain: '*.autos.ca' }, { domain: '127.0.0.1:4173' }];
  it.each([
    ['garage.ca', 'garage.ca'],
    ['garage.ca:8443', 'garage.ca'],
    ['www.garage.ca', undefined],
    ['shop.autos.ca', '*.autos.ca'],
    ['autos.ca', undefined],
    ['evilautos.ca', undefined],
    ['127.0.0.1:4173', '127.0.0.1:4173'],
    ['127.0.0.1:4174', undefined],
  ])('%s matches %s', (host, expected) => {
    expect(matchingDomain(host, domains)?.domain).toBe(expected);
  });

  it('lists them as frame ancestors, none without any', () => {
    expect(frameAncestors(domains)).toBe('frame-ancestors garage.ca:* *.autos.ca:* 127.0.0.1:4173');
    expect(frameAncestors([])).toBe("frame-ancestors 'none'");
    expect(frameAncestors([{ domain: 'garage.ca' }], { self: true })).toBe("frame-ancestors 'self' garage.ca:*");
  });
});

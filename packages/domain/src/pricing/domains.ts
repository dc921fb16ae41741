// The websites allowed to embed the estimation frame: how a domain is written, whether a call's
// Origin (or Referer) is one of them, and the Content-Security-Policy frame-ancestors naming them.

/** A host name (letters, digits, hyphens, dots; IDNs in punycode), or *.host for its subdomains, and an optional port. */
const DOMAIN = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*(:\d{1,5})?$/;

export type DomainCheck = { ok: true; value: string } | { ok: false; code: 'pricing.domain_invalid' };

/**
 * A domain as people paste it ("https://www.Garage.ca/contact") brought to its host ("www.garage.ca");
 * anything else than a host and an optional port is refused.
 */
export function normalizeAllowedDomain(input: string): DomainCheck {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  if (!DOMAIN.test(text) || text.length > 260) return { ok: false, code: 'pricing.domain_invalid' };
  const port = /:(\d+)$/.exec(text);
  if (port && (Number(port[1]) < 1 || Number(port[1]) > 65535)) return { ok: false, code: 'pricing.domain_invalid' };
  return { ok: true, value: text };
}

/** The host (and port, when not the scheme's default) of an Origin or Referer header, or null. */
export function hostOf(header: string | null | undefined): string | null {
  if (!header || header === 'null') return null;
  try {
    const url = new URL(header);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The allowed domain a host matches, or undefined: the same host (a domain without a port takes
 * any port), or a subdomain of a *.domain entry.
 */
export function matchingDomain<D extends { domain: string }>(host: string, domains: readonly D[]): D | undefined {
  const [hostname] = host.split(':');
  return domains.find(({ domain }) => {
    const wildcard = domain.startsWith('*.');
    const bare = wildcard ? domain.slice(2) : domain;
    const withPort = bare.includes(':');
    const candidate = withPort ? host : hostname!;
    return wildcard ? candidate.endsWith(`.${bare}`) : candidate === bare;
  });
}

/**
 * The frame-ancestors directive: only the allowed domains may frame the page (and the app itself
 * with `self`, for its preview); 'none' without any. A domain written without a port is allowed
 * on any port, as the Origin check does.
 */
export function frameAncestors(domains: readonly { domain: string }[], { self = false }: { self?: boolean } = {}): string {
  const sources = [...(self ? ["'self'"] : []), ...domains.map(({ domain }) => (domain.includes(':') ? domain : `${domain}:*`))];
  return `frame-ancestors ${sources.length ? sources.join(' ') : "'none'"}`;
}

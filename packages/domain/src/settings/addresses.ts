// What kind of network address a callback would reach. A callback URL is typed by an
// organization's user and fetched by the server: without this check it could make the server
// read its own loopback services, the private network or a cloud's metadata endpoint
// (server-side request forgery). Pure: the server resolves the name and asks about each address.

export const ADDRESS_CLASSES = [
  'public',
  'unspecified',
  'loopback',
  'private',
  'link_local',
  'unique_local',
  'metadata',
  'multicast',
  'reserved',
  'invalid',
] as const;
export type AddressClass = (typeof ADDRESS_CLASSES)[number];

/** The four bytes of a dotted IPv4 address, or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^(0|[1-9]\d{0,2})$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** The eight 16-bit groups of an IPv6 address (with ::, an IPv4 tail, a zone), or null. */
export function parseIPv6(input: string): number[] | null {
  const text = input.replace(/%[\w.-]+$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string, last: boolean): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const items = part.split(':');
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (last && i === items.length - 1 && item.includes('.')) {
        const v4 = parseIPv4(item);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else if (/^[0-9a-fA-F]{1,4}$/.test(item)) out.push(parseInt(item, 16));
      else return null;
    }
    return out;
  };
  if (halves.length === 1) {
    const all = groupsOf(text, true);
    return all && all.length === 8 ? all : null;
  }
  const head = groupsOf(halves[0], false);
  const tail = groupsOf(halves[1], true);
  if (!head || !tail || head.length + tail.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

const inV4 = (b: number[], net: number[], bits: number) => {
  for (let i = 0; i < 4 && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((b[i] & mask) !== (net[i] & mask)) return false;
  }
  return true;
};

function classifyIPv4(b: number[]): AddressClass {
  // Cloud metadata services: AWS, GCP, Azure, OpenStack (169.254.169.254), Alibaba (100.100.100.200).
  if (b.join('.') === '169.254.169.254' || b.join('.') === '100.100.100.200') return 'metadata';
  if (inV4(b, [0, 0, 0, 0], 8)) return 'unspecified';
  if (inV4(b, [127, 0, 0, 0], 8)) return 'loopback';
  if (inV4(b, [10, 0, 0, 0], 8) || inV4(b, [172, 16, 0, 0], 12) || inV4(b, [192, 168, 0, 0], 16)) return 'private';
  // Carrier-grade NAT: not the public Internet either.
  if (inV4(b, [100, 64, 0, 0], 10)) return 'private';
  if (inV4(b, [169, 254, 0, 0], 16)) return 'link_local';
  if (inV4(b, [224, 0, 0, 0], 4)) return 'multicast';
  // IETF protocol assignments, documentation, benchmarking, 240/4 and broadcast.
  if (
    inV4(b, [192, 0, 0, 0], 24) ||
    inV4(b, [192, 0, 2, 0], 24) ||
    inV4(b, [198, 51, 100, 0], 24) ||
    inV4(b, [203, 0, 113, 0], 24) ||
    inV4(b, [198, 18, 0, 0], 15) ||
    inV4(b, [240, 0, 0, 0], 4)
  )
    return 'reserved';
  return 'public';
}

function classifyIPv6(g: number[]): AddressClass {
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  const v4 = () => [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
  if (zeros(8)) return 'unspecified';
  if (zeros(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) reach the IPv4 address.
  if (zeros(5) && g[5] === 0xffff) return classifyIPv4(v4());
  if (zeros(6)) return classifyIPv4(v4());
  // NAT64 (64:ff9b::/96) translates to the embedded IPv4 address.
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return classifyIPv4(v4());
  // 6to4 (2002::/16) carries an IPv4 address in its second and third groups.
  if (g[0] === 0x2002) return classifyIPv4([g[1] >> 8, g[1] & 0xff, g[2] >> 8, g[2] & 0xff]);
  // AWS's IPv6 metadata endpoint (inside fc00::/7, named apart for the message).
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata';
  if ((g[0] & 0xfe00) === 0xfc00) return 'unique_local';
  if ((g[0] & 0xffc0) === 0xfe80) return 'link_local';
  // Site-local (fec0::/10), deprecated but still routed inside some networks.
  if ((g[0] & 0xffc0) === 0xfec0) return 'private';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  // Documentation (2001:db8::/32), discard-only (100::/64), 0000::/8 other than the above.
  if ((g[0] === 0x2001 && g[1] === 0x0db8) || (g[0] === 0x0100 && g.slice(1, 4).every((x) => x === 0)) || g[0] < 0x100) return 'reserved';
  return 'public';
}

/** The class of an IP address (IPv4, IPv6, IPv4 inside IPv6; brackets allowed), 'invalid' when it is none. */
export function addressClass(address: string): AddressClass {
  const text = address.trim().replace(/^\[(.*)\]$/, '$1');
  const v4 = parseIPv4(text);
  if (v4) return classifyIPv4(v4);
  const v6 = text.includes(':') ? parseIPv6(text) : null;
  return v6 ? classifyIPv6(v6) : 'invalid';
}

/** Only public addresses may be called back (unless the deployment allows private ones). */
export const isPublicAddress = (address: string) => addressClass(address) === 'public';

/** Whether a URL host is an IP literal rather than a name to resolve. */
export const isIpLiteral = (host: string) => addressClass(host) !== 'invalid';

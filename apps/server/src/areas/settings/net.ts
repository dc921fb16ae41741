import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressClass } from '@atelier/domain';

// Outgoing calls to URLs an organization typed (callbacks). Every address the host resolves to
// must be public unless the deployment allows private networks; the connection is made to the
// address that was checked (the lookup below is the one the socket uses), so a name that
// resolves to a public address when saved and to 127.0.0.1 when sent (DNS rebinding) is refused.

export class RefusedAddress extends Error {
  constructor(
    readonly address: string,
    readonly kind: string,
  ) {
    super(`address ${address} is ${kind.replace('_', '-')}: refused`);
  }
}

const stripBrackets = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** The addresses of a host, each checked; throws RefusedAddress, or the resolver's error (ENOTFOUND). */
export async function resolveChecked(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }[]> {
  const name = stripBrackets(host);
  const literal = addressClass(name) !== 'invalid';
  const found = literal ? [{ address: name, family: name.includes(':') ? 6 : 4 }] : await lookup(name, { all: true, verbatim: true });
  if (!allowPrivate)
    for (const a of found) {
      const kind = addressClass(a.address);
      if (kind !== 'public') throw new RefusedAddress(a.address, kind);
    }
  return found;
}

/** What is wrong with a callback URL's host at save time, as a message: unresolvable or not public. */
export async function hostProblem(url: string, allowPrivate: boolean): Promise<{ code: 'option.url_private' | 'option.url_unresolved'; params: Record<string, string> } | null> {
  const host = new URL(url).hostname;
  try {
    await resolveChecked(host, allowPrivate);
    return null;
  } catch (err) {
    if (err instanceof RefusedAddress) return { code: 'option.url_private', params: { address: err.address } };
    return { code: 'option.url_unresolved', params: { host: stripBrackets(host) } };
  }
}

/** node:net's lookup, through the check (Node asks with all: true when it tries both families). */
const checkedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    resolveChecked(hostname, allowPrivate).then(
      (list) => {
        const wanted = options.family === 4 || options.family === 6 ? list.filter((a) => a.family === options.family) : list;
        if (!wanted.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        if (options.all) (callback as unknown as (e: null, l: typeof wanted) => void)(null, wanted);
        else callback(null, wanted[0].address, wanted[0].family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };

export interface PostResult {
  status: number;
  /** The first characters of the answer (no more is read). */
  excerpt: string;
}

const EXCERPT = 500;

/**
 * POSTs a body and reads the status and the start of the answer. Redirects are not followed (a
 * redirect could lead anywhere the check did not see); the whole call is bounded by timeoutMs.
 */
export async function postChecked(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowPrivate: boolean; timeoutMs: number },
): Promise<PostResult> {
  const target = new URL(url);
  // An IP literal is connected to without a lookup: check it here.
  if (addressClass(stripBrackets(target.hostname)) !== 'invalid') await resolveChecked(target.hostname, opts.allowPrivate);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(opts.allowPrivate),
        agent: false,
      },
      (res) => {
        let excerpt = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (excerpt.length < EXCERPT) excerpt += chunk;
          // Enough read: the rest of the answer is not ours to keep.
          if (excerpt.length >= EXCERPT) res.destroy();
        });
        const done = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, excerpt: excerpt.slice(0, EXCERPT) });
        };
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })), opts.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}

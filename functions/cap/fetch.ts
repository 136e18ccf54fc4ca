import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Fetching a CAP feed URL on behalf of an account: a conditional GET over node:http(s), bounded in
 * time and size, that (unless told otherwise) refuses to reach private addresses on any hop, so a
 * feed URL cannot be used to read the cloud's metadata service or anything else inside the network.
 */

/** A fetch that failed; `message` is a short sentence shown to people ('HTTP 404', 'timed out after 5 s'). */
export class FeedFetchError extends Error {
  override name = 'FeedFetchError';
}

type FetchOutcome =
  | { status: 'not-modified' }
  | {
      status: 'ok';
      bytes: Uint8Array;
      etag: string | null;
      lastModified: string | null;
      contentType: string | null;
    };

/** What the last successful fetch answered, sent back as If-None-Match / If-Modified-Since. */
type FetchValidators = { etag?: string | null; lastModified?: string | null };

export type FetchOptions = {
  /** Whether private, loopback, link-local… addresses may be reached (local development only). */
  allowPrivateAddresses: boolean;
  /** For the whole fetch, redirects included. Default 5000. */
  timeoutMs?: number;
  /** Largest body, before and after decompression. Default 1 MiB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  userAgent?: string;
  /**
   * For tests only: host names answered with this address instead of asking DNS, and trusted (not
   * checked against private ranges), so a test server on 127.0.0.1 can stand for a public host.
   */
  testHosts?: Readonly<Record<string, string>>;
};

const defaults = { timeoutMs: 5000, maxBytes: 1024 * 1024, maxRedirects: 3, userAgent: 'Spaces CAP reader' };

/** Addresses a feed may not reach: everything that is not a public unicast address. */
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b::', 96], // NAT64: would reach an IPv4 address we cannot check here
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether a feed may not reach `address` (an IPv4 or IPv6 literal). IPv4-mapped IPv6 addresses
 * (`::ffff:10.0.0.1`) are checked as the IPv4 address they map; anything unreadable counts as private.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return privateRanges.check(bare, 'ipv4');
  if (family === 6) return privateRanges.check(bare, 'ipv6');
  return true;
}

const refused = () => new FeedFetchError('refused: the address is private');

/**
 * GETs `url`, following up to `maxRedirects` redirects, with the validators of the last fetch so
 * that an unchanged feed answers `not-modified`. Throws {@link FeedFetchError}.
 */
export async function fetchFeed(
  url: string,
  previous: FetchValidators,
  options: FetchOptions,
): Promise<FetchOutcome> {
  const settings: Settings = {
    ...options,
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    maxBytes: options.maxBytes ?? defaults.maxBytes,
    maxRedirects: options.maxRedirects ?? defaults.maxRedirects,
    userAgent: options.userAgent ?? defaults.userAgent,
  };
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const headers: Record<string, string> = {
    Accept:
      'application/cap+xml, application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'Accept-Encoding': 'gzip, deflate',
    'User-Agent': settings.userAgent,
  };
  if (previous.etag) headers['If-None-Match'] = previous.etag;
  if (previous.lastModified) headers['If-Modified-Since'] = previous.lastModified;

  let target = httpUrl(url);
  for (let redirects = 0; ; redirects += 1) {
    const response = await send(target, headers, settings, signal);
    const { statusCode = 0 } = response;
    if ([301, 302, 303, 307, 308].includes(statusCode)) {
      response.destroy();
      const location = response.headers.location;
      if (!location) throw new FeedFetchError(`HTTP ${statusCode} without a Location`);
      if (redirects >= settings.maxRedirects) throw new FeedFetchError('too many redirects');
      target = httpUrl(location, target);
      continue;
    }
    if (statusCode === 304 && (previous.etag || previous.lastModified)) {
      response.destroy();
      return { status: 'not-modified' };
    }
    if (statusCode < 200 || statusCode > 299) {
      response.destroy();
      throw new FeedFetchError(`HTTP ${statusCode}`);
    }
    const body = await readBody(response, settings.maxBytes, signal, settings.timeoutMs);
    return {
      status: 'ok',
      bytes: await decompress(body, response.headers['content-encoding'], settings.maxBytes),
      etag: response.headers.etag ?? null,
      lastModified: response.headers['last-modified'] ?? null,
      contentType: response.headers['content-type'] ?? null,
    };
  }
}

/** `value` (resolved against `base`) as an http(s) URL. */
function httpUrl(value: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    throw new FeedFetchError(base ? 'redirected to an address that is not a URL' : 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FeedFetchError('only http and https URLs are fetched');
  }
  return url;
}

type Settings = FetchOptions & Required<Omit<FetchOptions, 'testHosts'>>;

/** One request; resolves with the response once its headers are in. */
function send(
  url: URL,
  headers: Record<string, string>,
  settings: Settings,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is not looked up: check it here.
  if (isIP(host) && !settings.allowPrivateAddresses && isPrivateAddress(host)) {
    return Promise.reject(refused());
  }
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      headers,
      agent: false,
      lookup: guardedLookup(settings),
      signal,
    });
    request.once('response', resolve);
    // `on`, not `once`: a request can fail again after the first error (say, aborted while read).
    request.on('error', (error) => reject(fetchError(error, url, signal, settings.timeoutMs)));
    request.end();
  });
}

/**
 * DNS resolution that refuses a name when any of its addresses is private (so a name that answers
 * a public and a private address cannot be raced onto the private one), unless allowed.
 */
function guardedLookup(settings: Settings): LookupFunction {
  return (hostname, options, callback) => {
    const answer = (addresses: LookupAddress[]) => {
      const [first] = addresses;
      if (options.all) callback(null, addresses);
      else if (first) callback(null, first.address, first.family);
      else callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    };
    const fixed = settings.testHosts?.[hostname];
    if (fixed) return answer([{ address: fixed, family: isIP(fixed) }]);
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (!settings.allowPrivateAddresses && addresses.some((a) => isPrivateAddress(a.address))) {
        return callback(refused(), '');
      }
      answer(addresses);
    });
  };
}

/** The body, refused when its Content-Length or what arrives passes `maxBytes`. */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number) {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    throw fetchError(error, null, signal, timeoutMs);
  }
  return Buffer.concat(chunks, size);
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

/** The body as sent, decompressed per Content-Encoding, at most `maxBytes` once decompressed. */
async function decompress(body: Buffer, encoding: string | undefined, maxBytes: number): Promise<Uint8Array> {
  const name = (encoding ?? '').trim().toLowerCase();
  if (name === '' || name === 'identity') return body;
  const decoder =
    name === 'gzip' || name === 'x-gzip'
      ? gunzip
      : name === 'deflate'
        ? inflate
        : name === 'br'
          ? brotli
          : undefined;
  if (!decoder) throw new FeedFetchError(`the body is sent in an unknown encoding (${name.slice(0, 20)})`);
  try {
    return await decoder(body, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes);
    throw new FeedFetchError('the compressed body is damaged');
  }
}

function tooLarge(maxBytes: number) {
  const mib = 1024 * 1024;
  const size =
    maxBytes >= mib
      ? `${Number((maxBytes / mib).toFixed(1))} MB`
      : maxBytes >= 1024
        ? `${Number((maxBytes / 1024).toFixed(1))} KB`
        : `${maxBytes} bytes`;
  return new FeedFetchError(`larger than ${size}`);
}

/** A network error as a short sentence; ours pass through. */
function fetchError(error: unknown, url: URL | null, signal: AbortSignal, timeoutMs: number): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  if (signal.aborted) return new FeedFetchError(`timed out after ${timeoutMs / 1000} s`);
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const host = url?.hostname ?? 'the host';
  if (code === 'ENOTFOUND') return new FeedFetchError(`${host} is not a known host name`);
  if (code === 'EAI_AGAIN') return new FeedFetchError(`${host} could not be looked up (DNS failure)`);
  if (code === 'ECONNREFUSED') return new FeedFetchError('the connection was refused');
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE') {
    return new FeedFetchError('the connection was closed before the answer was complete');
  }
  if (['EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT'].includes(code))
    return new FeedFetchError(`${host} cannot be reached`);
  if (/CERT|TLS|SSL/.test(code)) return new FeedFetchError(`the secure connection failed (${code})`);
  return new FeedFetchError(`the request failed (${code || (error as Error).message || 'unknown error'})`);
}

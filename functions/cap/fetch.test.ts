import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FeedFetchError, fetchFeed, isPrivateAddress, type FetchOptions } from './fetch';

const fixture = readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/cap/weather.cap'));
const etag = '"v1"';
const lastModified = 'Mon, 30 Aug 2010 10:07:00 GMT';

/** A feed server on 127.0.0.1 whose paths each play one situation. */
let server: http.Server;
let port: number;
let connections = 0;
const paths: string[] = [];

function route(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const redirect = (location: string) => response.writeHead(302, { Location: location }).end();
  switch (url.pathname) {
    case '/feed':
      if (
        request.headers['if-none-match'] === etag ||
        request.headers['if-modified-since'] === lastModified
      ) {
        return response.writeHead(304).end();
      }
      return response
        .writeHead(200, { 'Content-Type': 'application/cap+xml', ETag: etag, 'Last-Modified': lastModified })
        .end(fixture);
    case '/old/redirect':
      return redirect('../feed');
    case '/loop':
      return redirect('/loop');
    case '/to-ip':
      return redirect(`http://127.0.0.1:${port}/feed`);
    case '/to-localhost':
      return redirect(`http://localhost:${port}/feed`);
    case '/to-metadata':
      return redirect('http://169.254.169.254/latest/meta-data/');
    case '/to-ftp':
      return redirect('ftp://example.org/feed.cap');
    case '/big':
      return response
        .writeHead(200, { 'Content-Length': 1024 * 1024 + 1 })
        .end(Buffer.alloc(1024 * 1024 + 1, 32));
    case '/big-chunked':
      // No Content-Length: only counting what arrives tells.
      for (let i = 0; i < 8; i += 1) response.write(Buffer.alloc(256, 32));
      return response.end();
    case '/slow':
      return; // never answers
    case '/slow-body':
      response.writeHead(200, { 'Content-Type': 'application/cap+xml' });
      return response.write(fixture.subarray(0, 100)); // never ends
    case '/gzip':
      return response.writeHead(200, { 'Content-Encoding': 'gzip' }).end(zlib.gzipSync(fixture));
    case '/deflate':
      return response.writeHead(200, { 'Content-Encoding': 'deflate' }).end(zlib.deflateSync(fixture));
    case '/bomb':
      // 2 MiB of spaces in a few kilobytes.
      return response
        .writeHead(200, { 'Content-Encoding': 'gzip' })
        .end(zlib.gzipSync(Buffer.alloc(2 * 1024 * 1024, 32)));
    default: {
      const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
      if (chain) return redirect(Number(chain[1]) === 0 ? '/feed' : `/chain/${Number(chain[1]) - 1}`);
      const status = /^\/status\/(\d+)$/.exec(url.pathname);
      return response.writeHead(status ? Number(status[1]) : 404).end();
    }
  }
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    paths.push(request.url ?? '');
    route(request, response);
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  paths.length = 0;
});

const local: FetchOptions = { allowPrivateAddresses: true };
const at = (pathname: string) => `http://127.0.0.1:${port}${pathname}`;

/** The message `fetchFeed` fails with. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return (error as Error).message;
}

describe('fetchFeed', () => {
  it('gives the body with its validators and type', async () => {
    const outcome = await fetchFeed(at('/feed'), {}, local);
    expect(outcome).toMatchObject({ status: 'ok', etag, lastModified, contentType: 'application/cap+xml' });
    if (outcome.status !== 'ok') throw new Error('expected ok');
    expect(Buffer.from(outcome.bytes).equals(fixture)).toBe(true);
  });

  it('sends the ETag back and hears not-modified', async () => {
    expect(await fetchFeed(at('/feed'), { etag }, local)).toEqual({ status: 'not-modified' });
    expect((await fetchFeed(at('/feed'), { etag: '"v0"' }, local)).status).toBe('ok');
  });

  it('sends Last-Modified back as If-Modified-Since and hears not-modified', async () => {
    expect(await fetchFeed(at('/feed'), { etag: null, lastModified }, local)).toEqual({
      status: 'not-modified',
    });
    expect(
      (await fetchFeed(at('/feed'), { lastModified: 'Sun, 29 Aug 2010 10:07:00 GMT' }, local)).status,
    ).toBe('ok');
  });

  it('follows a relative redirect', async () => {
    const outcome = await fetchFeed(at('/old/redirect'), {}, local);
    expect(outcome.status).toBe('ok');
    expect(paths).toEqual(['/old/redirect', '/feed']);
  });

  it('follows up to maxRedirects redirects, and refuses one more or a loop', async () => {
    expect((await fetchFeed(at('/chain/2'), {}, local)).status).toBe('ok'); // 3 redirects
    expect(await failure(fetchFeed(at('/chain/3'), {}, local))).toBe('too many redirects');
    expect(await failure(fetchFeed(at('/chain/1'), {}, { ...local, maxRedirects: 1 }))).toBe(
      'too many redirects',
    );
    expect(await failure(fetchFeed(at('/loop'), {}, local))).toBe('too many redirects');
  });

  it('refuses a body larger than maxBytes, by its Content-Length or as it arrives', async () => {
    expect(await failure(fetchFeed(at('/big'), {}, local))).toBe('larger than 1 MB');
    expect(await failure(fetchFeed(at('/big-chunked'), {}, { ...local, maxBytes: 1024 }))).toBe(
      'larger than 1 KB',
    );
    expect((await fetchFeed(at('/big-chunked'), {}, { ...local, maxBytes: 2048 })).status).toBe('ok');
  });

  it('gives up after timeoutMs, waiting for the answer or for its end', async () => {
    expect(await failure(fetchFeed(at('/slow'), {}, { ...local, timeoutMs: 200 }))).toBe(
      'timed out after 0.2 s',
    );
    expect(await failure(fetchFeed(at('/slow-body'), {}, { ...local, timeoutMs: 200 }))).toBe(
      'timed out after 0.2 s',
    );
  });

  it('names the HTTP status of a failure', async () => {
    expect(await failure(fetchFeed(at('/status/500'), {}, local))).toBe('HTTP 500');
    expect(await failure(fetchFeed(at('/status/404'), {}, local))).toBe('HTTP 404');
    // A 304 to a request that sent no validators is not an answer.
    expect(await failure(fetchFeed(at('/status/304'), {}, local))).toBe('HTTP 304');
  });

  it('decompresses gzip and deflate, bounded after decompression', async () => {
    for (const pathname of ['/gzip', '/deflate']) {
      const outcome = await fetchFeed(at(pathname), {}, local);
      if (outcome.status !== 'ok') throw new Error('expected ok');
      expect(Buffer.from(outcome.bytes).toString('utf8')).toBe(fixture.toString('utf8'));
    }
    expect(await failure(fetchFeed(at('/bomb'), {}, local))).toBe('larger than 1 MB');
  });

  it('fetches only http and https', async () => {
    expect(await failure(fetchFeed('ftp://example.org/feed.cap', {}, local))).toBe(
      'only http and https URLs are fetched',
    );
    expect(await failure(fetchFeed('file:///etc/passwd', {}, local))).toBe(
      'only http and https URLs are fetched',
    );
    expect(await failure(fetchFeed(at('/to-ftp'), {}, local))).toBe('only http and https URLs are fetched');
    expect(await failure(fetchFeed('not a url', {}, local))).toBe('not a URL');
  });

  it('says when a host name is unknown', async () => {
    expect(await failure(fetchFeed('http://feeds.invalid/', {}, { allowPrivateAddresses: false }))).toMatch(
      /^feeds\.invalid (is not a known host name|could not be looked up)/,
    );
  });
});

describe('private addresses', () => {
  const publicOnly: FetchOptions = { allowPrivateAddresses: false, timeoutMs: 2000 };

  it('are refused, literal or by name, without a connection', async () => {
    const before = connections;
    for (const url of [
      at('/feed'),
      `http://localhost:${port}/feed`,
      `http://[::1]:${port}/feed`,
      `http://[::ffff:127.0.0.1]:${port}/feed`,
      `http://0x7f.1:${port}/feed`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'https://192.168.1.1/',
    ]) {
      expect(await failure(fetchFeed(url, {}, publicOnly)), url).toBe('refused: the address is private');
    }
    expect(connections).toBe(before);
  });

  it('are refused on every hop of a redirect', async () => {
    // feeds.example.org stands for a public host that answers from our server.
    const options: FetchOptions = { ...publicOnly, testHosts: { 'feeds.example.org': '127.0.0.1' } };
    const publicUrl = (pathname: string) => `http://feeds.example.org:${port}${pathname}`;
    expect((await fetchFeed(publicUrl('/feed'), {}, options)).status).toBe('ok');
    for (const hop of ['/to-ip', '/to-localhost', '/to-metadata']) {
      paths.length = 0;
      expect(await failure(fetchFeed(publicUrl(hop), {}, options)), hop).toBe(
        'refused: the address is private',
      );
      expect(paths).toEqual([hop]);
    }
  });

  it('are told from public ones', () => {
    const privateOnes = [
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a00:1',
      'not-an-address',
    ];
    const publicOnes = [
      '8.8.8.8',
      '93.184.216.34',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
    ];
    expect(privateOnes.filter((address) => !isPrivateAddress(address))).toEqual([]);
    expect(publicOnes.filter((address) => isPrivateAddress(address))).toEqual([]);
  });
});

import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { inject } from 'vitest';

/**
 * The built SPA as the local server sends it: the build's precompressed copies by the browser's
 * Accept-Encoding, hashed assets cached for a year, index.html (and every client-side route,
 * which falls back to it) revalidated on each load, as CloudFront does in AWS.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, not decoded. */
  body: Buffer;
}

/** A GET whose body is left as sent (fetch would decode it). */
function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, inject('baseUrl')), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
let script: string;
let identity: RawAnswer;

beforeAll(async () => {
  const page = await get('/login');
  const src = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString());
  if (!src) throw new Error(`No entry script in index.html:\n${page.body.toString()}`);
  script = src[1]!;
  identity = await get(script, { 'accept-encoding': 'identity' });
});

describe('the hashed entry script', () => {
  it('comes as brotli to a browser that accepts it', async () => {
    const answer = await get(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript',
      vary: 'Accept-Encoding',
      'cache-control': IMMUTABLE,
    });
    expect(answer.body.length).toBeLessThan(identity.body.length / 2);
    expect(brotliDecompressSync(answer.body).equals(identity.body)).toBe(true);
  });

  it('comes as gzip to a browser that accepts gzip only', async () => {
    const answer = await get(script, { 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-encoding': 'gzip',
      vary: 'Accept-Encoding',
      'cache-control': IMMUTABLE,
    });
    expect(gunzipSync(answer.body).equals(identity.body)).toBe(true);
  });

  it('comes as it is otherwise', async () => {
    for (const answer of [identity, await get(script)]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers).toMatchObject({ vary: 'Accept-Encoding', 'cache-control': IMMUTABLE });
      expect(answer.body.toString()).toMatch(/^(import|const|var|function|\(|!)/);
    }
  });
});

describe('index.html', () => {
  it('is revalidated on every load, at / and at every client-side route', async () => {
    for (const path of ['/', '/index.html', '/login', '/c/dashboard', '/admin/configuration/amenities']) {
      const answer = await get(path, { 'accept-encoding': 'br' });
      expect(answer.status, path).toBe(200);
      expect(answer.headers, path).toMatchObject({
        'content-type': 'text/html;charset=utf-8',
        'content-encoding': 'br',
        'cache-control': 'no-cache',
        vary: 'Accept-Encoding',
      });
      expect(brotliDecompressSync(answer.body).toString(), path).toContain('<div id="root"></div>');
    }
  });
});

describe('a file that is not there', () => {
  it('answers 404 that no one keeps', async () => {
    const answer = await get('/assets/index-0000000.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(404);
    expect(answer.headers['cache-control']).toBeUndefined();
    expect(answer.headers['content-encoding']).toBeUndefined();
  });
});

describe('the favicon', () => {
  it('is linked from every page and served, so no browser asks for a /favicon.ico that is not there', async () => {
    for (const path of ['/login', '/admin/login', '/c/dashboard']) {
      const page = (await get(path, { 'accept-encoding': 'identity' })).body.toString();
      expect(/<link rel="icon" type="image\/svg\+xml" href="([^"]+)"/.exec(page)?.[1], path).toBe(
        '/favicon.svg',
      );
    }
    const icon = await get('/favicon.svg', { 'accept-encoding': 'identity' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body.toString()).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { API_BASE } from '@shared/api/routes';
import { errorResponse } from '@core/http/route-factory';
import { handleApiRequest } from './api-adapter';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const webDist = path.join(repoRoot, 'web/dist');

export interface LocalServerOptions {
  port: number;
  /** 'static' serves the built SPA from web/dist; 'dev' runs Vite with hot reload; 'none' only the API. */
  web: 'static' | 'dev' | 'none';
}

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** Vite's content-hashed files: a new build writes new names, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const hashedAsset = /^\/assets\/[^/]+\.\w+$/;

/**
 * The built SPA as CloudFront serves it: the `.br` or `.gz` written by the build when the browser
 * accepts it (with `Vary: Accept-Encoding`), hashed `/assets/` cached for a year, and index.html,
 * which every other path falls back to, revalidated on every load (`no-cache`) so that a new
 * release is picked up at once.
 */
function staticSite(dir: string) {
  const serve = sirv(dir, { single: true, etag: true, brotli: true, gzip: true });
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // Set before sirv answers, so that a 304 carries them too; a miss (404) sends neither.
    res.setHeader('Cache-Control', hashedAsset.test(pathname) ? IMMUTABLE : 'no-cache');
    res.setHeader('Vary', 'Accept-Encoding');
    serve(req, res, () => {
      res.removeHeader('Cache-Control');
      res.removeHeader('Vary');
      next();
    });
  };
}

/** One HTTP server on 127.0.0.1: the API under /api/v1/ and the SPA everywhere else. */
export async function startLocalServer({ port, web }: LocalServerOptions): Promise<LocalServer> {
  const server: Server = createServer();
  let webHandler: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  let closeWeb = async () => {};

  if (web === 'dev') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      configFile: path.join(repoRoot, 'web/vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
    webHandler = vite.middlewares;
    closeWeb = () => vite.close();
  } else if (web === 'none') {
    webHandler = (_req, _res, next) => next();
  } else {
    if (!existsSync(path.join(webDist, 'index.html')))
      throw new Error('web/dist is missing: run `npm run build` first');
    webHandler = staticSite(webDist);
  }

  server.on('request', (req, res) => {
    // As CloudFront's response headers policy (infra/cdk/stacks/web-stack.ts): no Referer.
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (req.url === API_BASE || req.url?.startsWith(`${API_BASE}/`)) {
      handleApiRequest(req, res).catch((error: unknown) => {
        const result = errorResponse(error);
        if (!res.headersSent) res.writeHead(result.statusCode ?? 500, { 'content-type': 'application/json' });
        res.end(result.body);
      });
      return;
    }
    webHandler(req, res, () => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`Port ${port} is already in use: stop what holds it or set PORT`)
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://localhost:${port}`,
    close: async () => {
      await closeWeb();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

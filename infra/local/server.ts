import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import sirv from 'sirv';
import { API_BASE } from '../../functions/routes';
import { errorResponse } from '../../functions/http/route';
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
    webHandler = sirv(webDist, { single: true, etag: true, gzip: false });
  }

  server.on('request', (req, res) => {
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

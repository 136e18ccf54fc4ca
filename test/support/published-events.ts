import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the push channel's HTTP endpoint in the api and e2e runs: a loopback server that
 * takes `POST /event` as AppSync Events does (`{channel, events: [json texts]}`, signed with SigV4)
 * and keeps what was published, which tests read with `GET /_test/published`. The system's
 * `EVENTS_HTTP_URL` points at it (test/support/system.ts) unless the environment names an endpoint.
 */

export interface Publish {
  channel: string;
  events: string[];
  /** The request's `authorization` header. */
  authorization: string;
}

/** At most this many publishes are kept (the oldest go first). */
const KEPT = 10_000;

export interface PublishRecorder {
  url: string;
  close(): Promise<void>;
}

/** Starts the recorder on a free loopback port. */
export async function startPublishRecorder(): Promise<PublishRecorder> {
  const published: Publish[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/_test/published') return answer(200, published);
      if (req.method !== 'POST' || req.url !== '/event') return answer(404, { message: 'Not found' });
      try {
        const { channel, events } = JSON.parse(body) as { channel: string; events: string[] };
        published.push({ channel, events, authorization: String(req.headers.authorization) });
        if (published.length > KEPT) published.shift();
        answer(200, {
          successful: events.map((_, index) => ({ identifier: crypto.randomUUID(), index })),
          failed: [],
        });
      } catch {
        answer(400, { message: 'Bad request' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook endpoint for the tests of the calendar stand-ins' notifications: it records every
 * request and answers as it is told (by default 200 with no body, and a Graph URL check with its
 * token as text, as the product's route does).
 */

export interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  body?: string;
  type?: string;
}

export interface Receiver {
  /** Where it listens: `http://127.0.0.1:<port>/hook`. */
  url: string;
  received: Received[];
  /** How it answers from now on. */
  answer: (request: Received) => Answer;
  /** The first request received (already, or within `ms`) that `match` accepts. */
  next(match: (request: Received) => boolean, ms?: number): Promise<Received>;
  close(): Promise<void>;
}

/** Graph's URL check answered as Graph asks: 200, the token, text/plain. */
export const echoValidation = (request: Received): Answer => {
  const token = request.url.searchParams.get('validationToken');
  return token === null ? { status: 202 } : { status: 200, body: token, type: 'text/plain; charset=utf-8' };
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  const receiver: Receiver = {
    url: '',
    received,
    answer: echoValidation,
    async next(match, ms = 3_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching request within ${ms} ms (${received.length} received)`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiting.delete(wake);
            resolve();
          };
          waiting.add(wake);
          setTimeout(wake, left);
        });
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: Received = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', receiver.url),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      for (const wake of [...waiting]) wake();
      const { status, body, type } = receiver.answer(request);
      res.writeHead(status, type ? { 'content-type': type } : {}).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

/** Waits `ms`: for tests that check that nothing arrives. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

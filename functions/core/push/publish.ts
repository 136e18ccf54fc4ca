import { Sha256 } from '@aws-crypto/sha256-js';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { SignatureV4 } from '@smithy/signature-v4';
import { env } from '../env';
import { logger } from '../logger';

/**
 * Publishing to the displays' push channel (docs/decisions.md "Push channel to room displays"):
 * AppSync Events' HTTP endpoint, `POST /event` with the channel and up to five events, each a JSON
 * text, signed with the function's role (SigV4, service `appsync`). Locally the same request goes
 * to the emulator of infra/local, which the same signature admits. Without `EVENTS_HTTP_URL`
 * nothing is published: displays then learn of changes by polling alone.
 */

/** At most this many events go in one request (AppSync Events' limit). */
const EVENTS_PER_REQUEST = 5;
/** A publish gives up after this long: the displays' poll is the fallback. */
const PUBLISH_TIMEOUT_MS = 2_500;

let signer: SignatureV4 | undefined;
const signerOf = () =>
  (signer ??= new SignatureV4({
    service: 'appsync',
    region: env().AWS_REGION,
    credentials: fromEnv(),
    sha256: Sha256,
  }));

/**
 * Publishes `events` to `channel` (`/<namespace>/<segment>…`). Answers false when the channel is
 * not configured or the endpoint refused or did not answer; it never throws, since a change is
 * already committed when it is published.
 */
export async function publishEvents(channel: string, events: readonly object[]): Promise<boolean> {
  const base = env().EVENTS_HTTP_URL;
  if (!base || events.length === 0) return false;
  const url = new URL('/event', base);
  let ok = true;
  for (let i = 0; i < events.length; i += EVENTS_PER_REQUEST) {
    const body = JSON.stringify({
      channel,
      events: events.slice(i, i + EVENTS_PER_REQUEST).map((event) => JSON.stringify(event)),
    });
    try {
      const signed = await signerOf().sign({
        method: 'POST',
        protocol: url.protocol,
        hostname: url.hostname,
        port: url.port ? Number(url.port) : undefined,
        path: url.pathname,
        headers: { host: url.host, 'content-type': 'application/json' },
        body,
      });
      const response = await fetch(url, {
        method: 'POST',
        headers: signed.headers,
        body,
        signal: AbortSignal.timeout(PUBLISH_TIMEOUT_MS),
      });
      if (!response.ok) {
        ok = false;
        logger.warn('Push channel refused a publish', { channel, status: response.status });
      } else {
        const answer = (await response.json().catch(() => ({}))) as { failed?: unknown[] };
        if (answer.failed?.length) {
          ok = false;
          logger.warn('Push channel dropped events', { channel, failed: answer.failed.length });
        }
      }
    } catch (error) {
      ok = false;
      logger.warn('Push channel unreachable', { channel, error: String(error) });
    }
  }
  return ok;
}

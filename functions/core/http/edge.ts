import { isIP } from 'node:net';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { forgetSecret, secretString } from '../aws/secrets';
import { env } from '../env';
import { Forbidden } from '../errors';
import { logger } from '../logger';
import { sameSecret } from '../auth/secret-hash';

/**
 * The API behind CloudFront (docs/decisions.md "Origin verify", "Viewer address"). CloudFront adds
 * `x-origin-verify: <secret>` to every request it passes to the HTTP API, and the route factory
 * (functions/core/http/route-factory.ts) refuses any request without the right value before anything else, so
 * the API's own URL answers nobody but CloudFront. Because a request that passed came through
 * CloudFront, its `CloudFront-Viewer-Address` header is CloudFront's own and names the viewer.
 * Locally the server plays CloudFront and sets both (infra/local/api-adapter.ts).
 */

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** A request header by its lower-case name (API Gateway's payload 2.0 sends them so). */
function header(event: Pick<APIGatewayProxyEventV2, 'headers'>, name: string): string | undefined {
  const headers = event.headers ?? {};
  if (name in headers) return headers[name];
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The value CloudFront sends: locally the value itself, in AWS the secret's text (read once per container). */
async function originSecret(): Promise<string | undefined> {
  const { ORIGIN_VERIFY_SECRET, ORIGIN_VERIFY_SECRET_ARN } = env();
  if (ORIGIN_VERIFY_SECRET) return ORIGIN_VERIFY_SECRET;
  if (ORIGIN_VERIFY_SECRET_ARN) return secretString(ORIGIN_VERIFY_SECRET_ARN);
  return undefined;
}

let unconfiguredLogged = false;

/** What every refused request is told: API Gateway's own words for a refusal. */
const refused = () => new Forbidden('Forbidden');

/**
 * Refuses (403 `{"message":"Forbidden"}`) a request that did not come through CloudFront: its
 * `x-origin-verify` is missing or not the configured value (compared in constant time). With no
 * value configured, the Lambda runtime refuses every request (a stage deployed without it is closed,
 * not open); elsewhere (handlers called with events built by hand) nothing is checked.
 */
export async function assertFromEdge(event: Pick<APIGatewayProxyEventV2, 'headers'>): Promise<void> {
  const expected = await originSecret();
  if (expected === undefined) {
    if (!env().AWS_LAMBDA_FUNCTION_NAME) return;
    if (!unconfiguredLogged) {
      unconfiguredLogged = true;
      logger.error('Origin verify is not configured (ORIGIN_VERIFY_SECRET_ARN): every request is refused');
    }
    throw refused();
  }
  const sent = header(event, ORIGIN_VERIFY_HEADER);
  if (sameSecret(sent, expected)) return;
  // A new value (the secret made again by a deploy) reaches CloudFront before every warm container:
  // on a mismatch, read the secret again, at most once a minute, before refusing.
  const arn = env().ORIGIN_VERIFY_SECRET_ARN;
  if (sent && arn && !env().ORIGIN_VERIFY_SECRET && Date.now() - lastReread >= REREAD_AFTER_MS) {
    lastReread = Date.now();
    forgetSecret(arn);
    if (sameSecret(sent, await secretString(arn))) return;
  }
  throw refused();
}

/** How often a mismatch may make a container read the origin-verify secret again. */
const REREAD_AFTER_MS = 60_000;
let lastReread = 0;

/**
 * The viewer's IP address: from `CloudFront-Viewer-Address` (`ip:port`; an IPv6 address comes
 * without brackets, `2001:db8::1:443`, so the port is what follows the last colon), which only
 * CloudFront can have set once `assertFromEdge` passed; without it (or when it does not hold an
 * address), the connection's source, `requestContext.http.sourceIp`. The one reading of a caller's
 * address, for every per-address limit.
 */
export function viewerAddress(event: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>): string {
  const value = header(event, VIEWER_ADDRESS_HEADER)?.trim();
  const colon = value?.lastIndexOf(':') ?? -1;
  if (value && colon > 0) {
    const address = value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
    if (isIP(address)) return address;
  }
  return event.requestContext.http.sourceIp;
}

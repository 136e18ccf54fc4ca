import type { Context } from 'aws-lambda';
import { ulid } from 'ulid';
import type { ApiEvent, ApiResult } from '@core/http/route-factory';
import { API_BASE } from '@shared/api/routes';

/**
 * Events as API Gateway's HTTP API (payload 2.0) hands a group's Lambda, for tests that call a
 * Lambda without the local server: what reaches the API when a caller bypasses CloudFront.
 */
export function anApiEvent(
  method: string,
  path: string,
  {
    headers = {},
    body,
    sourceIp = '130.176.1.1',
  }: { headers?: Record<string, string>; body?: string; sourceIp?: string } = {},
): ApiEvent {
  const rawPath = `${API_BASE}${path}`;
  return {
    version: '2.0',
    routeKey: `${method} ${rawPath}`,
    rawPath,
    rawQueryString: '',
    headers: { host: 'api.execute-api.us-east-1.amazonaws.com', ...headers },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '123456789012',
      apiId: 'api',
      domainName: 'api.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'api',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp, userAgent: 'Amazon CloudFront' },
      requestId: ulid(),
      routeKey: `${method} ${rawPath}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
  };
}

export const context = {
  awsRequestId: 'request',
  functionName: 'spaces-test',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

/** A group's Lambda called with `event`: its status and parsed body. */
export async function invokeLambda(
  lambda: (event: ApiEvent, context: Context) => Promise<ApiResult>,
  event: ApiEvent,
): Promise<{ status: number; body: unknown }> {
  const result = await lambda(event, context);
  return { status: result.statusCode ?? 200, body: JSON.parse(result.body || 'null') as unknown };
}

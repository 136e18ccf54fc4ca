import type {
  APIGatewayRequestAuthorizerEventV2,
  APIGatewaySimpleAuthorizerResult,
  APIGatewaySimpleAuthorizerWithContextResult,
} from 'aws-lambda';
import { deviceOfRequest } from '@core/auth/device-auth';
import { logger } from '@core/logger';

/** What the authorizer hands the route: `$context.authorizer.deviceId`. */
export interface DeviceAuthorizerContext {
  deviceId: string;
}

export type DeviceAuthorizerResult =
  | APIGatewaySimpleAuthorizerWithContextResult<DeviceAuthorizerContext>
  | (APIGatewaySimpleAuthorizerResult & { isAuthorized: false });

/**
 * API Gateway's Lambda authorizer of the device-token routes (auth 'device' in the route table;
 * HTTP API, payload 2.0, simple responses; infra/cdk/stacks/api-stack.ts). It makes the same
 * check as the routes' own middleware (functions/core/auth/device-auth.ts), so an unknown or wrong
 * token is turned away before it reaches the device Lambda: 403 from API Gateway (401 when
 * there is no Authorization header, which API Gateway answers without calling this). The
 * routes still check the token themselves: the answer is cached for a few minutes, and locally
 * there is no API Gateway. A failure to read the table throws, which API Gateway answers with a
 * 500 and does not cache.
 */
export async function handler(event: APIGatewayRequestAuthorizerEventV2): Promise<DeviceAuthorizerResult> {
  const device = (await deviceOfRequest(event, { room: false }))?.device;
  if (!device) {
    logger.info('Device token refused', { routeKey: event.routeKey });
    return { isAuthorized: false };
  }
  return { isAuthorized: true, context: { deviceId: device.device_id } };
}

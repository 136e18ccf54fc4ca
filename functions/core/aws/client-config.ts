import { env } from '../env';

/**
 * What every AWS SDK client of the API is built with: the region, the endpoint when pointed at
 * an emulator, and explicit time limits and retries. A call gives up after two attempts of at
 * most 1 s to connect and 2.5 s to answer (about 6 s with the back-off), well within the
 * Lambda's 10 s and API Gateway's 30 s; the route then answers 503 with Retry-After
 * (functions/core/errors.ts) instead of hanging.
 */
const sdkTimeouts = {
  connectionTimeout: 1_000,
  requestTimeout: 2_500,
  // Without it the SDK only logs a warning when requestTimeout passes, and keeps waiting.
  throwOnRequestTimeout: true,
} as const;
const sdkMaxAttempts = 2;

export function clientConfig(endpoint: string | undefined) {
  return {
    endpoint,
    region: env().AWS_REGION,
    maxAttempts: sdkMaxAttempts,
    requestHandler: sdkTimeouts,
  };
}

/**
 * One error type for the API. Handlers and services throw these; the route factory's error
 * mapper (`errorResponse` in functions/core/http/route-factory.ts) is the one place that turns them into responses.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Please log in') {
    super(401, message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do this') {
    super(403, message);
  }
}

export class NotFound extends AppError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields);
  }
}

/** Validation failure: 422 with `{ field: message }`. */
export class Invalid extends AppError {
  constructor(fields: Record<string, string>) {
    super(422, Object.values(fields)[0] ?? 'Invalid value', fields);
  }
}

export class TooLarge extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** Seconds a client is asked to wait when a dependency is down, slow or throttling. */
const retryAfterSeconds = 5;

/** 503 with Retry-After: a service the API depends on could not answer in time. */
export class ServiceUnavailable extends AppError {
  constructor(message = 'The service is busy or unavailable right now. Please try again in a moment.') {
    super(503, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** AWS error names that mean "throttled" or "failed on the service's side", across services. */
const unavailableNames = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'TooManyRequestsException',
  'LimitExceededException',
  'SlowDown',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'InternalServerErrorException',
  'InternalErrorException',
  'InternalFailure',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
/** Node's answers when a service cannot be reached at all. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Whether an error says that a dependency (DynamoDB, S3, Cognito, SES, a JWKS endpoint) is
 * unreachable, timed out after the SDK's retries, throttled, or failed on its side: the caller
 * is then told to retry (503), not shown a 500.
 */
export function isDependencyFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as {
    name?: string;
    code?: string;
    $fault?: string;
    $metadata?: { httpStatusCode?: number };
    $retryable?: { throttling?: boolean };
    cause?: unknown;
  };
  if (e.$fault === 'server' || (e.$metadata?.httpStatusCode ?? 0) >= 500 || e.$retryable?.throttling)
    return true;
  if (unavailableNames.has(e.name ?? '') || networkCodes.has(e.code ?? '')) return true;
  return e.cause !== undefined && e.cause !== error && isDependencyFailure(e.cause);
}

/**
 * One error type for the API. Handlers and services throw these; the route factory's error
 * mapper (functions/http/respond.ts) is the one place that turns them into responses.
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

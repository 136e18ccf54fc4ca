import * as z from 'zod';

/**
 * Configuration of every Lambda and of the local server, parsed once at cold start.
 * Endpoints are set only when pointing at local emulators; in AWS they are absent and the
 * SDK uses the regional endpoints.
 */
const schema = z.object({
  STAGE: z.string().default('local'),
  AWS_REGION: z.string().default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  UPLOADS_BUCKET: z.string().min(1),
  CLIENT_USER_POOL_ID: z.string().min(1),
  CLIENT_USER_POOL_CLIENT_ID: z.string().min(1),
  ADMIN_USER_POOL_ID: z.string().min(1),
  ADMIN_USER_POOL_CLIENT_ID: z.string().min(1),
  /** Issuer base of the user pools' tokens; defaults to Cognito's regional issuer. */
  COGNITO_ISSUER_BASE: z.string().optional(),
  MAIL_FROM: z.string().min(1),
  /** The SPA's public origin, used in e-mailed links. */
  APP_URL: z.string().url(),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  COGNITO_ENDPOINT: z.string().url().optional(),
  SES_ENDPOINT: z.string().url().optional(),
  /**
   * The key that signs the API's own client tokens (impersonation): locally the value itself,
   * generated once under the data folder; in AWS the ARN of a Secrets Manager secret, read once
   * per container. Only requests that sign or verify such a token need one of them.
   */
  SESSION_SECRET: z.string().min(32).optional(),
  /**
   * Social sign-in: each user pool's app client for the authorization-code grant through the
   * pool's Cognito domain (which federates Google, Facebook, Microsoft and LinkedIn). Without
   * one, that area offers no social sign-in.
   */
  CLIENT_SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  ADMIN_SOCIAL_CLIENT_ID: z.string().min(1).optional(),
  /**
   * The identity broker's issuer, for both areas; by default each pool's own
   * (`cognitoIssuer(poolId)`), whose discovery names the pool's Cognito domain. Locally, the
   * OpenID provider that stands in for that domain.
   */
  SOCIAL_ISSUER: z.string().url().optional(),
  /**
   * The social providers the stage registered (a comma list, docs/deployment.md); absent, every
   * provider of the area is offered (locally the OpenID provider plays them all).
   */
  SOCIAL_PROVIDERS: z
    .string()
    .optional()
    .transform((value) => value?.split(',').filter(Boolean)),
  SESSION_SECRET_ARN: z.string().min(1).optional(),
  /**
   * The value CloudFront sends in `x-origin-verify` with every request it passes to the API, which
   * refuses any request without it (functions/core/http/edge.ts, docs/decisions.md "Origin verify"): in
   * AWS the ARN of a Secrets Manager secret holding it, read once per container; locally the value
   * itself, generated once under the data folder, which the local server adds as CloudFront does.
   */
  ORIGIN_VERIFY_SECRET: z.string().min(32).optional(),
  ORIGIN_VERIFY_SECRET_ARN: z.string().min(1).optional(),
  /**
   * Set by the Lambda runtime: the API runs in AWS, where a missing origin-verify configuration
   * refuses every request instead of checking nothing.
   */
  AWS_LAMBDA_FUNCTION_NAME: z.string().min(1).optional(),
  /**
   * Linked calendars: each provider's API base and authorization server (its OpenID issuer,
   * whose discovery names the authorize and token endpoints). Locally, the stand-ins of
   * infra/local/emulators and the local OpenID provider for both.
   */
  GOOGLE_CALENDAR_API_URL: z.string().url().default('https://www.googleapis.com/calendar/v3'),
  MICROSOFT_GRAPH_API_URL: z.string().url().default('https://graph.microsoft.com/v1.0'),
  GOOGLE_OAUTH_ISSUER: z.string().url().default('https://accounts.google.com'),
  MICROSOFT_OAUTH_ISSUER: z.string().url().default('https://login.microsoftonline.com/common/v2.0'),
  /**
   * The app's registration at each provider (confidential: the API exchanges codes with the
   * secret): locally the client id and secret themselves; in AWS the ARN of a Secrets Manager
   * secret whose text is JSON `{ "client_id", "client_secret" }`, read once per container
   * (functions/calendars/providers/clients.ts). Without either, that provider's calendars cannot be
   * linked.
   */
  GOOGLE_CALENDAR_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CALENDAR_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_CALENDAR_SECRET_ARN: z.string().min(1).optional(),
  MICROSOFT_CALENDAR_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CALENDAR_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CALENDAR_SECRET_ARN: z.string().min(1).optional(),
  /**
   * The key that wraps the data keys of linked calendars' refresh tokens (envelope encryption):
   * in AWS a KMS key (its ARN); locally a 256-bit key in hex, generated once under the data folder.
   */
  CALENDAR_KMS_KEY_ID: z.string().min(1).optional(),
  CALENDAR_TOKEN_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  /**
   * The API's public base (`https://app.example.com/api/v1`), where the calendar providers post
   * their change notifications (`/calendar/notify/{provider}`). Absent, nothing is watched and the
   * pull job's schedule alone reads linked calendars (locally, where no provider could reach it).
   */
  CALENDAR_WEBHOOK_URL: z.string().url().optional(),
  /**
   * Whether the CAP job may fetch alert feeds at private, loopback or link-local addresses: only
   * locally, where the tests serve feeds on 127.0.0.1. In AWS it is unset, and such feeds are
   * refused (SSRF).
   */
  CAP_ALLOW_PRIVATE_URLS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Room-display registrations allowed per IP address per hour. Screens of a building often share
   * one address; a development machine registers many displays from one, so locally it is higher.
   */
  DEVICE_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /**
   * The displays' push channel (docs/decisions.md "Push channel to room displays"): AppSync
   * Events' HTTP endpoint base (`https://<http domain>`), where the API publishes, and its
   * real-time endpoint (`wss://<realtime domain>/event/realtime`), which displays connect to.
   * Locally, the emulator of infra/local. Without them, displays poll alone.
   */
  EVENTS_HTTP_URL: z.string().url().optional(),
  EVENTS_REALTIME_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const missing = parsed.error.issues.map((i) => i.path.join('.')).join(', ');
      throw new Error(`Invalid configuration: ${missing}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** For the local server and tests, which set process.env after import. */
export function resetEnvCache(): void {
  cached = undefined;
}

export function cognitoIssuer(poolId: string): string {
  const e = env();
  return `${e.COGNITO_ISSUER_BASE ?? `https://cognito-idp.${e.AWS_REGION}.amazonaws.com`}/${poolId}`;
}

import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Node } from 'constructs';
import { POLL_INTERVAL_SECONDS } from '@shared/devices';
import { socialProviders, type SocialProvider } from '@shared/social';

/** An account id that cannot be deployed to: it lets `cdk synth` and the tests run with no credentials. */
export const OFFLINE_ACCOUNT = '123456789012';
export const DEFAULT_REGION = 'us-east-1';
/**
 * Where the edge lives whatever the stage's region: CloudFront's certificate, its metrics (and so
 * their alarms) and a web ACL of CLOUDFRONT scope exist only in us-east-1 (docs/deployment.md).
 */
export const EDGE_REGION = 'us-east-1';
/** Stands in for the SPA's origin until the stage's `appUrl` is configured (see docs/decisions.md). */
export const UNCONFIGURED_APP_URL = 'https://app-url-not-configured.invalid';

type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
const LOG_LEVELS: readonly LogLevel[] = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

/** Everything that differs between stages, resolved once from CDK context. */
export interface StageConfig {
  readonly stage: string;
  readonly account: string;
  readonly region: string;
  /** The SPA's public origin (no trailing slash), or undefined until it is known. */
  readonly appUrl: string | undefined;
  /** ACM certificate (us-east-1) for `appUrl`'s host name, which then becomes the distribution's alias. */
  readonly certificateArn: string | undefined;
  /** The sender of every e-mail; an SES identity verified in `region`. */
  readonly mailFrom: string;
  /** Named so that grants on its objects are literal ARNs (and the name is stable for operators). */
  readonly uploadsBucketName: string;
  readonly logLevel: LogLevel;
  readonly logRetention: RetentionDays;
  /** API Gateway throttling of each route of the stage, unless set below. */
  readonly throttle: ThrottleLimits;
  /** The room-display devices' own limits on their busiest and their public route. */
  readonly deviceThrottle: {
    /** `GET /device/state`, which every screen polls every 15 s. */
    readonly state: ThrottleLimits;
    /** `POST /device/register`, public: a screen registers once (and the API limits it per IP). */
    readonly register: ThrottleLimits;
  };
  readonly isProduction: boolean;
  /** Social sign-in through each user pool's Cognito domain (docs/deployment.md). */
  readonly social: SocialSettings;
  /** Linked calendars (docs/deployment.md): the providers registered for this stage. */
  readonly calendars: CalendarSettings;
  /** Where every alarm of the stage is e-mailed (an SNS subscription the address must confirm). */
  readonly alarmEmail: string | undefined;
  /**
   * Reserved concurrency of the room displays' function: a poll storm cannot take more of the
   * account's Lambda concurrency than this, and the displays always have it.
   */
  readonly deviceConcurrency: number;
}

/** The providers whose calendars venues may link, and where their app registrations are kept. */
export interface CalendarSettings {
  readonly providers: ReadonlyArray<'google' | 'microsoft'>;
  /** Secrets Manager names `<prefix>/google` and `<prefix>/microsoft` (JSON `client_id`, `client_secret`). */
  readonly secretPrefix: string;
}

/** Steady requests per second and the burst above it, as API Gateway throttles a route. */
export interface ThrottleLimits {
  readonly rateLimit: number;
  readonly burstLimit: number;
}

/** The screens the default `GET /device/state` limit is sized for. */
const DEFAULT_DEVICE_SCREENS = 3000;

/** Where Cognito's hosted domains live, and where the providers' credentials are kept. */
export interface SocialSettings {
  /** Each pool's Cognito domain is `<prefix>-client` or `<prefix>-admin`, unique in the region. */
  readonly domainPrefix: string;
  /**
   * The Microsoft Entra tenant whose accounts may sign in (Cognito checks the ID token's issuer,
   * which names the tenant, so "common" cannot be used): a tenant id, or by default the tenant of
   * personal Microsoft accounts.
   */
  readonly microsoftTenant: string;
  /** Secrets Manager names: `<secretPrefix>/<provider>`, each `{"client_id", "client_secret"}`. */
  readonly secretPrefix: string;
  /**
   * The providers registered for this stage (`socialProviders`, none by default): each needs its
   * secret before the deploy, and a stage without one simply does not offer it.
   */
  readonly providers: readonly SocialProvider[];
}

/** The Entra tenant of personal Microsoft accounts (outlook.com, hotmail.com, live.com). */
export const MICROSOFT_CONSUMERS_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';

/** The per-stage block of cdk.json's `stages` context. */
interface StageContext {
  account?: string;
  region?: string;
  appUrl?: string;
  certificateArn?: string;
  mailFrom?: string;
  logLevel?: string;
  throttleRate?: number | string;
  throttleBurst?: number | string;
  deviceStateThrottleRate?: number | string;
  deviceStateThrottleBurst?: number | string;
  deviceRegisterThrottleRate?: number | string;
  deviceRegisterThrottleBurst?: number | string;
  authDomainPrefix?: string;
  microsoftTenant?: string;
  /** Comma list: which providers' calendars may be linked (their secrets must exist first). */
  calendarProviders?: string;
  /** Comma list: which social sign-in providers the stage offers (their secrets must exist first). */
  socialProviders?: string;
  alarmEmail?: string;
  deviceConcurrency?: number | string;
}

/**
 * Reads the stage and its settings. Precedence: `-c key=value` on the command line, then
 * `stages.<stage>.key` in cdk.json, then a default that keeps `cdk synth` working offline.
 */
export function resolveStageConfig(node: Node): StageConfig {
  const stage = stringContext(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Invalid stage "${stage}": use lower-case letters, digits and dashes (max 20).`);
  }
  const stages = (node.tryGetContext('stages') ?? {}) as Record<string, StageContext | undefined>;
  const fromStage = stages[stage] ?? {};
  const pick = (key: keyof StageContext): string | undefined => {
    const value = stringContext(node, key) ?? fromStage[key];
    return value === undefined || value === '' ? undefined : String(value);
  };

  const account = pick('account') ?? process.env.CDK_DEFAULT_ACCOUNT ?? OFFLINE_ACCOUNT;
  if (!/^\d{12}$/.test(account)) throw new Error(`Invalid account "${account}": expected 12 digits.`);
  const region = pick('region') ?? DEFAULT_REGION;

  const appUrl = normaliseAppUrl(pick('appUrl'));
  const certificateArn = pick('certificateArn');
  if (certificateArn) {
    if (!appUrl)
      throw new Error('certificateArn needs appUrl: the certificate is for the app URL host name.');
    if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
      throw new Error(
        `certificateArn must be an ACM certificate in us-east-1 (CloudFront): ${certificateArn}`,
      );
    }
  }

  const mailFrom = pick('mailFrom') ?? `no-reply@${appUrl ? new URL(appUrl).hostname : 'example.com'}`;
  if (!/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(mailFrom)) {
    throw new Error(`Invalid mailFrom "${mailFrom}": expected a bare address such as no-reply@example.com.`);
  }

  const isProduction = stage === 'prod';
  const logLevel = (pick('logLevel') ?? (isProduction ? 'INFO' : 'DEBUG')).toUpperCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) throw new Error(`Invalid logLevel "${logLevel}".`);

  const domainPrefix = pick('authDomainPrefix') ?? `spaces-${stage}-${account}`;
  // Cognito's rule for domain prefixes, with room for the `-client` / `-admin` suffix.
  if (
    !/^[a-z0-9](?:[a-z0-9-]{0,54}[a-z0-9])?$/.test(domainPrefix) ||
    /aws|amazon|cognito/.test(domainPrefix)
  ) {
    throw new Error(
      `Invalid authDomainPrefix "${domainPrefix}": lower-case letters, digits and dashes, at most 56, without "aws", "amazon" or "cognito".`,
    );
  }
  const microsoftTenant = pick('microsoftTenant') ?? MICROSOFT_CONSUMERS_TENANT;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(microsoftTenant)) {
    throw new Error(`Invalid microsoftTenant "${microsoftTenant}": expected the tenant id (a GUID).`);
  }

  const alarmEmail = pick('alarmEmail');
  if (isProduction && alarmEmail === undefined) {
    throw new Error('The prod stage needs alarmEmail: its alarms must reach someone.');
  }
  if (alarmEmail !== undefined && !/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(alarmEmail)) {
    throw new Error(`Invalid alarmEmail "${alarmEmail}": expected an address such as ops@example.com.`);
  }

  return {
    stage,
    account,
    region,
    appUrl,
    certificateArn,
    mailFrom,
    uploadsBucketName: `spaces-${stage}-uploads-${account}-${region}`,
    logLevel: logLevel as LogLevel,
    logRetention: isProduction ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    throttle: {
      rateLimit: positiveInt(pick('throttleRate'), 100, 'throttleRate'),
      burstLimit: positiveInt(pick('throttleBurst'), 200, 'throttleBurst'),
    },
    deviceThrottle: {
      // 3,000 screens polling every 15 s make 200 requests a second; the burst (twice that)
      // absorbs screens that poll in step, as after a shared network outage. Past it, 429 and
      // the screen polls again.
      state: {
        rateLimit: positiveInt(
          pick('deviceStateThrottleRate'),
          DEFAULT_DEVICE_SCREENS / POLL_INTERVAL_SECONDS,
          'deviceStateThrottleRate',
        ),
        burstLimit: positiveInt(
          pick('deviceStateThrottleBurst'),
          (2 * DEFAULT_DEVICE_SCREENS) / POLL_INTERVAL_SECONDS,
          'deviceStateThrottleBurst',
        ),
      },
      // Registrations are rare (once per screen); this caps what a flood of them can write.
      register: {
        rateLimit: positiveInt(pick('deviceRegisterThrottleRate'), 2, 'deviceRegisterThrottleRate'),
        burstLimit: positiveInt(pick('deviceRegisterThrottleBurst'), 10, 'deviceRegisterThrottleBurst'),
      },
    },
    isProduction,
    social: {
      domainPrefix,
      microsoftTenant,
      secretPrefix: `spaces/${stage}/social`,
      providers: providerList('socialProviders', pick('socialProviders'), socialProviders),
    },
    calendars: {
      providers: providerList('calendarProviders', pick('calendarProviders'), [
        'google',
        'microsoft',
      ] as const),
      secretPrefix: `spaces/${stage}/calendar`,
    },
    alarmEmail,
    deviceConcurrency: positiveInt(pick('deviceConcurrency'), 100, 'deviceConcurrency'),
  };
}

/** A comma list of providers from `allowed` (none by default), each once. */
function providerList<P extends string>(name: string, value: string | undefined, allowed: readonly P[]): P[] {
  const names = (value ?? '')
    .split(',')
    .map((provider) => provider.trim())
    .filter(Boolean);
  for (const provider of names) {
    if (!allowed.includes(provider as P))
      throw new Error(`Invalid ${name} "${value}": expected a comma list of ${allowed.join(', ')}.`);
  }
  return [...new Set(names)] as P[];
}

function stringContext(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function normaliseAppUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Invalid appUrl "${value}": expected an absolute https URL.`);
  }
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`Invalid appUrl "${value}": expected an https origin such as https://app.example.com.`);
  }
  return url.origin;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0)
    throw new Error(`Invalid ${name} "${value}": expected a positive integer.`);
  return n;
}

/**
 * What the room displays cost per screen-month at list prices (us-east-1), from what one display
 * does (the fleet bench's figures) and how often it does it (docs/scale.md). Free tiers are left
 * out: the figures are what a fleet pays once it is past them. Each price names where it was read.
 */

/** A price per unit with the page it was read on (docs/scale.md, "Prices"). */
interface Price {
  usd: number;
  per: number;
  source: string;
}

/** Tiers of a volume price: each up to `upTo` units a month (the last without). */
type Tiers = ReadonlyArray<{ upTo?: number; usd: number; per: number }>;

export const LIST_PRICES = {
  /** API Gateway HTTP API: $1.00 per million requests for the first 300 million a month, then $0.90. */
  httpApiRequests: {
    tiers: [
      { upTo: 300e6, usd: 1.0, per: 1e6 },
      { usd: 0.9, per: 1e6 },
    ] as Tiers,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  /** CloudFront, United States: HTTPS requests (the AWS page's table is rendered in the browser; a model quoting it). */
  cloudFrontHttpsRequests: {
    usd: 0.01,
    per: 1e4,
    source: 'https://rdrr.io/github/snowplow/snowplow-tco-model/src/R/cloudfront-costs.r',
  } as Price,
  /** CloudFront, United States: data transfer out to the internet, first 10 TB a month, then less. */
  cloudFrontTransfer: {
    tiers: [
      { upTo: 10 * 1024, usd: 0.085, per: 1 },
      { upTo: 50 * 1024, usd: 0.08, per: 1 },
      { upTo: 150 * 1024, usd: 0.06, per: 1 },
      { usd: 0.04, per: 1 },
    ] as Tiers,
    source: 'http://aws.amazon.com/cloudfront/pricing',
  },
  /** AWS WAF (the web ACL in front of CloudFront): requests inspected. */
  wafRequests: { usd: 0.6, per: 1e6, source: 'https://c3x.dev/blog/aws-waf-cost-explained/' } as Price,
  /** Lambda requests. */
  lambdaRequests: { usd: 0.2, per: 1e6, source: 'https://aws.amazon.com/lambda/pricing/' } as Price,
  /** Lambda duration, arm64 (the project's functions: infra/cdk/constructs/api-function.ts). */
  lambdaArmGbSeconds: {
    usd: 0.0000133334,
    per: 1,
    source: 'https://app.unpkg.com/artillery@2.0.28/files/lib/platform/aws-lambda/prices.js',
  } as Price,
  /** DynamoDB on demand: read request units. */
  dynamoReadUnits: {
    usd: 0.125,
    per: 1e6,
    source: 'https://airbyte.com/data-engineering-resources/dynamodb-pricing',
  } as Price,
  /** DynamoDB on demand: write request units. */
  dynamoWriteUnits: {
    usd: 0.625,
    per: 1e6,
    source: 'https://airbyte.com/data-engineering-resources/dynamodb-pricing',
  } as Price,
  /** AppSync Events: connection-minutes. */
  eventsConnectionMinutes: {
    usd: 0.08,
    per: 1e6,
    source: 'https://aws.amazon.com/appsync/pricing/',
  } as Price,
  /** AppSync Events: Event API operations (publishes, deliveries, connects, subscribes). */
  eventsOperations: {
    usd: 1.0,
    per: 1e6,
    source: 'https://huggingface.co/datasets/labofsahil/aws-pricing-dataset/blob/main/AWSAppSync.csv',
  } as Price,
  /** CloudWatch Logs: standard ingestion per GB. */
  logsIngestionGb: {
    usd: 0.5,
    per: 1,
    source: 'https://c3x.dev/blog/cloudwatch-logs-cost-optimization',
  } as Price,
  /** X-Ray: traces recorded. */
  xrayTraces: { usd: 5.0, per: 1e6, source: 'https://aws.amazon.com/de/xray/pricing/' } as Price,
} as const;

export type Prices = typeof LIST_PRICES;

/** What one display request costs the system, as the bench measured it. */
export interface RequestFigures {
  /** DynamoDB read request units (as DynamoDB reports them). */
  readUnits: number;
  /** Bytes of the answer (body and headers) the display downloads. */
  responseBytes: number;
}

/** What the bench measured: an unchanged poll (304), a fetch after a change (200), a heartbeat write. */
export interface FleetFigures {
  heartbeat: RequestFigures;
  changed: RequestFigures;
  /** DynamoDB write request units of one heartbeat (written at most once a minute per display). */
  heartbeatWriteUnits: number;
}

/** How the fleet behaves: intervals and what is assumed about AWS (docs/scale.md, "Assumptions"). */
export interface Assumptions {
  /** Seconds between a display's polls (push: 300, the heartbeat; fallback: 60; polling alone: 15). */
  pollSeconds: number;
  /** Whether the display holds the push channel (connection-minutes, a nudge per change). */
  push: boolean;
  /** Changes a room's display fetches in full a day (bookings, check-ins, slideshows, alerts). */
  changesPerDay: number;
  /** Times a day a display (re)connects and subscribes. */
  connectsPerDay: number;
  /** A display's heartbeat is written at most this often, seconds (functions/device/state.ts: 60). */
  heartbeatWriteSeconds: number;
  /** Billed milliseconds of one device Lambda invocation (and of one authorizer invocation). */
  lambdaMs: number;
  /** Memory of the device functions, MB (infra/cdk/constructs/api-function.ts: 512). */
  lambdaMemoryMb: number;
  /** How long API Gateway keeps the device authorizer's answer, seconds (infra/cdk/stacks/api-stack.ts: 300). */
  authorizerCacheSeconds: number;
  /** Log bytes one request writes: the Lambda's START/END/REPORT and its lines, and the API's access log. */
  logBytesPerRequest: number;
  /** X-Ray sampling: a reservoir of traces a second per function, and a share of the rest. */
  xray: { reservoirPerSecond: number; rate: number; functions: number };
}

/** The display app as the product ships it with the push channel (docs/scale.md). */
export const PUSH_MODE: Assumptions = {
  pollSeconds: 300,
  push: true,
  changesPerDay: 20,
  connectsPerDay: 1,
  heartbeatWriteSeconds: 60,
  lambdaMs: 40,
  lambdaMemoryMb: 512,
  authorizerCacheSeconds: 300,
  logBytesPerRequest: 900,
  xray: { reservoirPerSecond: 1, rate: 0.05, functions: 2 },
};

/** The channel down: a poll a minute. */
export const FALLBACK_MODE: Assumptions = { ...PUSH_MODE, pollSeconds: 60, push: false };

/** Seconds in the month the model bills (30 days). */
export const MONTH_SECONDS = 30 * 24 * 3600;

export interface LineItem {
  name: string;
  /** Units a month for the whole fleet. */
  units: number;
  unit: string;
  /** Dollars a month for the whole fleet. */
  fleetUsd: number;
  /** Dollars a screen-month. */
  perScreenUsd: number;
}

export interface CostEstimate {
  screens: number;
  lines: LineItem[];
  /** Dollars a screen-month, all lines. */
  perScreenUsd: number;
  /** Requests a screen makes a month (polls and change fetches). */
  requestsPerScreenMonth: number;
}

/** The cost of `units` at a flat price. */
const flat = (price: Price, units: number) => (units / price.per) * price.usd;

/** The cost of `units` a month on tiered prices. */
export function tiered(tiers: Tiers, units: number): number {
  let left = units;
  let from = 0;
  let usd = 0;
  for (const tier of tiers) {
    const room = tier.upTo === undefined ? left : Math.max(0, Math.min(left, tier.upTo - from));
    usd += (room / tier.per) * tier.usd;
    left -= room;
    from = tier.upTo ?? from;
    if (left <= 0) break;
  }
  return usd;
}

/**
 * The monthly bill of `screens` displays: `heartbeat` is what an unchanged poll costs (a 304),
 * `changed` what a fetch after a change costs (a 200), and each display's heartbeat is written at
 * most once per `heartbeatWriteSeconds`.
 */
export function estimate(
  screens: number,
  figures: FleetFigures,
  assumptions: Assumptions,
  prices: Prices = LIST_PRICES,
): CostEstimate {
  const a = assumptions;
  const days = MONTH_SECONDS / 86_400;
  const heartbeats = (MONTH_SECONDS / a.pollSeconds) * screens;
  const fetches = a.changesPerDay * days * screens;
  const requests = heartbeats + fetches;
  // The authorizer answers once per cache period for a display that polls more often, else on each request.
  const authorizer = Math.min(requests, (MONTH_SECONDS / a.authorizerCacheSeconds) * screens);
  const invocations = requests + authorizer;
  const gbSeconds = invocations * (a.lambdaMs / 1000) * (a.lambdaMemoryMb / 1024);
  const readUnits = heartbeats * figures.heartbeat.readUnits + fetches * figures.changed.readUnits;
  const heartbeatWrites = Math.min(heartbeats, (MONTH_SECONDS / a.heartbeatWriteSeconds) * screens);
  const writeUnits = heartbeatWrites * figures.heartbeatWriteUnits;
  const gbOut =
    (heartbeats * figures.heartbeat.responseBytes + fetches * figures.changed.responseBytes) / 1024 ** 3;
  const perSecond = invocations / MONTH_SECONDS / a.xray.functions;
  const sampledPerSecond =
    Math.min(perSecond, a.xray.reservoirPerSecond) +
    a.xray.rate * Math.max(0, perSecond - a.xray.reservoirPerSecond);
  const traces = sampledPerSecond * a.xray.functions * MONTH_SECONDS;
  const logGb = (invocations * a.logBytesPerRequest) / 1024 ** 3;
  const connectionMinutes = a.push ? (MONTH_SECONDS / 60) * screens : 0;
  // A change is one publish in and one delivery out; a connect is a connection and a subscription.
  const operations = a.push ? (a.changesPerDay * 2 + a.connectsPerDay * 2) * days * screens : 0;

  const line = (name: string, units: number, unit: string, fleetUsd: number): LineItem => ({
    name,
    units,
    unit,
    fleetUsd,
    perScreenUsd: fleetUsd / screens,
  });
  const lines = [
    line('CloudFront requests (HTTPS)', requests, 'requests', flat(prices.cloudFrontHttpsRequests, requests)),
    line('CloudFront data transfer out', gbOut, 'GB', tiered(prices.cloudFrontTransfer.tiers, gbOut)),
    line('WAF requests', requests, 'requests', flat(prices.wafRequests, requests)),
    line('API Gateway HTTP API', requests, 'requests', tiered(prices.httpApiRequests.tiers, requests)),
    line('Lambda requests', invocations, 'invocations', flat(prices.lambdaRequests, invocations)),
    line('Lambda duration (arm64)', gbSeconds, 'GB-s', flat(prices.lambdaArmGbSeconds, gbSeconds)),
    line('DynamoDB reads', readUnits, 'RRU', flat(prices.dynamoReadUnits, readUnits)),
    line('DynamoDB writes', writeUnits, 'WRU', flat(prices.dynamoWriteUnits, writeUnits)),
    line(
      'AppSync Events connection-minutes',
      connectionMinutes,
      'minutes',
      flat(prices.eventsConnectionMinutes, connectionMinutes),
    ),
    line('AppSync Events operations', operations, 'operations', flat(prices.eventsOperations, operations)),
    line('CloudWatch Logs ingestion', logGb, 'GB', flat(prices.logsIngestionGb, logGb)),
    line('X-Ray traces recorded', traces, 'traces', flat(prices.xrayTraces, traces)),
  ];
  return {
    screens,
    lines,
    perScreenUsd: lines.reduce((sum, l) => sum + l.perScreenUsd, 0),
    requestsPerScreenMonth: requests / screens,
  };
}

/** `usd` as dollars to 4 places (cents and below matter per screen). */
export const dollars = (usd: number) => `$${usd.toFixed(4)}`;

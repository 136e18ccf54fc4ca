import { estimate, PUSH_MODE, tiered, type FleetFigures } from '../../bench/lib/cost-model';

/**
 * The cost model of docs/scale.md (bench/lib/cost-model.ts) against figures worked by hand: 1,000
 * screens in push mode (a heartbeat poll every 300 s, 20 changes a day, one connect a day), a 30-day
 * month of 2,592,000 s.
 */
const figures: FleetFigures = {
  heartbeat: { readUnits: 0.5, responseBytes: 400 },
  changed: { readUnits: 3, responseBytes: 4000 },
  heartbeatWriteUnits: 0.2,
};

const line = (bill: ReturnType<typeof estimate>, name: string) => {
  const found = bill.lines.find((l) => l.name === name);
  if (!found) throw new Error(`No line ${name}`);
  return found;
};

describe('estimate', () => {
  const bill = estimate(1_000, figures, PUSH_MODE);

  it('counts a poll per 300 s and a fetch per change: 8,640 + 600 requests a screen-month', () => {
    expect(bill.requestsPerScreenMonth).toBe(9_240);
    // 9,240,000 requests: $0.01 per 10,000 at CloudFront, $0.60 per million at WAF, $1.00 per million at API Gateway.
    expect(line(bill, 'CloudFront requests (HTTPS)').fleetUsd).toBeCloseTo(9.24, 6);
    expect(line(bill, 'WAF requests').fleetUsd).toBeCloseTo(5.544, 6);
    expect(line(bill, 'API Gateway HTTP API').fleetUsd).toBeCloseTo(9.24, 6);
  });

  it('adds an authorizer call per cache period (300 s) to the Lambda invocations, at 512 MB and 40 ms', () => {
    // 9,240,000 + 8,640,000 = 17,880,000 invocations; × 0.04 s × 0.5 GB = 357,600 GB-s.
    expect(line(bill, 'Lambda requests').units).toBe(17_880_000);
    expect(line(bill, 'Lambda requests').fleetUsd).toBeCloseTo(3.576, 6);
    expect(line(bill, 'Lambda duration (arm64)').units).toBeCloseTo(357_600, 3);
    expect(line(bill, 'Lambda duration (arm64)').fleetUsd).toBeCloseTo(4.76802, 4);
  });

  it('reads per poll and per fetch, and writes a heartbeat per poll when polls are a minute or more apart', () => {
    // 8,640,000 × 0.5 + 600,000 × 3 = 6,120,000 RRU; 8,640,000 × 0.2 = 1,728,000 WRU.
    expect(line(bill, 'DynamoDB reads').fleetUsd).toBeCloseTo(0.765, 6);
    expect(line(bill, 'DynamoDB writes').fleetUsd).toBeCloseTo(1.08, 6);
  });

  it('bills every minute of the connection and two operations per change and per connect', () => {
    // 43,200 minutes × 1,000 screens at $0.08 per million; (20 × 2 + 1 × 2) × 30 × 1,000 operations at $1.
    expect(line(bill, 'AppSync Events connection-minutes').fleetUsd).toBeCloseTo(3.456, 6);
    expect(line(bill, 'AppSync Events operations').fleetUsd).toBeCloseTo(1.26, 6);
  });

  it('samples X-Ray traces at 1 a second per function and 5 % of the rest', () => {
    // Per function 8,940,000 invocations: 2,592,000 in the reservoir + 5 % of 6,348,000 = 2,909,400; two functions.
    expect(line(bill, 'X-Ray traces recorded').units).toBeCloseTo(5_818_800, 0);
    expect(line(bill, 'X-Ray traces recorded').fleetUsd).toBeCloseTo(29.094, 4);
  });

  it('adds the lines up to the screen-month figure', () => {
    // 5,856,000,000 bytes out = 5.4538 GB at $0.085; 17,880,000 × 900 bytes of logs = 14.9868 GB at $0.50.
    expect(line(bill, 'CloudFront data transfer out').fleetUsd).toBeCloseTo(0.46357, 4);
    expect(line(bill, 'CloudWatch Logs ingestion').fleetUsd).toBeCloseTo(7.49342, 4);
    expect(bill.perScreenUsd).toBeCloseTo(75.98002 / 1_000, 6);
  });

  it('writes a heartbeat once a minute at most when a display polls more often', () => {
    const every15s = estimate(1_000, figures, { ...PUSH_MODE, pollSeconds: 15 });
    // 43,200 heartbeats a screen-month, not 172,800 polls: 43,200,000 × 0.2 WRU at $0.625 per million.
    expect(line(every15s, 'DynamoDB writes').fleetUsd).toBeCloseTo(5.4, 6);
  });

  it('bills nothing for the channel when the display does not hold it', () => {
    const fallback = estimate(1_000, figures, { ...PUSH_MODE, push: false, pollSeconds: 60 });
    expect(line(fallback, 'AppSync Events connection-minutes').fleetUsd).toBe(0);
    expect(line(fallback, 'AppSync Events operations').fleetUsd).toBe(0);
  });
});

describe('tiered', () => {
  it('prices API Gateway requests past 300 million a month at $0.90 per million', () => {
    expect(
      tiered(
        [
          { upTo: 300e6, usd: 1, per: 1e6 },
          { usd: 0.9, per: 1e6 },
        ],
        400e6,
      ),
    ).toBeCloseTo(390, 6);
    expect(
      tiered(
        [
          { upTo: 300e6, usd: 1, per: 1e6 },
          { usd: 0.9, per: 1e6 },
        ],
        100e6,
      ),
    ).toBeCloseTo(100, 6);
  });

  it('makes a screen cheaper at 100,000 screens than at 1,000 (X-Ray’s reservoir, API Gateway’s tier)', () => {
    const small = estimate(1_000, figures, PUSH_MODE).perScreenUsd;
    const large = estimate(100_000, figures, PUSH_MODE).perScreenUsd;
    expect(large).toBeLessThan(small);
    // 924,000,000 requests: 300 million at $1.00 and 624 million at $0.90.
    expect(line(estimate(100_000, figures, PUSH_MODE), 'API Gateway HTTP API').fleetUsd).toBeCloseTo(
      861.6,
      4,
    );
  });
});

import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import type { Context, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { resetEnvCache } from '../env';
import type { RouteDef } from '@shared/api/contract';
import { route } from '../http/route-factory';
import { inProcessQueue, sqsWorker, type JobWorker } from '../jobs/queue';
import { scheduledHandler } from '../jobs/scheduled-handler';
import { JOB_DIMENSION, METRICS_SERVICE, MetricName, metricCatalogue, metricsNamespace } from './catalogue';
import {
  countJobItemFailure,
  countMetric,
  flushMetrics,
  recordDuration,
  setMetricsSink,
  type MetricsSink,
} from './metrics';

/**
 * The business metrics as emitted (functions/core/observability/metrics.ts): what one flush of a route's
 * request and of a job's invocation writes, read as CloudWatch reads an EMF line, with the
 * catalogue's names, units and dimensions.
 */

const context = {
  functionName: 'spaces-test',
  awsRequestId: 'request-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

let emitted: EmfOutput[];
beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: 'spaces-test',
    UPLOADS_BUCKET: 'uploads',
    CLIENT_USER_POOL_ID: 'pool',
    CLIENT_USER_POOL_CLIENT_ID: 'client',
    ADMIN_USER_POOL_ID: 'admin-pool',
    ADMIN_USER_POOL_CLIENT_ID: 'admin-client',
    MAIL_FROM: 'no-reply@spaces.test',
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'ERROR',
  });
  resetEnvCache();
});
beforeEach(() => {
  flushMetrics();
  emitted = [];
  setMetricsSink((emf) => emitted.push(emf));
});
afterEach(() => setMetricsSink(undefined));

/** One EMF document: its namespace, dimension sets, metrics with units, and values by name. */
function read(emf: EmfOutput) {
  const [directive] = emf._aws.CloudWatchMetrics;
  return {
    namespace: directive!.Namespace,
    dimensions: directive!.Dimensions,
    units: Object.fromEntries(directive!.Metrics.map((metric) => [metric.Name, metric.Unit])),
    value: (name: string) => emf[name],
    dimension: (name: string) => emf[name],
  };
}

const unitOf = (name: MetricName) => metricCatalogue[name].unit;

const publicRoute = {
  method: 'GET',
  path: '/test/metrics',
  auth: 'public',
  summary: 'A route that makes a booking, for the metrics test',
  response: z.object({ ok: z.boolean() }),
  group: 'system',
  handler: 'system/test-metrics',
} as unknown as RouteDef;

const event = (path: string) =>
  ({
    version: '2.0',
    routeKey: `GET ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: {},
    requestContext: { http: { method: 'GET', path } },
    isBase64Encoded: false,
  }) as never;

describe('a route', () => {
  it('flushes what its handler added once, after the request, as one EMF document with the service dimension', async () => {
    const handler = route(publicRoute, async () => {
      countMetric(MetricName.BookingsMade);
      countMetric(MetricName.DisplayPolls);
      expect(emitted).toEqual([]);
      return { result: { ok: true } };
    });
    const answer = await handler(event('/test/metrics'), context);
    expect(answer.statusCode).toBe(200);
    expect(emitted).toHaveLength(1);
    const emf = read(emitted[0]!);
    expect(emf.namespace).toBe(metricsNamespace('local'));
    expect(emf.dimensions).toEqual([['service']]);
    expect(emf.dimension('service')).toBe(METRICS_SERVICE);
    expect(emf.units).toEqual({
      [MetricName.BookingsMade]: unitOf(MetricName.BookingsMade),
      [MetricName.DisplayPolls]: unitOf(MetricName.DisplayPolls),
    });
    expect(emf.value(MetricName.BookingsMade)).toBe(1);
  });

  it('flushes a failed request’s metrics too, and emits nothing for a request that added none', async () => {
    const failing = route(publicRoute, async () => {
      countMetric(MetricName.CheckIns);
      throw new Error('boom');
    });
    expect((await failing(event('/test/metrics'), context)).statusCode).toBe(500);
    expect(emitted.map((emf) => read(emf).units)).toEqual([{ CheckIns: 'Count' }]);

    const quiet = route(publicRoute, async () => ({ result: { ok: true } }));
    await quiet(event('/test/metrics'), context);
    expect(emitted).toHaveLength(1);
  });
});

describe('a job', () => {
  it('flushes its run’s metrics once, and its failed items as JobItemFailures with the job’s name as a dimension', async () => {
    const handler = scheduledHandler('Calendar push', async () => {
      countMetric(MetricName.CalendarPushes, 3);
      recordDuration(MetricName.CalendarPushLag, 1_200);
      recordDuration(MetricName.CalendarPushLag, 800);
      countJobItemFailure('calendar-push');
      countJobItemFailure('calendar-push');
      return { delivered: 3, retried: 2 };
    });
    await expect(handler({}, context)).resolves.toEqual({ delivered: 3, retried: 2 });
    expect(emitted).toHaveLength(2);
    const [failures, run] = emitted.map(read);
    expect(failures!.dimensions).toEqual([['service', JOB_DIMENSION]]);
    expect(failures!.dimension(JOB_DIMENSION)).toBe('calendar-push');
    expect(failures!.units).toEqual({ [MetricName.JobItemFailures]: unitOf(MetricName.JobItemFailures) });
    expect(failures!.value(MetricName.JobItemFailures)).toBe(2);

    expect(run!.namespace).toBe(metricsNamespace('local'));
    expect(run!.dimensions).toEqual([['service']]);
    expect(run!.units).toEqual({ CalendarPushes: 'Count', CalendarPushLag: 'Milliseconds' });
    expect(run!.value(MetricName.CalendarPushes)).toBe(3);
    expect(run!.value(MetricName.CalendarPushLag)).toEqual([1_200, 800]);
  });

  it('counts each failed item of a fan-out job once, in AWS’s worker (a partial batch failure) and in this process’s', async () => {
    const worker: JobWorker<{ n: number }, number> = {
      job: 'cap-poll',
      schema: z.object({ n: z.number() }),
      work: async ({ n }) => {
        if (n === 2) throw new Error('feed store unavailable');
        countMetric(MetricName.CapFeedsRead, n);
        return n;
      },
    };
    const handler = sqsWorker(worker);
    const sqsEvent: SQSEvent = {
      Records: [1, 2, 3].map((n) => ({ messageId: `m${n}`, body: JSON.stringify({ n }) })) as never,
    };
    await expect(handler(sqsEvent, context)).resolves.toEqual({
      batchItemFailures: [{ itemIdentifier: 'm2' }],
    });
    const [failures, run] = emitted.map(read);
    expect(failures!.dimension(JOB_DIMENSION)).toBe('cap-poll');
    expect(failures!.value(MetricName.JobItemFailures)).toBe(1);
    expect(run!.value(MetricName.CapFeedsRead)).toEqual([1, 3]);

    emitted = [];
    const done: number[] = [];
    await inProcessQueue(worker, (n) => done.push(n)).send([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(done).toEqual([1, 3]);
    flushMetrics();
    expect(emitted.map(read).map((emf) => emf.value(MetricName.JobItemFailures))).toEqual([1, undefined]);
  });
});

describe('the sink', () => {
  it('prints nothing locally unless LOG_LEVEL is DEBUG, and an EMF line on standard output in AWS', () => {
    setMetricsSink(undefined);
    const lines: string[] = [];
    const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    const settings = { STAGE: process.env.STAGE, LOG_LEVEL: process.env.LOG_LEVEL };
    try {
      const flushOne = (env: Record<string, string | undefined>) => {
        Object.assign(process.env, env);
        countMetric(MetricName.BookingsMade);
        flushMetrics();
      };
      flushOne({ STAGE: 'local', LOG_LEVEL: 'INFO' });
      expect(lines).toEqual([]);
      flushOne({ STAGE: 'local', LOG_LEVEL: 'DEBUG' });
      flushOne({ STAGE: 'prod', LOG_LEVEL: 'INFO' });
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line.endsWith('\n')).toBe(true);
        expect(read(JSON.parse(line) as EmfOutput).units).toEqual({ BookingsMade: 'Count' });
      }
    } finally {
      write.mockRestore();
      for (const [name, value] of Object.entries(settings)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it('is replaced by a test’s own, which sees every flush', () => {
    const seen: EmfOutput[] = [];
    const sink: MetricsSink = (emf) => seen.push(emf);
    setMetricsSink(sink);
    countMetric(MetricName.NoShowReleases, 2);
    flushMetrics();
    expect(seen.map((emf) => read(emf).value(MetricName.NoShowReleases))).toEqual([2]);
  });
});

import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { EmfOutput } from '@aws-lambda-powertools/metrics/types';
import { logger } from '../logger';
import type { JobName } from '../jobs/names';
import {
  JOB_DIMENSION,
  METRICS_SERVICE,
  MetricName,
  metricsNamespace,
  type metricCatalogue,
} from './catalogue';

/**
 * The business metrics at run time (docs/architecture.md, "Business metrics"): one Powertools
 * Metrics instance per process, to which handlers and jobs add the metrics of
 * functions/core/observability/catalogue.ts; it is flushed once per invocation (the `logMetrics`
 * middleware of the route factory and of the jobs' handlers), as one CloudWatch EMF line on
 * standard output, which CloudWatch Logs turns into metrics.
 *
 * Where that line goes is the sink's choice: in AWS, standard output; in the local runtime
 * (STAGE=local) nowhere, unless LOG_LEVEL is DEBUG, so that the server's log is not flooded with a
 * line per request; a test installs its own sink ({@link setMetricsSink}) to see what was emitted.
 */

/** Receives each EMF document a flush emits. */
export type MetricsSink = (emf: EmfOutput) => void;

let installedSink: MetricsSink | undefined;

/** The sink for a process's configuration, read at each flush. */
function sink(): MetricsSink | undefined {
  if (installedSink) return installedSink;
  const local = (process.env.STAGE ?? 'local') === 'local';
  if (local && process.env.LOG_LEVEL !== 'DEBUG') return undefined;
  return (emf) => void process.stdout.write(`${JSON.stringify(emf)}\n`);
}

/** Installs a sink (a test's); `undefined` restores the one the configuration chooses. */
export function setMetricsSink(next: MetricsSink | undefined): void {
  installedSink = next;
}

/**
 * Powertools' Metrics writing through the sink. A flush with nothing stored emits nothing (and,
 * unlike Powertools' own, does not warn: most requests add no metric), and the per-item failures
 * of a job are emitted at the flush as one data point per job with its `job` dimension (a metric
 * of its own dimensions is a separate EMF document: Powertools' single metric).
 */
class SpacesMetrics extends Metrics {
  readonly #failures = new Map<string, number>();

  /** Counts one failed item of a job; emitted at the next flush. */
  countItemFailure(job: string): void {
    this.#failures.set(job, (this.#failures.get(job) ?? 0) + 1);
  }

  override publishStoredMetrics(): this {
    const failures = [...this.#failures];
    this.#failures.clear();
    for (const [job, count] of failures) {
      const single = this.singleMetric();
      single.addDimension(JOB_DIMENSION, job);
      // A single metric publishes as soon as it is added.
      single.addMetric(MetricName.JobItemFailures, MetricUnit.Count, count);
    }
    try {
      const to = sink();
      if (to && this.hasStoredMetrics() && !this.isDisabled()) to(this.serializeMetrics());
    } finally {
      this.clearMetrics();
      this.clearDimensions();
      this.clearMetadata();
    }
    return this;
  }

  override singleMetric(): SpacesMetrics {
    return new SpacesMetrics({ ...options(), singleMetric: true });
  }
}

const options = () => ({
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || metricsNamespace(process.env.STAGE || 'local'),
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || METRICS_SERVICE,
  // Powertools' own warnings (a dimension or metric CloudWatch would refuse) go to the log.
  logger,
});

/** The process's one instance: the route factory and the jobs' handlers flush it. */
export const metrics = new SpacesMetrics(options());

type CountName = {
  [Name in MetricName]: (typeof metricCatalogue)[Name]['unit'] extends 'Count' ? Name : never;
}[MetricName];
type DurationName = Exclude<MetricName, CountName>;

/** Adds `count` (1 by default) to a Count metric of the catalogue; nothing when it is 0. */
export function countMetric(name: Exclude<CountName, 'JobItemFailures'>, count = 1): void {
  if (count > 0) metrics.addMetric(name, MetricUnit.Count, count);
}

/** Records one duration, in milliseconds, of a Milliseconds metric of the catalogue. */
export function recordDuration(name: DurationName, milliseconds: number): void {
  if (Number.isFinite(milliseconds))
    metrics.addMetric(name, MetricUnit.Milliseconds, Math.max(0, milliseconds));
}

/** Counts one item of a scheduled job (its name in the schedule table) that failed while the others went on. */
export function countJobItemFailure(job: JobName): void {
  metrics.countItemFailure(job);
}

/** Emits what was added since the last flush: what the `logMetrics` middleware does after an invocation. */
export function flushMetrics(): void {
  metrics.publishStoredMetrics();
}

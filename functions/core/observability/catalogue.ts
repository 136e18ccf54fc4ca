/**
 * The business metrics, as plain data (docs/architecture.md, "Business metrics"): what the API's
 * handlers and the scheduled jobs emit through functions/core/observability/metrics.ts as CloudWatch
 * embedded metric format (EMF) lines, and what the CDK app reads for its dashboard and alarms.
 * Nothing here imports anything, so the CDK app reads it without loading any function code.
 */

/** The `service` dimension every metric carries (Powertools' default dimension). */
export const METRICS_SERVICE = 'spaces';

/** The CloudWatch namespace of a stage's metrics: `Spaces/<stage>` (locally `Spaces/local`). */
export const metricsNamespace = (stage: string): string => `Spaces/${stage}`;

/**
 * What a function's environment says of its metrics (Powertools reads these variables): the CDK
 * gives each function its stage's namespace; a process without them (the local runtime, the tests)
 * falls back to the same rule with its `STAGE` (`local` when unset).
 */
export const metricsEnvironment = (stage: string) =>
  ({
    POWERTOOLS_METRICS_NAMESPACE: metricsNamespace(stage),
    POWERTOOLS_SERVICE_NAME: METRICS_SERVICE,
  }) as const;

/** The name of the one extra dimension, on {@link MetricName.JobItemFailures}: the job's name. */
export const JOB_DIMENSION = 'job';

/** Every metric's name: the one string the code that emits it and the CDK that reads it use. */
export const MetricName = {
  BookingsMade: 'BookingsMade',
  CheckIns: 'CheckIns',
  NoShowReleases: 'NoShowReleases',
  DisplayPolls: 'DisplayPolls',
  CalendarPushes: 'CalendarPushes',
  CalendarPushLag: 'CalendarPushLag',
  CalendarPulls: 'CalendarPulls',
  CalendarPullLag: 'CalendarPullLag',
  CapFeedsRead: 'CapFeedsRead',
  JobItemFailures: 'JobItemFailures',
} as const;
export type MetricName = (typeof MetricName)[keyof typeof MetricName];

export interface MetricDefinition {
  /** CloudWatch's unit name (the same strings as Powertools' `MetricUnit`). */
  readonly unit: 'Count' | 'Milliseconds';
  /** One line: what one data point is. */
  readonly description: string;
  /** Dimensions beyond `service`, by name. */
  readonly dimensions: readonly string[];
}

export const metricCatalogue = {
  BookingsMade: {
    unit: 'Count',
    description: 'Bookings created, from the booking calendar or with Book now at a room screen',
    dimensions: [],
  },
  CheckIns: {
    unit: 'Count',
    description: 'Occurrences checked in to at a room screen (a repeated tap is not counted again)',
    dimensions: [],
  },
  NoShowReleases: {
    unit: 'Count',
    description: 'Occurrences released by the no-show job because nobody checked in',
    dimensions: [],
  },
  DisplayPolls: {
    unit: 'Count',
    description: "Room screens' polls of GET /device/state",
    dimensions: [],
  },
  CalendarPushes: {
    unit: 'Count',
    description: 'Bookings the calendar-push job wrote to (or removed from) a linked calendar',
    dimensions: [],
  },
  CalendarPushLag: {
    unit: 'Milliseconds',
    description: "From a booking's change (its push marked pending) to its delivery to the linked calendar",
    dimensions: [],
  },
  CalendarPulls: {
    unit: 'Count',
    description: 'Synced spaces whose linked calendar the calendar-pull job read (one per space and run)',
    dimensions: [],
  },
  CalendarPullLag: {
    unit: 'Milliseconds',
    description:
      "From a space's previous successful read of its linked calendar to this one (how stale it had been)",
    dimensions: [],
  },
  CapFeedsRead: {
    unit: 'Count',
    description: 'Distinct CAP feed URLs the cap-poll job fetched (read or not modified) in a run',
    dimensions: [],
  },
  JobItemFailures: {
    unit: 'Count',
    description: "A scheduled job's items that failed in a run (logged; the others went on), by job name",
    dimensions: [JOB_DIMENSION],
  },
} as const satisfies Readonly<Record<MetricName, MetricDefinition>>;

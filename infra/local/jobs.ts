import { performance } from 'node:perf_hooks';
import { scheduledJobs, type ScheduledJob } from '../../functions/jobs/schedule';
import { flushMetrics } from '@core/observability/metrics';

/** What the timers need of a job of the schedule table (functions/jobs/schedule.ts). */
export type LocalJob = Pick<ScheduledJob, 'name' | 'rateMinutes' | 'load' | 'localPeriodMs'>;

export interface JobTimersOptions {
  /** Runs every job this often instead of on its rate (tests, `SPACES_JOB_PERIOD_MS`). */
  periodMs?: number;
  log: (line: string) => void;
  /** @default the schedule table's jobs */
  jobs?: readonly LocalJob[];
  /**
   * How long `stop` waits for runs under way. A run that takes longer is left to finish or die
   * with the process, so that stopping the system stays prompt. @default 3000
   */
  stopTimeoutMs?: number;
}

export interface JobTimers {
  /** Clears the timers and waits (up to `stopTimeoutMs`) for the runs under way. */
  stop(): Promise<void>;
  /**
   * Runs a job now, after the run under way if there is one, and answers its report (or its
   * error). A tick that falls during it is skipped, as during any run.
   */
  runNow(name: string): Promise<unknown>;
}

/** A report in a log line: one line, and short. */
const REPORT_CHARS = 300;

/**
 * The schedule table on one machine: each job on a timer of its rate, in the server's process
 * (with its environment), as EventBridge and Lambda run it in AWS. A job never runs twice at once:
 * a tick that comes while the previous run is still going is skipped. Each run's outcome is one
 * log line; a failing job is logged and keeps its timer. A job that fans out (the schedule table's
 * `worker`) is run the same way: its planner, with no queue configured here, hands each message to
 * the same worker in this process (functions/core/jobs/queue.ts), and the run's report is the workers'.
 */
export function startJobTimers(options: JobTimersOptions): JobTimers {
  const { log, periodMs } = options;
  const jobs = options.jobs ?? scheduledJobs;
  const stopTimeoutMs = options.stopTimeoutMs ?? 3_000;
  if (periodMs !== undefined && !(Number.isFinite(periodMs) && periodMs > 0)) {
    throw new Error(`Invalid job period ${periodMs}: expected a positive number of milliseconds.`);
  }

  interface State {
    readonly job: LocalJob;
    running: Promise<unknown> | undefined;
    readonly timer: NodeJS.Timeout;
    /** The last run's report, as logged: a job that runs every few seconds says only what changed. */
    lastSummary?: string;
  }
  let stopped = false;

  /** One run: its outcome is logged, and the promise settles as the job did. */
  const run = (state: State): Promise<unknown> => {
    const { name } = state.job;
    const started = performance.now();
    const took = () => `${Math.round(performance.now() - started)} ms`;
    const running = (async () => (await state.job.load())())().then(
      (report) => {
        const said = summary(report);
        // A job of a few seconds' period logs a run only when its report differs from the last.
        if (state.job.localPeriodMs === undefined || said !== state.lastSummary)
          log(`job ${name}: done in ${took()}${said}`);
        state.lastSummary = said;
        return report;
      },
      (error: unknown) => {
        log(`job ${name}: failed after ${took()}: ${firstLine(error)}`);
        throw error;
      },
    );
    state.running = running.finally(() => {
      state.running = undefined;
      // What the run added to the business metrics, flushed once as its Lambda's middleware does
      // (printed locally only at LOG_LEVEL DEBUG: functions/core/observability/metrics.ts).
      flushMetrics();
    });
    return state.running;
  };

  const tick = (state: State) => {
    if (stopped) return;
    if (state.running) {
      log(`job ${state.job.name}: skipped, the previous run is still going`);
      return;
    }
    // Logged by run; the timer goes on.
    run(state).catch(() => {});
  };

  const states = new Map<string, State>();
  for (const job of jobs) {
    const intervalMs = periodMs ?? job.localPeriodMs ?? job.rateMinutes * 60_000;
    const state: State = {
      job,
      running: undefined,
      // Unreferenced: the timers alone never keep the process alive.
      timer: setInterval(() => tick(state), intervalMs).unref(),
    };
    states.set(job.name, state);
  }
  const every = (job: LocalJob) =>
    periodMs !== undefined
      ? `${periodMs} ms`
      : job.localPeriodMs !== undefined
        ? `${job.localPeriodMs / 1000} s`
        : `${job.rateMinutes} min`;
  log(`Jobs: ${jobs.map((job) => `${job.name} every ${every(job)}`).join(', ') || 'none'}`);

  return {
    runNow: async (name) => {
      const state = states.get(name);
      if (!state) throw new Error(`No job "${name}" (jobs: ${[...states.keys()].join(', ') || 'none'})`);
      if (stopped) throw new Error(`The jobs stopped; "${name}" was not run`);
      while (state.running) await state.running.catch(() => {});
      if (stopped) throw new Error(`The jobs stopped; "${name}" was not run`);
      return run(state);
    },
    stop: async () => {
      stopped = true;
      for (const state of states.values()) clearInterval(state.timer);
      const under = [...states.values()].filter((state) => state.running);
      if (under.length === 0) return;
      let timeout: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), stopTimeoutMs);
      });
      const settled = Promise.allSettled(under.map((state) => state.running));
      const outcome = await Promise.race([settled, gaveUp]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        const names = under.filter((state) => state.running).map((state) => state.job.name);
        log(`Jobs: not waiting any longer for ${names.join(', ')} (${stopTimeoutMs} ms)`);
      }
    },
  };
}

function summary(report: unknown): string {
  if (report === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(report) ?? String(report);
  } catch {
    text = String(report);
  }
  return `: ${text.length > REPORT_CHARS ? `${text.slice(0, REPORT_CHARS - 1)}…` : text}`;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.split('\n', 1)[0]!;
}

import { startJobTimers, type JobTimers, type LocalJob } from './jobs';

/** A job whose runs are counted and finish when the test says so (or at once). */
function aJob(name: string, options: { rateMinutes?: number; held?: boolean } = {}) {
  const runs: { finish: (report?: unknown) => void; fail: (error: Error) => void }[] = [];
  const job: LocalJob = {
    name,
    rateMinutes: options.rateMinutes ?? 1,
    load: async () => () =>
      new Promise<unknown>((resolve, reject) => {
        runs.push({ finish: resolve, fail: reject });
        if (!options.held) resolve({ polled: runs.length });
      }),
  };
  return { job, runs };
}

let lines: string[];
let timers: JobTimers | undefined;
const start = (jobs: LocalJob[], options: { periodMs?: number; stopTimeoutMs?: number } = {}) =>
  (timers = startJobTimers({ jobs, log: (line) => lines.push(line), ...options }));

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
});
afterEach(async () => {
  // A run a test left hanging holds stop for its time limit: let that pass on the fake clock.
  const stopping = timers?.stop();
  await vi.advanceTimersByTimeAsync(5_000);
  await stopping;
  timers = undefined;
  vi.useRealTimers();
});

describe('the local job timers', () => {
  it('run each job on its rate by default, and say so at start', async () => {
    const fast = aJob('cap-poll');
    const slow = aJob('screen-offline', { rateMinutes: 5 });
    start([fast.job, slow.job]);
    expect(lines).toEqual(['Jobs: cap-poll every 1 min, screen-offline every 5 min']);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(fast.runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fast.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(fast.runs).toHaveLength(5);
    expect(slow.runs).toHaveLength(1);
  });

  it('run a job with a local period on it, logging a run only when its report differs from the last', async () => {
    let report = { delivered: 0 };
    const job: LocalJob = {
      name: 'calendar-push',
      rateMinutes: 1,
      localPeriodMs: 5_000,
      load: async () => async () => report,
    };
    start([job]);
    expect(lines).toEqual(['Jobs: calendar-push every 5 s']);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^job calendar-push: done in \d+ ms: \{"delivered":0\}$/),
    ]);
    report = { delivered: 2 };
    await vi.advanceTimersByTimeAsync(5_000);
    report = { delivered: 0 };
    await vi.advanceTimersByTimeAsync(10_000);
    expect(lines.slice(2)).toEqual([
      expect.stringMatching(/: \{"delivered":2\}$/),
      expect.stringMatching(/: \{"delivered":0\}$/),
    ]);
  });

  it('run every job on the period when one is given, logging each outcome in one line', async () => {
    const { job, runs } = aJob('cap-poll');
    start([job], { periodMs: 100 });
    expect(lines).toEqual(['Jobs: cap-poll every 100 ms']);

    await vi.advanceTimersByTimeAsync(300);
    expect(runs).toHaveLength(3);
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^job cap-poll: done in \d+ ms: \{"polled":1\}$/),
      expect.stringMatching(/^job cap-poll: done in \d+ ms: \{"polled":2\}$/),
      expect.stringMatching(/^job cap-poll: done in \d+ ms: \{"polled":3\}$/),
    ]);
  });

  it('skip a tick while the previous run of the same job is still going', async () => {
    const held = aJob('cap-poll', { held: true });
    const other = aJob('no-show-release');
    start([held.job, other.job], { periodMs: 100 });

    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(held.runs).toHaveLength(1);
    expect(lines.filter((line) => line.includes('skipped'))).toEqual([
      'job cap-poll: skipped, the previous run is still going',
      'job cap-poll: skipped, the previous run is still going',
    ]);
    // Another job keeps its own timer.
    expect(other.runs).toHaveLength(3);

    held.runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.runs).toHaveLength(2);
  });

  it('log a failing run and keep the timer going', async () => {
    const { job, runs } = aJob('cap-poll', { held: true });
    start([job], { periodMs: 100 });

    await vi.advanceTimersByTimeAsync(100);
    runs[0]!.fail(new Error('the table is down\nat somewhere'));
    await vi.advanceTimersByTimeAsync(0);
    expect(lines.at(-1)).toMatch(/^job cap-poll: failed after \d+ ms: Error: the table is down$/);

    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(2);
  });

  it('log a job whose module cannot be loaded, and keep the timer going', async () => {
    let loads = 0;
    const job: LocalJob = {
      name: 'cap-poll',
      rateMinutes: 1,
      load: () => {
        loads++;
        return Promise.reject(new Error('Cannot find module ./cap-poll'));
      },
    };
    start([job], { periodMs: 100 });

    await vi.advanceTimersByTimeAsync(200);
    expect(loads).toBe(2);
    expect(lines.filter((line) => line.includes('failed'))).toHaveLength(2);
  });

  it('stop: no tick after it, and it waits for the run under way', async () => {
    const { job, runs } = aJob('cap-poll', { held: true });
    start([job], { periodMs: 100 });
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);

    let stopped = false;
    const stopping = timers!.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stopped).toBe(false);
    expect(runs).toHaveLength(1);

    runs[0]!.finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(1);
  });

  it('stop: waits no longer than its time limit for a run that hangs', async () => {
    const { job, runs } = aJob('cap-poll', { held: true });
    start([job], { periodMs: 100, stopTimeoutMs: 2_000 });
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);

    let stopped = false;
    const stopping = timers!.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await stopping;
    expect(lines.at(-1)).toBe('Jobs: not waiting any longer for cap-poll (2000 ms)');
  });

  it('runNow: runs a job at once and answers its report, or its error', async () => {
    const { job, runs } = aJob('cap-poll');
    start([job]);

    await expect(timers!.runNow('cap-poll')).resolves.toEqual({ polled: 1 });
    expect(runs).toHaveLength(1);
    await expect(timers!.runNow('no-such-job')).rejects.toThrow('No job "no-such-job" (jobs: cap-poll)');

    await timers!.stop();
    await expect(timers!.runNow('cap-poll')).rejects.toThrow(/stopped/);
  });

  it('runNow: waits for the run under way, then runs again', async () => {
    const { job, runs } = aJob('cap-poll', { held: true });
    start([job], { periodMs: 100 });
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toHaveLength(1);

    const now = timers!.runNow('cap-poll');
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    runs[1]!.finish('second');
    await expect(now).resolves.toBe('second');
  });

  it('refuse a period that is not a positive number of milliseconds', () => {
    expect(() => startJobTimers({ jobs: [], log: () => {}, periodMs: Number('soon') })).toThrow(
      /Invalid job period/,
    );
    expect(() => startJobTimers({ jobs: [], log: () => {}, periodMs: 0 })).toThrow(/Invalid job period/);
  });
});

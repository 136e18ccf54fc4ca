import { findConflicts } from '@shared/conflicts';
import { expandOccurrences } from '@shared/recurrence';
import type { EventTiming, Occurrence } from '@shared/recurrence';

const RUNS = 5;
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Asia/Kolkata'];
const two = (n: number) => String(n).padStart(2, '0');

/**
 * Median wall time of `RUNS` runs of `work` after a first one, in ms; the first run's (the engine's caches and the
 * JIT still cold, when nothing before it expanded series); and what the last run returned.
 */
function measure<T>(work: () => T): { ms: number; firstMs: number; result: T } {
  const first = performance.now();
  let result = work();
  const firstMs = performance.now() - first;
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    result = work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(RUNS / 2)] ?? 0, firstMs, result };
}

/** 1,000 weekly one-hour series through 2026, spread over zones, weekdays and hours. */
function weeklySeries(): EventTiming[] {
  return Array.from({ length: 1000 }, (_, i) => {
    const day = `2026-01-${two(5 + (i % 7))}`;
    const hour = 8 + (i % 10);
    return {
      start_date: `${day} ${two(hour)}:00:00`,
      end_date: `${day} ${two(hour + 1)}:00:00`,
      timezone: ZONES[i % ZONES.length] ?? 'UTC',
      recurring: 'Yes',
      recur_interval: 1,
      recur_type: 'WEEKLY',
      recur_end_type: 'ON',
      recur_end: '2026-12-31',
    };
  });
}

/** A venue of 10 spaces, each booked by a daily, a Mon/Wed/Fri and a monthly series from 2026-01-01. */
function venueSeries(): EventTiming[] {
  const base = {
    timezone: 'America/New_York',
    recurring: 'Yes',
    recur_interval: 1,
    recur_end_type: 'AFTER',
  } as const;
  return Array.from({ length: 10 }, (_, space) => [
    {
      ...base,
      start_date: '2026-01-01 08:00:00',
      end_date: '2026-01-01 08:30:00',
      recur_type: 'DAILY',
      recur_end: 1000,
    },
    {
      ...base,
      start_date: `2026-01-01 ${two(9 + space)}:00:00`,
      end_date: `2026-01-01 ${two(10 + space)}:00:00`,
      recur_type: 'WEEKLY',
      recur_on: 'MO,WE,FR',
      recur_end: 300,
    },
    {
      ...base,
      start_date: '2026-01-01 16:00:00',
      end_date: '2026-01-01 18:00:00',
      recur_type: 'MONTHLY',
      recur_on: '2TU',
      recur_end: 60,
    },
  ]).flat() as EventTiming[];
}

const count = (n: number) => n.toLocaleString('en-US');
const figure = (ms: number, what: string) => `${ms.toFixed(1)} ms (${what})`;

/** Recurrence benchmarks: expansion of many series, a month window over a venue, and the conflict sweep. */
export async function run(): Promise<Array<{ name: string; value: string }>> {
  const weekly = weeklySeries();
  const fullYear = measure(() => weekly.flatMap((event) => expandOccurrences(event)));

  const venue = venueSeries();
  const june = { from: '2026-06-01', to: '2026-06-30' };
  const month = measure(() => venue.flatMap((event) => expandOccurrences(event, june)));

  const candidate = expandOccurrences({
    start_date: '2026-01-01 12:30:00',
    end_date: '2026-01-01 13:30:00',
    timezone: 'America/New_York',
    recurring: 'Yes',
    recur_interval: 1,
    recur_type: 'WEEKLY',
    recur_on: 'MO,WE,FR',
    recur_end_type: 'AFTER',
    recur_end: 300,
  });
  const existing: Occurrence[] = venue.flatMap((event) => expandOccurrences(event));
  const sweep = measure(() => findConflicts(candidate, existing));

  return [
    {
      name: '1,000 weekly series, all of 2026',
      value: figure(
        fullYear.ms,
        `${count(fullYear.result.length)} occurrences; first run ${fullYear.firstMs.toFixed(0)} ms`,
      ),
    },
    {
      name: 'June window, 10 spaces × 3 series',
      value: figure(month.ms, `${count(month.result.length)} occurrences`),
    },
    {
      name: 'conflict sweep, 300 vs a venue',
      value: figure(
        sweep.ms,
        `${count(candidate.length)} × ${count(existing.length)}, ${count(sweep.result.length)} clashes`,
      ),
    },
  ];
}

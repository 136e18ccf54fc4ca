import fc from 'fast-check';
import { connect } from '../../functions/calendars/access';
import { runPulls } from '../../functions/calendars/pull';
import { runPushes } from '../../functions/calendars/push';
import type { ExternalInstance } from '../../functions/calendars/providers/provider';
import { getCalendarAccount } from '../../functions/calendars/store';
import { call } from '../support/api';
import { aLinkedSpace, control, faults } from '../support/calendars';

/**
 * Two-way sync as a property: whatever people do — bookings made, changed (THIS, FOLLOWING, ALL)
 * and cancelled in Spaces, events added, moved and deleted in the linked calendar, the provider
 * failing (503) or throttling (429) in between, the jobs running now and then — once the provider
 * is back and the jobs have caught up, the linked calendar and the space's schedule show the same
 * occurrences, each once. The providers are the local stand-ins for Google Calendar and Microsoft
 * Graph (nothing reaches Google or Microsoft); the jobs are run by the test. Seeded and bounded:
 * CALENDAR_SYNC_SEED replays a run.
 */

type Provider = 'google' | 'microsoft';
const WINDOW = { from: '2031-03-01', to: '2031-04-30' };
const HOUR = 3_600_000;
/** When the jobs run: the pull job reads from a week back to a year ahead of it. */
const NOW = Date.parse('2031-02-25T00:00:00Z');

type Op =
  | { kind: 'book'; day: number; hour: number; weekly: number }
  | { kind: 'edit'; pick: number; scope: 'THIS' | 'FOLLOWING' | 'ALL'; shift: number }
  | { kind: 'delete'; pick: number; scope: 'THIS' | 'FOLLOWING' | 'ALL' }
  | { kind: 'extAdd'; day: number; hour: number }
  | { kind: 'extMove'; pick: number; shift: number }
  | { kind: 'extDelete'; pick: number }
  | { kind: 'outage'; status: 503 | 429; count: number }
  | { kind: 'push' }
  | { kind: 'pull' };

const scope = fc.constantFrom('THIS' as const, 'FOLLOWING' as const, 'ALL' as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('book' as const),
      day: fc.integer({ min: 2, max: 20 }),
      hour: fc.integer({ min: 8, max: 17 }),
      weekly: fc.constantFrom(0, 0, 3, 4),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick: fc.nat(),
      scope,
      shift: fc.integer({ min: -1, max: 2 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat(), scope }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extAdd' as const),
      day: fc.integer({ min: 2, max: 20 }),
      hour: fc.integer({ min: 8, max: 17 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('extMove' as const),
      pick: fc.nat(),
      shift: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('extDelete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('outage' as const),
      status: fc.constantFrom(503 as const, 429 as const),
      count: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'push' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'pull' as const }) },
);

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (day: number, hour: number) => `2031-03-${pad(day)} ${pad(hour)}:00:00`;

interface World {
  provider: Provider;
  token: string;
  place: { venue: string; space: string };
  calendarId: string;
  calendarAccountId: string;
  accountId: string;
  /** Ids of the events people made in the calendar (as the stand-in names them). */
  external: string[];
  counter: number;
}

/** An event made by a person in the calendar app, in London time. */
function personEvent(provider: Provider, title: string, start: string, end: string) {
  return provider === 'google'
    ? {
        summary: title,
        start: { dateTime: start.replace(' ', 'T'), timeZone: 'Europe/London' },
        end: { dateTime: end.replace(' ', 'T'), timeZone: 'Europe/London' },
      }
    : {
        subject: title,
        start: { dateTime: start.replace(' ', 'T'), timeZone: 'Europe/London' },
        end: { dateTime: end.replace(' ', 'T'), timeZone: 'Europe/London' },
      };
}

async function occurrences(world: World) {
  const answer = await call(
    'GET',
    `/client/bookings/${world.place.venue}/${world.place.space}/${WINDOW.from}/${WINDOW.to}`,
    { token: world.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.result as Array<{
    id: string;
    title: string;
    source: string;
    occurrence_start: string;
    start_date: string;
    start_at: string;
    end_at: string;
    recurring: string;
  }>;
}

async function apply(world: World, step: Op): Promise<void> {
  const { provider, token, place } = world;
  const calendarPath = `/calendars/${encodeURIComponent(world.calendarId)}/events`;
  switch (step.kind) {
    case 'book': {
      world.counter += 1;
      const body: Record<string, unknown> = {
        title: `Booking ${world.counter}`,
        venue: place.venue,
        space: place.space,
        start_date: wall(step.day, step.hour),
        end_date: wall(step.day, step.hour).replace(/ (\d\d):/, (_, h: string) => ` ${pad(Number(h) + 1)}:`),
      };
      if (step.weekly)
        Object.assign(body, {
          recurring: 'Yes',
          recur_interval: 1,
          recur_type: 'DAILY',
          recur_end_type: 'AFTER',
          recur_end: step.weekly,
        });
      const made = await call('POST', '/client/booking', { token, body });
      expect([200, 409, 422]).toContain(made.status);
      return;
    }
    case 'edit':
    case 'delete': {
      const ours = (await occurrences(world)).filter((o) => o.source === 'spaces');
      if (!ours.length) return;
      const target = ours[step.pick % ours.length]!;
      const applicable = target.recurring === 'Yes' ? step.scope : 'ALL';
      if (step.kind === 'delete') {
        const gone = await call(
          'DELETE',
          `/client/booking/${target.id}?applicable=${applicable}&occurrence_start=${encodeURIComponent(target.occurrence_start)}`,
          { token },
        );
        expect([200, 409, 422]).toContain(gone.status);
        return;
      }
      const start = Date.parse(target.start_at) + step.shift * HOUR;
      const london = (instant: number) =>
        new Intl.DateTimeFormat('sv-SE', {
          timeZone: 'Europe/London',
          dateStyle: 'short',
          timeStyle: 'medium',
        }).format(instant);
      const changed = await call('PUT', `/client/booking/${target.id}`, {
        token,
        body: {
          title: `${target.title.replace(/ \(.*\)$/, '')} (${applicable.toLowerCase()})`,
          venue: place.venue,
          space: place.space,
          start_date: london(start),
          end_date: london(start + HOUR),
          applicable,
          occurrence_start: target.occurrence_start,
          ...(target.recurring === 'Yes' && applicable !== 'THIS'
            ? {
                recurring: 'Yes',
                recur_interval: 1,
                recur_type: 'DAILY',
                recur_end_type: 'AFTER',
                recur_end: 2,
              }
            : {}),
        },
      });
      expect([200, 409, 422]).toContain(changed.status);
      return;
    }
    case 'extAdd': {
      world.counter += 1;
      const end = wall(step.day, step.hour).replace(/ (\d\d):/, (_, h: string) => ` ${pad(Number(h) + 1)}:`);
      const made = await control(
        provider,
        'POST',
        calendarPath,
        personEvent(provider, `External ${world.counter}`, wall(step.day, step.hour), end),
      );
      expect(made.status).toBeLessThan(300);
      world.external.push(made.body.id as string);
      return;
    }
    case 'extMove': {
      if (!world.external.length) return;
      const id = world.external[step.pick % world.external.length]!;
      const hour = 8 + step.shift;
      const moved = await control(
        provider,
        'PATCH',
        `${calendarPath}/${id}`,
        personEvent(provider, `Moved ${id.slice(-4)}`, wall(25, hour), wall(25, hour + 1)),
      );
      expect(moved.status).toBeLessThan(300);
      return;
    }
    case 'extDelete': {
      if (!world.external.length) return;
      const [id] = world.external.splice(step.pick % world.external.length, 1);
      await control(provider, 'DELETE', `${calendarPath}/${id!}`);
      return;
    }
    case 'outage':
      await faults(provider, step.status, step.count, step.status === 429 ? 1 : undefined);
      return;
    case 'push':
      await runPushes(NOW);
      return;
    case 'pull':
      await runPulls(NOW);
      return;
  }
}

/** What the calendar shows, as instances (the provider client reads it from scratch). */
async function calendarInstances(
  world: World,
): Promise<Array<{ title: string; start: number; end: number }>> {
  const account = await getCalendarAccount(world.accountId, world.calendarAccountId);
  const { client, accessToken } = await connect(account!);
  const window = { from: new Date('2031-02-20T00:00:00Z'), to: new Date('2031-05-10T00:00:00Z') };
  const byId = new Map<string, ExternalInstance>();
  const cancelled = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await client.changes(accessToken, world.calendarId, cursor, window);
    for (const change of page.changes) {
      if (change.type === 'series') {
        // A series' regular occurrences never replace an occurrence changed on its own.
        for (const instance of change.instances)
          if (!byId.has(instance.id)) byId.set(instance.id, { ...instance, seriesId: change.seriesId });
      } else if (change.type === 'instance') byId.set(change.instance.id, change.instance);
      else cancelled.add(change.id);
    }
    cursor = page.cursor;
    if (!page.more) break;
  }
  for (const id of cancelled) {
    byId.delete(id);
    for (const [key, instance] of byId) if (instance.seriesId === id) byId.delete(key);
  }
  return [...byId.values()].map((i) => ({
    title: i.title,
    start: Date.parse(i.startAt),
    end: Date.parse(i.endAt),
  }));
}

const keyOf = (o: { title: string; start: number; end: number }) =>
  `${new Date(o.start).toISOString()}|${new Date(o.end).toISOString()}|${o.title}`;

for (const provider of ['google', 'microsoft'] as const) {
  it(`${provider === 'google' ? 'Google' : 'Microsoft'}: after any sequence of changes on both sides and outages, calendar and schedule agree, without duplicates`, async () => {
    const seed = process.env.CALENDAR_SYNC_SEED ? Number(process.env.CALENDAR_SYNC_SEED) : undefined;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 18 }), async (steps) => {
        const { token, place, calendarId, linked, accountId } = await aLinkedSpace(provider, 'sync');
        const world: World = {
          provider,
          token,
          place,
          calendarId,
          calendarAccountId: linked.id,
          accountId,
          external: [],
          counter: 0,
        };
        try {
          for (const step of steps) await apply(world, step);
        } finally {
          await control(provider, 'DELETE', '/faults');
        }
        // The provider is back: the jobs catch up (past every back-off).
        for (const later of [2, 4]) {
          await runPushes(NOW + later * HOUR);
          await runPulls(NOW + later * HOUR);
        }
        const schedule = (await occurrences(world)).map((o) => ({
          title: o.title,
          start: Date.parse(o.start_at),
          end: Date.parse(o.end_at),
        }));
        const calendar = (await calendarInstances(world)).filter(
          (o) => o.start < Date.parse('2031-05-01T00:00:00Z') && o.end > Date.parse('2031-03-01T00:00:00Z'),
        );
        const ours = schedule.map(keyOf).sort();
        const theirs = calendar.map(keyOf).sort();
        expect(new Set(ours).size, 'no duplicates in the schedule').toBe(ours.length);
        expect(new Set(theirs).size, 'no duplicates in the calendar').toBe(theirs.length);
        expect(ours).toEqual(theirs);
      }),
      {
        numRuns: Number(process.env.CALENDAR_SYNC_RUNS ?? 8),
        endOnFailure: true,
        ...(seed === undefined ? {} : { seed, path: process.env.CALENDAR_SYNC_PATH }),
      },
    );
  }, 240_000);
}

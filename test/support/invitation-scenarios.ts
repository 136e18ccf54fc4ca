import fc from 'fast-check';
import { DateTime } from 'luxon';
import { ulid } from 'ulid';
import type { SentMail } from '../../infra/local/emulators/ses';
import {
  CalendarClient,
  engines,
  sortOccurrences,
  type CalendarOccurrence,
  type Engine,
} from './calendar-client';

/**
 * Scenarios of a booking's invitations, as calendar clients read them: a series made, changed and
 * cancelled through the API (THIS, FOLLOWING, ALL), then each invitee's mail given, in the order
 * received, to a {@link CalendarClient} and expanded with each engine. What every invitee's
 * calendar shows must be what the API lists for them: the occurrences whose `invites_list` holds
 * their address, at the same instants, with the same title.
 *
 * Used by test/api/invitation-clients.api.test.ts (a few runs) and bench/invitations.bench.ts
 * (many): both pass their own API caller and mailbox reader.
 */

/** An answer of the API: its status and JSON body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the scenarios read whatever the API answered
export type ApiAnswer = { status: number; body: any };
export type ApiCaller = (
  method: string,
  path: string,
  options: { token?: string; body?: unknown },
) => Promise<ApiAnswer>;
/** The mail an address has received, oldest first. */
export type MailReader = (address: string) => Promise<SentMail[]>;

export const zones = ['Europe/London', 'America/New_York', 'Australia/Sydney'] as const;
type Zone = (typeof zones)[number];
type Scope = 'THIS' | 'FOLLOWING' | 'ALL';

/** One change or delete, on the occurrence at `pick` (modulo the list) of what the API lists now. */
export interface Operation {
  kind: 'PUT' | 'DELETE';
  applicable: Scope;
  pick: number;
  /** The new times: the occurrence's moved by whole hours, or by a day. */
  shift: { hours: number } | { days: number };
  title?: string;
  /** The new invitees (indexes in the pool of three), or the occurrence's own. */
  invitees?: number[];
}

export interface Scenario {
  zone: Zone;
  freq: 'DAILY' | 'WEEKLY';
  interval: number;
  count: number;
  endBy: 'AFTER' | 'ON';
  /** Local start: hour 07–20, minute 0 or 30. */
  hour: number;
  minute: number;
  /** Minutes long: 60 to 120. */
  length: number;
  /** Which change of clocks of the year the series crosses (first or second). */
  transition: number;
  /** How far before that change the series starts, in days (reduced to the series' span). */
  lead: number;
  /** The first invitees (indexes in the pool), not empty. */
  invitees: number[];
  operations: Operation[];
}

const subset = (minLength: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 2 }), { minLength, maxLength: 3 }).map((list) => list.sort());

/** Mostly changes, mostly of one occurrence: a delete of the whole booking ends a scenario early. */
const operation: fc.Arbitrary<Operation> = fc
  .record({
    kind: fc.oneof({ weight: 4, arbitrary: fc.constant('PUT' as const) }, fc.constant('DELETE' as const)),
    applicable: fc.oneof(
      { weight: 3, arbitrary: fc.constant('THIS' as const) },
      { weight: 1, arbitrary: fc.constant('FOLLOWING' as const) },
      { weight: 2, arbitrary: fc.constant('ALL' as const) },
    ),
    pick: fc.nat({ max: 63 }),
    shift: fc.oneof(
      { weight: 3, arbitrary: fc.record({ hours: fc.integer({ min: -3, max: 3 }) }) },
      { weight: 1, arbitrary: fc.record({ days: fc.constantFrom(-1, 1) }) },
    ),
    title: fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      fc.constantFrom('Review', 'Workshop', 'Planning (moved)'),
    ),
    invitees: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: subset(0) }),
  })
  .map(({ title, invitees, ...rest }) => ({
    ...rest,
    ...(title === undefined ? {} : { title }),
    ...(invitees === undefined ? {} : { invitees }),
  }));

/** Scenarios: a series across a change of clocks, three years ahead, and 1–6 operations on it. */
export const scenarios: fc.Arbitrary<Scenario> = fc.record({
  zone: fc.constantFrom(...zones),
  freq: fc.constantFrom('DAILY' as const, 'WEEKLY' as const),
  interval: fc.integer({ min: 1, max: 2 }),
  count: fc.integer({ min: 3, max: 8 }),
  endBy: fc.constantFrom('AFTER' as const, 'ON' as const),
  hour: fc.integer({ min: 7, max: 20 }),
  minute: fc.constantFrom(0, 30),
  length: fc.constantFrom(60, 90, 120),
  transition: fc.integer({ min: 0, max: 1 }),
  lead: fc.nat({ max: 1000 }),
  invitees: subset(1),
  operations: fc.array(operation, { minLength: 1, maxLength: 6 }),
});

const WALL = 'yyyy-MM-dd HH:mm:ss';
const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** A wall time as luxon reads it (floating: wall-clock arithmetic, as the product's). */
const wall = (text: string) => DateTime.fromFormat(text, WALL, { zone: 'UTC' });

/** The local dates on which `zone`'s clocks change in `year`. */
export function clockChanges(zone: string, year: number): DateTime[] {
  const changes: DateTime[] = [];
  let day = DateTime.fromObject({ year, month: 1, day: 1 }, { zone });
  while (day.year === year) {
    const next = day.plus({ days: 1 });
    if (next.offset !== day.offset) changes.push(day);
    day = next;
  }
  return changes;
}

/** The series' first start (local wall time), its form, and the window of local dates that covers it. */
export function seriesOf(scenario: Scenario, now = new Date()) {
  const year = now.getUTCFullYear() + 3;
  const change = clockChanges(scenario.zone, year)[scenario.transition]!;
  const step = scenario.interval * (scenario.freq === 'DAILY' ? 1 : 7);
  const span = (scenario.count - 1) * step;
  // At least a day before the change, and the last occurrence on or after its day: the series crosses it.
  const first = change.minus({ days: 1 + (scenario.lead % span) });
  const start = DateTime.fromObject(
    { year: first.year, month: first.month, day: first.day, hour: scenario.hour, minute: scenario.minute },
    { zone: 'UTC' },
  );
  const end = start.plus({ minutes: scenario.length });
  const last = start.plus({ days: span });
  return {
    form: {
      start_date: start.toFormat(WALL),
      end_date: end.toFormat(WALL),
      recurring: 'Yes',
      recur_type: scenario.freq,
      recur_interval: scenario.interval,
      ...(scenario.freq === 'WEEKLY' ? { recur_on: weekdayCodes[start.weekday - 1] } : {}),
      recur_end_type: scenario.endBy,
      recur_end: scenario.endBy === 'AFTER' ? scenario.count : last.toISODate(),
    },
    window: { from: start.minus({ days: 20 }).toISODate()!, to: last.plus({ days: 20 }).toISODate()! },
  };
}

/** One operation as made: what was sent and what the API answered. */
export interface Made {
  text: string;
  status: number;
}

export interface Difference {
  address: string;
  engine: Engine;
  expected: CalendarOccurrence[];
  got: CalendarOccurrence[];
}

export interface Played {
  scenario: Scenario;
  /** The booking as created, and each operation as made, to replay a failure. */
  log: string[];
  made: Made[];
  mails: number;
  /** Occurrences compared, per engine. */
  compared: number;
  differences: Difference[];
}

/** An occurrence as the booking lists answer it (the fields read here). */
interface Listed {
  id: string;
  occurrence_start: string;
  title: string;
  description: string | null;
  start_date: string;
  end_date: string;
  start_at: string;
  end_at: string;
  invites_list: Array<{ name: string | null; email: string }>;
}

const RULE_FIELDS = [
  'recurring',
  'recur_type',
  'recur_interval',
  'recur_on',
  'recur_end_type',
  'recur_end',
] as const;

function ok(answer: ApiAnswer, what: string): ApiAnswer {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

const shifted = (text: string, shift: Operation['shift']) => wall(text).plus(shift).toFormat(WALL);

/**
 * The shift, unless it would put the occurrence's start or end between midnight and 04:00, where
 * the three zones change their clocks: a wall time in the repeated hour of an autumn night is the
 * first of the two instants (RFC 5545 3.3.5, as the API reads it), but ical.js takes the second for
 * the rule's instances and node-ical matches no RECURRENCE-ID there, so the engines disagree with
 * each other whatever an invitation says. There the times stay and the rest of the change is made.
 * Occurrences over a change of clocks are covered by test/api/invitations.api.test.ts.
 */
function daytimeShift(target: { start_date: string; end_date: string }, shift: Operation['shift']) {
  const night = (text: string) => wall(shifted(text, shift)).hour < 4;
  return night(target.start_date) || night(target.end_date) ? { hours: 0 } : shift;
}

const describeShift = (shift: Operation['shift']) =>
  'days' in shift
    ? `${shift.days > 0 ? '+' : ''}${shift.days} day`
    : `${shift.hours >= 0 ? '+' : ''}${shift.hours} h`;

/**
 * Plays one scenario against the API as the user of `token` (who may book in a new venue), then
 * reads each pool address's mail as calendar clients do. Throws when the API answers a 5xx (or
 * anything but 200, 409 and 422 to an operation); the differences between calendars and the API
 * are answered, for the caller to report ({@link describePlayed}).
 */
export async function playScenario(
  scenario: Scenario,
  {
    call,
    mailTo,
    token,
    now = new Date(),
  }: { call: ApiCaller; mailTo: MailReader; token: string; now?: Date },
): Promise<Played> {
  const suffix = ulid().toLowerCase();
  const pool = ['ann', 'bob', 'cat'].map((name) => `${name}-${suffix}@example.test`);
  const invitees = (indexes: readonly number[]) => indexes.map((n) => ({ email: pool[n]! }));
  const send = (method: string, path: string, body?: unknown) => call(method, path, { token, body });

  const venue = ok(
    await send('POST', '/client/newvenue', {
      name: `Invitations ${suffix.slice(-6)}`,
      timezone: scenario.zone,
    }),
    'POST /client/newvenue',
  ).body.result.id as string;
  const space = ok(
    await send('POST', `/client/newspace/${venue}`, { title: 'Room' }),
    'POST /client/newspace',
  ).body.result.id as string;
  const { form, window } = seriesOf(scenario, now);
  const created = { venue, space, title: 'Planning', ...form, invites_list: invitees(scenario.invitees) };
  ok(await send('POST', '/client/booking', created), 'POST /client/booking');
  const log = [
    `${scenario.zone}: POST /client/booking ${JSON.stringify({ ...created, venue: undefined, space: undefined, invites_list: scenario.invitees.map((n) => pool[n]!.split('-')[0]) })}`,
  ];

  const listPath = `/client/bookings/${venue}/${space}/${window.from}/${window.to}`;
  const list = async () => ok(await send('GET', listPath), `GET ${listPath}`).body.result as Listed[];
  const made: Made[] = [];
  for (const op of scenario.operations) {
    const occurrences = await list();
    if (!occurrences.length) {
      log.push(`${op.kind} ${op.applicable}: nothing left to pick`);
      continue;
    }
    const target = occurrences[op.pick % occurrences.length]!;
    const which = `${target.occurrence_start} (booking …${target.id.slice(-6)}, now ${target.start_date})`;
    let answer: ApiAnswer;
    let text: string;
    if (op.kind === 'DELETE') {
      const query = `applicable=${op.applicable}&occurrence_start=${encodeURIComponent(target.occurrence_start)}`;
      answer = await send('DELETE', `/client/booking/${target.id}?${query}`);
      text = `DELETE ${op.applicable} ${which}`;
    } else {
      const booking = ok(await send('GET', `/client/booking/${target.id}`), 'GET /client/booking').body
        .result;
      const rule = Object.fromEntries(RULE_FIELDS.map((field) => [field, booking[field] ?? undefined]));
      const shift = daytimeShift(target, op.shift);
      const start = shifted(target.start_date, shift);
      // A weekly rule moved by a day (the series, or its following part) moves to the new weekday.
      if (booking.recur_type === 'WEEKLY' && op.applicable !== 'THIS' && 'days' in shift)
        rule.recur_on = weekdayCodes[wall(start).weekday - 1];
      const body = {
        venue,
        space,
        title: op.title ?? target.title,
        ...(target.description ? { description: target.description } : {}),
        ...rule,
        start_date: start,
        end_date: shifted(target.end_date, shift),
        // As the form sends them: a name only when there is one (the lists answer `name: null`).
        invites_list: op.invitees
          ? invitees(op.invitees)
          : target.invites_list.map(({ name, email }) => (name ? { name, email } : { email })),
        applicable: op.applicable,
        occurrence_start: target.occurrence_start,
      };
      answer = await send('PUT', `/client/booking/${target.id}`, body);
      const people = op.invitees
        ? `, invitees [${op.invitees.map((n) => pool[n]!.split('-')[0]).join(', ')}]`
        : '';
      text = `PUT ${op.applicable} ${which}: ${describeShift(shift)}${op.title ? `, title ${op.title}` : ''}${people}`;
    }
    log.push(`${text} → ${answer.status}${answer.status === 200 ? '' : ` ${JSON.stringify(answer.body)}`}`);
    made.push({ text, status: answer.status });
    if (answer.status >= 500 || ![200, 409, 422].includes(answer.status))
      throw new Error(`${text}: ${answer.status} ${JSON.stringify(answer.body)}\n${log.join('\n')}`);
  }

  const listed = await list();
  const instants = {
    from: DateTime.fromISO(window.from, { zone: scenario.zone }).toJSDate(),
    to: DateTime.fromISO(window.to, { zone: scenario.zone }).plus({ days: 1 }).toJSDate(),
  };
  let mails = 0;
  let compared = 0;
  const differences: Difference[] = [];
  for (const address of pool) {
    const expected = sortOccurrences(
      listed
        .filter((o) => o.invites_list.some((invitee) => invitee.email.toLowerCase() === address))
        .map((o) => ({
          start: new Date(o.start_at).toISOString(),
          end: new Date(o.end_at).toISOString(),
          title: o.title,
        })),
    );
    const client = new CalendarClient();
    for (const mail of await mailTo(address)) {
      mails += 1;
      for (const file of mail.attachments)
        if (file.filename === 'invite.ics') client.receive(file.content.toString('utf8'));
    }
    for (const engine of engines) {
      const got = client.occurrences(engine, instants);
      compared += expected.length;
      if (JSON.stringify(got) !== JSON.stringify(expected))
        differences.push({ address, engine, expected, got });
    }
  }
  return { scenario, log, made, mails, compared, differences };
}

const occurrenceText = (o: CalendarOccurrence) => `${o.start} – ${o.end} ${o.title}`;

/** A failure as a person reads it: each address and engine that differ, expected and got, and the operations. */
export function describePlayed(played: Played): string {
  return [
    ...played.differences.map(({ address, engine, expected, got }) =>
      [
        `${address.split('-')[0]} (${address}), read by ${engine}:`,
        `  the API lists: ${expected.length ? '' : '(nothing)'}`,
        ...expected.map((o) => `    ${occurrenceText(o)}`),
        `  the calendar shows: ${got.length ? '' : '(nothing)'}`,
        ...got.map((o) => `    ${occurrenceText(o)}`),
      ].join('\n'),
    ),
    'Operations:',
    ...played.log.map((line) => `  ${line}`),
  ].join('\n');
}

import { CalendarClient, engines, type CalendarOccurrence } from '../support/calendar-client';

/**
 * The calendar client of the invitation tests (test/support/calendar-client.ts) on hand-written
 * invitations: both engines it expands with (ical.js, node-ical) honour EXDATE, overrides and the
 * change to summer time, and give the same answer; the client keeps what iTIP says it keeps.
 */

const london = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZNAME:BST',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZNAME:GMT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

const uid = 'planning@spaces.test';

function message(method: 'REQUEST' | 'CANCEL', ...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Spaces tests//EN',
    `METHOD:${method}`,
    ...london,
    ...events.flatMap((lines) => [
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20300101T000000Z',
      ...lines,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Mondays 09:00–10:30 in London from 18 March 2030, four times: the clocks go forward on 31 March. */
const series = (sequence: number, title = 'Planning', extra: string[] = []) => [
  `SEQUENCE:${sequence}`,
  'DTSTART;TZID=Europe/London:20300318T090000',
  'DTEND;TZID=Europe/London:20300318T103000',
  'RRULE:FREQ=WEEKLY;COUNT=4;BYDAY=MO',
  `SUMMARY:${title}`,
  ...extra,
];

/** The 1 April occurrence moved to Tuesday 2 April, 14:00–15:00. */
const moved = (sequence: number) => [
  `SEQUENCE:${sequence}`,
  'RECURRENCE-ID;TZID=Europe/London:20300401T090000',
  'DTSTART;TZID=Europe/London:20300402T140000',
  'DTEND;TZID=Europe/London:20300402T150000',
  'SUMMARY:Planning (moved)',
];

const cancelled = (sequence: number) => [
  `SEQUENCE:${sequence}`,
  'RECURRENCE-ID;TZID=Europe/London:20300325T090000',
  'DTSTART;TZID=Europe/London:20300325T090000',
  'DTEND;TZID=Europe/London:20300325T103000',
  'STATUS:CANCELLED',
  'SUMMARY:Planning',
];

const window = { from: new Date('2030-03-01T00:00:00Z'), to: new Date('2030-05-01T00:00:00Z') };

const at = (start: string, end: string, title = 'Planning'): CalendarOccurrence => ({ start, end, title });

/** In UTC: 09:00 London is 09:00Z in winter time, 08:00Z from 31 March. */
const whole = [
  at('2030-03-18T09:00:00.000Z', '2030-03-18T10:30:00.000Z'),
  at('2030-03-25T09:00:00.000Z', '2030-03-25T10:30:00.000Z'),
  at('2030-04-01T08:00:00.000Z', '2030-04-01T09:30:00.000Z'),
  at('2030-04-08T08:00:00.000Z', '2030-04-08T09:30:00.000Z'),
];

const bothEngines = (client: CalendarClient) => engines.map((engine) => client.occurrences(engine, window));

describe('a calendar client, with either engine', () => {
  it('a weekly London series across 31 March, one occurrence moved and one cancelled', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(0)));
    client.receive(message('REQUEST', moved(1)));
    client.receive(message('CANCEL', cancelled(2)));
    const expected = [
      at('2030-03-18T09:00:00.000Z', '2030-03-18T10:30:00.000Z'),
      at('2030-04-02T13:00:00.000Z', '2030-04-02T14:00:00.000Z', 'Planning (moved)'),
      at('2030-04-08T08:00:00.000Z', '2030-04-08T09:30:00.000Z'),
    ];
    expect(bothEngines(client)).toEqual([expected, expected]);
  });

  it('an EXDATE in the master takes its occurrence away', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(0, 'Planning', ['EXDATE;TZID=Europe/London:20300401T090000'])));
    const expected = whole.filter((o) => o.start !== '2030-04-01T08:00:00.000Z');
    expect(bothEngines(client)).toEqual([expected, expected]);
  });

  it('a cancel of an instance the master already excludes: the later cancels still hold', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(1, 'Planning', ['EXDATE;TZID=Europe/London:20300325T090000'])));
    client.receive(message('CANCEL', cancelled(2)));
    const april = (day: string) => [
      'SEQUENCE:3',
      `RECURRENCE-ID;TZID=Europe/London:203004${day}T090000`,
      `DTSTART;TZID=Europe/London:203004${day}T090000`,
      `DTEND;TZID=Europe/London:203004${day}T103000`,
      'STATUS:CANCELLED',
    ];
    client.receive(message('CANCEL', april('01')));
    const expected = [whole[0]!, whole[3]!];
    expect(bothEngines(client)).toEqual([expected, expected]);
  });

  it('a master with its overrides replaces the set; one of a lower SEQUENCE is ignored', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(0), moved(1)));
    client.receive(message('REQUEST', series(2, 'Renamed')));
    const renamed = whole.map((o) => ({ ...o, title: 'Renamed' }));
    expect(bothEngines(client)).toEqual([renamed, renamed]);
    client.receive(message('REQUEST', series(1, 'Stale'), moved(1)));
    expect(bothEngines(client)).toEqual([renamed, renamed]);
  });

  it('per RECURRENCE-ID the latest SEQUENCE wins: a stale override does not undo a cancel', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(0)));
    client.receive(message('CANCEL', cancelled(3)));
    client.receive(message('REQUEST', [...cancelled(2).filter((line) => line !== 'STATUS:CANCELLED')]));
    const expected = whole.filter((o) => o.start !== '2030-03-25T09:00:00.000Z');
    expect(bothEngines(client)).toEqual([expected, expected]);
  });

  it('an occurrence with no master is an event of its own; a CANCEL of the UID removes everything', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', moved(1)));
    const one = [at('2030-04-02T13:00:00.000Z', '2030-04-02T14:00:00.000Z', 'Planning (moved)')];
    expect(bothEngines(client)).toEqual([one, one]);
    client.receive(message('REQUEST', series(2)));
    expect(bothEngines(client)).toEqual([whole, whole]);
    client.receive(message('CANCEL', [...series(3), 'STATUS:CANCELLED']));
    expect(bothEngines(client)).toEqual([[], []]);
    expect(client.uids()).toEqual([]);
  });

  it('the window keeps the occurrences that overlap it', () => {
    const client = new CalendarClient();
    client.receive(message('REQUEST', series(0)));
    const narrow = { from: new Date('2030-03-25T10:00:00Z'), to: new Date('2030-04-01T08:00:00Z') };
    const expected = [whole[1]!];
    expect(engines.map((engine) => client.occurrences(engine, narrow))).toEqual([expected, expected]);
  });
});

describe('why the client is read with ical.js', () => {
  it('an occurrence both in the master’s EXDATE and overridden is not shown by ical.js', () => {
    const client = new CalendarClient();
    client.receive(
      message('REQUEST', series(1, 'Planning', ['EXDATE;TZID=Europe/London:20300401T090000']), moved(1)),
    );
    const [icalJs] = bothEngines(client);
    expect(icalJs!.map((o) => o.title)).not.toContain('Planning (moved)');
  });
});

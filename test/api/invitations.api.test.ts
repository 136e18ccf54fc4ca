import ical, { type CalendarResponse, type VEvent } from 'node-ical';
import { DateTime } from 'luxon';
import { inject } from 'vitest';
import { ulid } from 'ulid';
import { getBookingState } from '../../functions/bookings/lookup-store';
import { sendInvitations } from '../../functions/bookings/invitations';
import type { SentMail } from '../../infra/local/emulators/ses';
import { anAccount, anEmail, call, mailTo } from '../support/api';
import { CalendarClient, engines } from '../support/calendar-client';

/**
 * Invitations (issue 10, "Invitations"): creating, changing and cancelling a booking e-mails each
 * invitee an iCalendar invitation (invite.ics) that calendar apps take as a meeting request. The
 * bookings are made through the API; each invitee's mail is read from the local mailbox and its
 * attachment parsed with node-ical. The venue is in Europe/London and the series crosses the
 * change to summer time (Sunday 31 March 2030).
 */

type Account = Awaited<ReturnType<typeof anAccount>>;

const zone = 'Europe/London';

/** A venue in London and a space in it, through the API. */
async function aPlace(token: string) {
  const suffix = ulid().slice(-6);
  const venue = await call('POST', '/client/newvenue', {
    token,
    body: { name: `Hall ${suffix}`, timezone: zone },
  });
  expect(venue.status, JSON.stringify(venue.body)).toBe(200);
  const space = await call('POST', `/client/newspace/${venue.body.result.id}`, {
    token,
    body: { title: `Room ${suffix}` },
  });
  expect(space.status, JSON.stringify(space.body)).toBe(200);
  return {
    venue: { id: venue.body.result.id as string, name: venue.body.result.name as string },
    space: { id: space.body.result.id as string, title: space.body.result.title as string },
  };
}

type Place = Awaited<ReturnType<typeof aPlace>>;

/** Mondays 09:00–10:30 in London from 18 March 2030, four times: two in winter time, two in summer time. */
const weekly = {
  start_date: '2030-03-18 09:00:00',
  end_date: '2030-03-18 10:30:00',
  recurring: 'Yes',
  recur_type: 'WEEKLY',
  recur_interval: 1,
  recur_on: 'MO',
  recur_end_type: 'AFTER',
  recur_end: 4,
};

async function aBooking(token: string, place: Place, fields: Record<string, unknown>) {
  const answer = await call('POST', '/client/booking', {
    token,
    body: { venue: place.venue.id, space: place.space.id, title: 'Planning', ...weekly, ...fields },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { id: string };
}

interface Invitation {
  mail: SentMail;
  text: string;
  calendar: CalendarResponse;
  method: string;
  /** The VEVENTs, in the file's order. */
  events: VEvent[];
}

/** The invitations an address has received, oldest first, each with its attachment parsed. */
async function invitationsTo(address: string): Promise<Invitation[]> {
  return (await mailTo(address)).map((mail) => {
    expect(mail.attachments).toHaveLength(1);
    const [file] = mail.attachments;
    expect(file!.filename).toBe('invite.ics');
    const text = file!.content.toString('utf8');
    const calendar = ical.sync.parseICS(text);
    const method = String((calendar.vcalendar as unknown as { method: string }).method);
    expect(file!.contentType).toBe(`text/calendar; charset=UTF-8; method=${method}`);
    const events = Object.values(calendar).filter((item): item is VEvent => item?.type === 'VEVENT');
    return { mail, text, calendar, method, events };
  });
}

/** The invitations an address has received, once there are `count` of them. */
async function awaitInvitations(address: string, count: number): Promise<Invitation[]> {
  let found: Invitation[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    found = await invitationsTo(address);
    if (found.length >= count) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(found).toHaveLength(count);
  return found;
}

const attendees = (event: VEvent) =>
  [event.attendee ?? []].flat().map((a) => (typeof a === 'string' ? a : a.val).replace(/^mailto:/i, ''));

/** The UTC instant (ISO) of a London wall time. */
const london = (wall: string) => DateTime.fromSQL(wall, { zone }).toUTC().toISO();

describe('invitations of a booking', () => {
  let account: Account;
  let token: string;
  /** A space of its own for each test: two bookings of one space may not overlap. */
  let place: Place;

  beforeAll(async () => {
    account = await anAccount(['Account Admin']);
    token = account.users['Account Admin']!.token;
  });

  beforeEach(async () => {
    place = await aPlace(token);
  });

  it('a new series: one REQUEST per invitee with UID, SEQUENCE, the zone, RRULE and every attendee', async () => {
    const ann = anEmail('Ann');
    const bob = anEmail('Bob');
    const booking = await aBooking(token, place, {
      description: 'Quarterly planning',
      invites_list: [{ name: 'Ann Invitee', email: ann }, { email: bob }],
    });
    for (const address of [ann, bob]) {
      const [invitation] = await awaitInvitations(address, 1);
      const { mail, method, events, text } = invitation!;
      expect(mail.subject).toBe('Invitation: Planning');
      expect(method).toBe('REQUEST');
      expect(events).toHaveLength(1);
      const [event] = events as [VEvent];
      expect(event.uid).toBe(`${booking.id}@spaces`);
      expect(event.sequence).toBe(0);
      expect(event.start.tz).toBe(zone);
      expect(event.start.toISOString()).toBe('2030-03-18T09:00:00.000Z');
      expect(event.end!.toISOString()).toBe('2030-03-18T10:30:00.000Z');
      expect(event.summary).toBe('Planning');
      expect(event.description).toBe('Quarterly planning');
      expect(event.location).toBe(`${place.space.title}, ${place.venue.name}`);
      expect(event.rrule?.toString()).toContain('FREQ=WEEKLY');
      expect(event.rrule?.toString()).toContain('COUNT=4');
      expect(event.rrule?.toString()).toContain('BYDAY=MO');
      // Nine o'clock in London every week: 09:00 UTC in winter, 08:00 UTC from 31 March.
      expect(event.rrule!.all().map((date) => date.toISOString())).toEqual([
        '2030-03-18T09:00:00.000Z',
        '2030-03-25T09:00:00.000Z',
        '2030-04-01T08:00:00.000Z',
        '2030-04-08T08:00:00.000Z',
      ]);
      expect(attendees(event).sort()).toEqual([ann, bob].sort());
      expect(String((event.organizer as { val: string }).val).toLowerCase()).toBe(
        `mailto:${account.owner.email}`,
      );
      // The zone's definition travels with the invitation.
      expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');
      expect(text).toMatch(/BEGIN:DAYLIGHT\r\nTZNAME:BST\r\nTZOFFSETFROM:\+0000\r\nTZOFFSETTO:\+0100\r\n/);
      // The mail says what, when (in the venue's zone) and where.
      expect(mail.text).toContain('Planning');
      expect(mail.text).toContain('When: 18th Mar, 2030 | 9:00am – 10:30am (Europe/London)');
      expect(mail.text).toContain('Repeats: Every week on Monday, 4 times');
      expect(mail.text).toContain(`Where: ${place.space.title}, ${place.venue.name}`);
      expect(mail.html).toContain('18th Mar, 2030 | 9:00am – 10:30am (Europe/London)');
    }
    expect((await mailTo(ann)).length).toBe(1);
  });

  it('THIS, THIS deleted, ALL and the whole deleted: RECURRENCE-ID, EXDATE and CANCEL, SEQUENCE rising', async () => {
    const ann = anEmail('Ann');
    const booking = await aBooking(token, place, { invites_list: [{ name: 'Ann', email: ann }] });
    const path = `/client/booking/${booking.id}`;
    const form = { venue: place.venue.id, space: place.space.id, title: 'Planning', ...weekly };

    // Move the 1 April occurrence to Tuesday 2 April, 14:00–15:00.
    const moved = await call('PUT', path, {
      token,
      body: {
        ...form,
        start_date: '2030-04-02 14:00:00',
        end_date: '2030-04-02 15:00:00',
        invites_list: [{ name: 'Ann', email: ann }],
        applicable: 'THIS',
        occurrence_start: '2030-04-01 09:00:00',
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [, change] = await awaitInvitations(ann, 2);
    expect(change!.mail.subject).toBe('Updated invitation: Planning');
    expect(change!.method).toBe('REQUEST');
    expect(change!.events).toHaveLength(1);
    const [occurrence] = change!.events as [VEvent];
    expect(occurrence.uid).toBe(`${booking.id}@spaces`);
    expect(occurrence.sequence).toBe(1);
    expect(occurrence.recurrenceid?.toISOString()).toBe(london('2030-04-01 09:00:00'));
    expect((occurrence.recurrenceid as { tz?: string }).tz).toBe(zone);
    expect(occurrence.start.toISOString()).toBe(london('2030-04-02 14:00:00'));
    expect(occurrence.start.tz).toBe(zone);
    expect(occurrence.rrule).toBeUndefined();
    expect(change!.mail.text).toContain('When: 2nd Apr, 2030 | 2:00pm – 3:00pm (Europe/London)');

    // Delete the 25 March occurrence only.
    const deleted = await call(
      'DELETE',
      `${path}?applicable=THIS&occurrence_start=${encodeURIComponent('2030-03-25 09:00:00')}`,
      { token },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [, , cancel] = await awaitInvitations(ann, 3);
    expect(cancel!.mail.subject).toBe('Cancelled: Planning');
    expect(cancel!.method).toBe('CANCEL');
    const [gone] = cancel!.events as [VEvent];
    expect(gone.uid).toBe(`${booking.id}@spaces`);
    expect(gone.recurrenceid?.toISOString()).toBe(london('2030-03-25 09:00:00'));
    expect(gone.status).toBe('CANCELLED');
    expect(gone.sequence).toBeGreaterThan(occurrence.sequence as number);

    // Rename the whole booking: the series again, without the deleted and the moved slots, and the moved one.
    const renamed = await call('PUT', path, {
      token,
      body: {
        ...form,
        title: 'Planning (all hands)',
        invites_list: [{ name: 'Ann', email: ann }],
        applicable: 'ALL',
        occurrence_start: '2030-03-18 09:00:00',
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const [, , , all] = await awaitInvitations(ann, 4);
    expect(all!.mail.subject).toBe('Updated invitation: Planning (all hands)');
    expect(all!.method).toBe('REQUEST');
    const series = all!.events.find((event) => !event.recurrenceid)!;
    expect(series.uid).toBe(`${booking.id}@spaces`);
    expect(series.sequence).toBeGreaterThan(gone.sequence as number);
    expect(series.start.toISOString()).toBe('2030-03-18T09:00:00.000Z');
    expect(series.start.tz).toBe(zone);
    expect(series.rrule?.toString()).toContain('COUNT=4');
    // EXDATE names the deleted occurrence only: the moved one is its override, which an EXDATE would remove.
    const exdates = (Object.values(series.exdate ?? {}) as Date[]).map((date) => date.toISOString());
    expect(new Set(exdates)).toEqual(new Set([london('2030-03-25 09:00:00')]));
    expect(all!.text).toContain('EXDATE;TZID=Europe/London:');
    // The moved occurrence comes along as an override of its slot.
    const override = Object.values(series.recurrences ?? {})[0] as VEvent | undefined;
    expect(override?.recurrenceid?.toISOString()).toBe(london('2030-04-01 09:00:00'));
    expect(override?.start.toISOString()).toBe(london('2030-04-02 14:00:00'));

    // Delete it all.
    const removed = await call('DELETE', `${path}?applicable=ALL`, { token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const [, , , , end] = await awaitInvitations(ann, 5);
    expect(end!.mail.subject).toBe('Cancelled: Planning (all hands)');
    expect(end!.method).toBe('CANCEL');
    const [whole] = end!.events.filter((event) => !event.recurrenceid);
    expect(whole!.uid).toBe(`${booking.id}@spaces`);
    expect(whole!.status).toBe('CANCELLED');
    expect(whole!.sequence).toBeGreaterThan(series.sequence as number);
    expect(end!.mail.text).toContain('Planning (all hands) has been cancelled.');
  });

  it('each invitee is sent what they see: one occurrence changed without one and with another, then the series', async () => {
    const ann = anEmail('Ann');
    const bob = anEmail('Bob');
    const cat = anEmail('Cat');
    const booking = await aBooking(token, place, { invites_list: [{ email: ann }, { email: bob }] });
    const path = `/client/booking/${booking.id}`;
    const form = { venue: place.venue.id, space: place.space.id, title: 'Planning', ...weekly };
    const april1 = london('2030-04-01 09:00:00');
    const onApril1 = (invites: string[]) =>
      call('PUT', path, {
        token,
        body: {
          ...form,
          start_date: '2030-04-02 14:00:00',
          end_date: '2030-04-02 15:00:00',
          invites_list: invites.map((email) => ({ email })),
          applicable: 'THIS',
          occurrence_start: '2030-04-01 09:00:00',
        },
      });
    // node-ical files a series' overrides under it (`recurrences`, some under two keys).
    const overridesIn = (invitation: Invitation) => [
      ...new Set(
        invitation.events
          .flatMap((event) =>
            event.recurrenceid
              ? [event.recurrenceid]
              : Object.values(event.recurrences ?? {}).map((o) => o.recurrenceid),
          )
          .map((recurrenceId) => new Date(recurrenceId as Date).toISOString()),
      ),
    ];
    const exdatesOf = (event: VEvent) => [
      ...new Set((Object.values(event.exdate ?? {}) as Date[]).map((date) => date.toISOString())),
    ];

    // 1 April moved to 2 April, without Bob and with Cat.
    expect((await onApril1([ann, cat])).status).toBe(200);
    const [, annMoved] = await awaitInvitations(ann, 2);
    expect(annMoved!.method).toBe('REQUEST');
    expect(annMoved!.events.map((event) => event.recurrenceid?.toISOString())).toEqual([april1]);
    const [, bobDropped] = await awaitInvitations(bob, 2);
    expect(bobDropped!.method).toBe('CANCEL');
    expect(bobDropped!.events.map((event) => event.recurrenceid?.toISOString())).toEqual([april1]);
    expect(attendees(bobDropped!.events[0]!)).toEqual([bob]);
    expect(bobDropped!.mail.text).toContain(
      'You are no longer invited to Planning on 1st Apr, 2030 | 9:00am – 10:30am (Europe/London).',
    );
    const [catInvited] = await awaitInvitations(cat, 1);
    expect(catInvited!.mail.subject).toBe('Invitation: Planning');
    expect(catInvited!.method).toBe('REQUEST');
    expect(catInvited!.events).toHaveLength(1);
    expect(catInvited!.events[0]!.recurrenceid?.toISOString()).toBe(april1);
    expect(catInvited!.events[0]!.start.toISOString()).toBe(london('2030-04-02 14:00:00'));
    expect(catInvited!.mail.text).toContain('When: 2nd Apr, 2030 | 2:00pm – 3:00pm (Europe/London)');

    // The series renamed: Ann gets it with the moved occurrence and no EXDATE, Bob without it.
    const renamed = await call('PUT', path, {
      token,
      body: {
        ...form,
        title: 'Planning (all hands)',
        invites_list: [{ email: ann }, { email: bob }],
        applicable: 'ALL',
        occurrence_start: '2030-03-18 09:00:00',
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const [, , annAll] = await awaitInvitations(ann, 3);
    const annSeries = annAll!.events.find((event) => !event.recurrenceid)!;
    expect(annSeries.summary).toBe('Planning (all hands)');
    expect(exdatesOf(annSeries)).toEqual([]);
    expect(annAll!.text).not.toContain('EXDATE');
    expect(overridesIn(annAll!)).toEqual([april1]);
    const [, , bobAll] = await awaitInvitations(bob, 3);
    expect(bobAll!.events).toHaveLength(1);
    expect(overridesIn(bobAll!)).toEqual([]);
    expect(exdatesOf(bobAll!.events[0]!)).toEqual([april1]);
    // Cat's occurrence did not change: no mail.
    expect(await invitationsTo(cat)).toHaveLength(1);

    // Bob back on 2 April: his series must show it again, so it is sent again, with the override.
    expect((await onApril1([ann, bob, cat])).status).toBe(200);
    const [, , , bobBack] = await awaitInvitations(bob, 4);
    expect(bobBack!.method).toBe('REQUEST');
    const bobSeries = bobBack!.events.find((event) => !event.recurrenceid)!;
    expect(exdatesOf(bobSeries)).toEqual([]);
    expect(overridesIn(bobBack!)).toEqual([april1]);
    expect(bobBack!.mail.text).toContain('Planning has been changed: one occurrence, now as below.');
    const [, , , annBack] = await awaitInvitations(ann, 4);
    expect(annBack!.events.map((event) => event.recurrenceid?.toISOString())).toEqual([april1]);
    expect(attendees(annBack!.events[0]!).sort()).toEqual([ann, bob, cat].sort());
    expect(
      annBack!.events.every((event) => (event.sequence as number) > (annSeries.sequence as number)),
    ).toBe(true);
  });

  it('an occurrence moved to another space says where it now is', async () => {
    const ann = anEmail('Ann');
    const booking = await aBooking(token, place, { invites_list: [{ email: ann }] });
    const other = await call('POST', `/client/newspace/${place.venue.id}`, {
      token,
      body: { title: `Annex ${ulid().slice(-6)}` },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const moved = await call('PUT', `/client/booking/${booking.id}`, {
      token,
      body: {
        venue: place.venue.id,
        space: other.body.result.id,
        title: 'Planning',
        ...weekly,
        start_date: '2030-03-25 09:00:00',
        end_date: '2030-03-25 10:30:00',
        invites_list: [{ email: ann }],
        applicable: 'THIS',
        occurrence_start: '2030-03-25 09:00:00',
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const [first, change] = await awaitInvitations(ann, 2);
    expect(first!.events[0]!.location).toBe(`${place.space.title}, ${place.venue.name}`);
    expect(change!.events[0]!.location).toBe(`${other.body.result.title}, ${place.venue.name}`);
    expect(change!.mail.text).toContain(`Where: ${other.body.result.title}, ${place.venue.name}`);

    // The series renamed where it is: the series there, the moved occurrence still in the annex.
    const renamed = await call('PUT', `/client/booking/${booking.id}`, {
      token,
      body: {
        venue: place.venue.id,
        space: place.space.id,
        title: 'Planning (all hands)',
        ...weekly,
        invites_list: [{ email: ann }],
        applicable: 'ALL',
        occurrence_start: '2030-03-18 09:00:00',
      },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const [, , all] = await awaitInvitations(ann, 3);
    const [series] = all!.events as [VEvent];
    expect(series.location).toBe(`${place.space.title}, ${place.venue.name}`);
    const [override] = Object.values(series.recurrences ?? {}) as VEvent[];
    expect(override?.location).toBe(`${other.body.result.title}, ${place.venue.name}`);
  });

  it('FOLLOWING deleted: the series as it now ends; an invitee dropped by a change is sent a CANCEL', async () => {
    const ann = anEmail('Ann');
    const bob = anEmail('Bob');
    const booking = await aBooking(token, place, { invites_list: [{ email: ann }, { email: bob }] });
    const path = `/client/booking/${booking.id}`;
    const following = await call(
      'DELETE',
      `${path}?applicable=FOLLOWING&occurrence_start=${encodeURIComponent('2030-04-01 09:00:00')}`,
      { token },
    );
    expect(following.status, JSON.stringify(following.body)).toBe(200);
    const [, shorter] = await awaitInvitations(ann, 2);
    expect(shorter!.method).toBe('REQUEST');
    expect(shorter!.mail.subject).toBe('Updated invitation: Planning');
    expect(shorter!.mail.text).toContain('the occurrences from 1st Apr, 2030 on have been cancelled');
    const [series] = shorter!.events as [VEvent];
    expect(series.sequence).toBe(1);
    expect(series.rrule!.all().map((date) => date.toISOString())).toEqual([
      '2030-03-18T09:00:00.000Z',
      '2030-03-25T09:00:00.000Z',
    ]);

    // Bob is dropped from the whole booking.
    const changed = await call('PUT', path, {
      token,
      body: {
        venue: place.venue.id,
        space: place.space.id,
        title: 'Planning',
        ...weekly,
        recur_end: 2,
        invites_list: [{ email: ann }],
        applicable: 'ALL',
        occurrence_start: '2030-03-18 09:00:00',
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [, , update] = await awaitInvitations(ann, 3);
    expect(update!.method).toBe('REQUEST');
    expect(attendees(update!.events[0]!)).toEqual([ann]);
    const [, , dropped] = await awaitInvitations(bob, 3);
    expect(dropped!.method).toBe('CANCEL');
    expect(dropped!.mail.subject).toBe('Cancelled: Planning');
    expect(dropped!.mail.text).toContain('You are no longer invited to Planning.');
    expect(dropped!.events[0]!.uid).toBe(`${booking.id}@spaces`);
    expect(dropped!.events[0]!.recurrenceid).toBeUndefined();
    expect(attendees(dropped!.events[0]!)).toEqual([bob]);
  });

  it('a night over the change of clocks is sent as its own override, read alike by ical.js and node-ical', async () => {
    const ann = anEmail('Ann');
    // 23:00–03:00 from Friday 29 March 2030: the second night loses an hour (01:00 GMT → 02:00 BST).
    const booking = await aBooking(token, place, {
      title: 'Night watch',
      start_date: '2030-03-29 23:00:00',
      end_date: '2030-03-30 03:00:00',
      recur_type: 'DAILY',
      recur_on: undefined,
      recur_end: 3,
      invites_list: [{ email: ann }],
    });
    const [invitation] = await awaitInvitations(ann, 1);
    expect(invitation!.text).toContain('RECURRENCE-ID;TZID=Europe/London:20300330T230000');
    const listed = await call(
      'GET',
      `/client/bookings/${place.venue.id}/${place.space.id}/2030-03-29/2030-04-02`,
      { token },
    );
    expect(listed.status).toBe(200);
    const api = (listed.body.result as Array<{ id: string; start_at: string; end_at: string }>)
      .filter((occurrence) => occurrence.id === booking.id)
      .map((occurrence) => [occurrence.start_at, occurrence.end_at].map((t) => new Date(t).toISOString()));
    expect(api).toEqual([
      ['2030-03-29T23:00:00.000Z', '2030-03-30T03:00:00.000Z'],
      ['2030-03-30T23:00:00.000Z', '2030-03-31T02:00:00.000Z'],
      ['2030-03-31T22:00:00.000Z', '2030-04-01T02:00:00.000Z'],
    ]);
    const client = new CalendarClient();
    client.receive(invitation!.text);
    for (const engine of engines) {
      const shown = client.occurrences(engine, {
        from: new Date('2030-03-28T00:00:00Z'),
        to: new Date('2030-04-03T00:00:00Z'),
      });
      expect(
        shown.map((o) => [o.start, o.end]),
        engine,
      ).toEqual(api);
    }
  });

  it('a single booking: no RRULE; the mail names both days of an event over midnight', async () => {
    const ann = anEmail('Ann');
    const booking = await aBooking(token, place, {
      title: 'Night shift',
      start_date: '2030-07-05 22:00:00',
      end_date: '2030-07-06 02:00:00',
      recurring: 'No',
      recur_type: undefined,
      recur_interval: undefined,
      recur_on: undefined,
      recur_end_type: undefined,
      recur_end: undefined,
      invites_list: [{ email: ann }],
    });
    const [invitation] = await awaitInvitations(ann, 1);
    const [event] = invitation!.events as [VEvent];
    expect(event.uid).toBe(`${booking.id}@spaces`);
    expect(event.rrule).toBeUndefined();
    expect(invitation!.text.slice(invitation!.text.indexOf('BEGIN:VEVENT'))).not.toContain('RRULE');
    expect(event.start.toISOString()).toBe('2030-07-05T21:00:00.000Z');
    expect(event.end!.toISOString()).toBe('2030-07-06T01:00:00.000Z');
    expect(invitation!.mail.text).toContain(
      'When: 5th Jul, 2030 | 10:00pm – 6th Jul, 2030 | 2:00am (Europe/London)',
    );
    expect(invitation!.mail.text).not.toContain('Repeats');
  });

  it('a mail that cannot be sent leaves the booking standing', async () => {
    const ann = anEmail('Ann');
    const pid = inject('emulatorPids').ses;
    if (!pid) throw new Error('No process id for the mail emulator');
    process.kill(-pid, 'SIGSTOP');
    let answer;
    try {
      answer = await call('POST', '/client/booking', {
        token,
        body: {
          venue: place.venue.id,
          space: place.space.id,
          title: 'Mail is down',
          ...weekly,
          start_date: '2030-09-02 09:00:00',
          end_date: '2030-09-02 10:00:00',
          invites_list: [{ email: ann }],
        },
      });
    } finally {
      process.kill(-pid, 'SIGCONT');
    }
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { booking } = await getBookingState(account.accountId, answer.body.result.id);
    expect(booking?.title).toBe('Mail is down');
  }, 30_000);

  it('sendInvitations never throws, even for a booking it cannot read', async () => {
    const { booking } = await getBookingState(
      account.accountId,
      (await aBooking(token, place, { start_date: '2030-10-07 09:00:00', end_date: '2030-10-07 10:00:00' }))
        .id,
    );
    const broken = { ...booking!, timezone: 'Not/A_Zone', invites_list: [{ email: anEmail('Ann') }] };
    await expect(
      sendInvitations({
        kind: 'created',
        accountId: account.accountId,
        after: { booking: broken, occurrences: [] },
        venue: { name: 'Hall', timezone: 'Not/A_Zone' } as never,
        space: { title: 'Room' } as never,
        organizer: { id: 'x', name: 'Olga', email: 'olga@example.test' },
      }),
    ).resolves.toBeUndefined();
  });
});

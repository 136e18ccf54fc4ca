import ical, { type VEvent } from 'node-ical';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { readMailbox, type SentMail } from '../../infra/local/emulators/ses';
import { demoUsers } from '../../infra/local/seed';
import { boxWithin, centreOf, dragWithMouse, signedInClientPage, useBrowser } from '../support/browser';
import { CalendarClient, engines } from '../support/calendar-client';
import { call, signIn } from '../support/e2e-api';

useBrowser();

/** A fresh account (the Enterprise package) with its owner, a venue in Europe/London and its Room A. */
async function accountWithLondonVenue(suffix: string) {
  const admin = await signIn('admin', demoUsers.admin);
  const packages = await call('GET', '/admin/packages', admin);
  const enterprise = packages.find((p: { name: string }) => p.name === 'Enterprise');
  const owner = { email: `olive.${suffix}@quay.test`, password: 'Quay12345' };
  await call('POST', '/admin/account', admin, {
    name: `Quay ${suffix}`,
    city: 'London',
    package_id: enterprise.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: 'Olive',
    admin_last_name: 'Quay',
    admin_email: owner.email,
    admin_password: owner.password,
  });
  const token = await signIn('client', owner);
  const venue = await call('POST', '/client/newvenue', token, {
    name: `Quay House ${suffix}`,
    city: 'London',
    timezone: 'Europe/London',
  });
  const space = await call('POST', `/client/newspace/${venue.id}`, token, {
    title: 'Room A',
    calendar_color: '#D50000',
  });
  return { owner, token, venue, space };
}

interface Occurrence {
  start_date: string;
  end_date: string;
  occurrence_start: string;
  detached: boolean;
}

/** The starts of the venue's occurrences in March and April 2027, as the API lists them. */
async function startsOf(token: string, venueId: string): Promise<string[]> {
  const occurrences: Occurrence[] = await call(
    'GET',
    `/client/bookings/${venueId}/-/2027-03-01/2027-04-30`,
    token,
  );
  return occurrences.map((o) => o.start_date).sort();
}

/** The month view's week rows (March 2027 starts on a Monday: row 3 is the week of the 22nd). */
const week = (page: Page, row: number) => page.locator('.rbc-month-view .rbc-month-row').nth(row);

describe('the booking calendar', () => {
  it("books a weekly event at the London venue's times from a browser in Los Angeles, moves one, deletes the following, and mails the invitee", async () => {
    const suffix = Date.now().toString(36);
    const { owner, token, venue } = await accountWithLondonVenue(suffix);
    const guest = `guest.${suffix}@quay.test`;
    const page = await signedInClientPage(owner, { timezoneId: 'America/Los_Angeles' });
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
      'America/Los_Angeles',
    );

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/c/booking');
    await page.getByText('Please select venue to load bookings').waitFor();
    const controls = page.getByRole('group', { name: 'Calendar controls' });
    await controls.getByLabel('Venue').selectOption({ label: venue.name });
    await controls.getByLabel('Date').fill('2027-03-15');
    await page.getByRole('heading', { name: 'March 2027' }).waitFor();
    await page.getByText('Times in Europe/London').waitFor();

    // A double-click on Monday 15 March, below its date, opens the add form on that day. The week's
    // row is double-clicked there (the day itself is a backdrop under the row's content), so that
    // the row is scrolled into view and still when the click lands: the month is taller than the
    // window, and the third week may start in view and end below it.
    const third = week(page, 2);
    const fifteenth = await boxWithin(third, third.locator('.rbc-date-cell').nth(0));
    await third.dblclick({
      position: { x: fifteenth.x + fifteenth.width / 2, y: fifteenth.y + fifteenth.height + 40 },
    });
    const form = page.getByRole('form', { name: 'Add new event' });
    expect(await form.getByLabel(/^Start date/).inputValue()).toBe('2027-03-15');

    // Mondays 10:00–11:00 in London, four times: across London's change to summer time (28 March).
    await form.getByLabel(/^Space/).selectOption({ label: 'Room A' });
    await form.getByLabel(/^Title/).fill('Harbour sync');
    await form.getByLabel('Start time').selectOption('10:00');
    await form.getByLabel('End time').selectOption('11:00');
    await form.getByRole('switch', { name: 'Recurring' }).setChecked(true, { force: true });
    expect(await form.getByLabel('Repeats').inputValue()).toBe('WEEKLY');
    expect(await form.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    await form.getByLabel('Number of occurrences', { exact: true }).fill('4');
    await form.getByLabel('Invitee 1 e-mail').fill(guest);
    await form.getByLabel('Invitee 1 name').fill('Gus Guest');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Success', { exact: true }).first().waitFor();
    await form.waitFor({ state: 'detached' });
    expect(await startsOf(token, venue.id)).toEqual([
      '2027-03-15 10:00:00',
      '2027-03-22 10:00:00',
      '2027-03-29 10:00:00',
      '2027-04-05 10:00:00',
    ]);

    // The month: at 10:00am on the 15th, 22nd and 29th (the 5th of April is in the next month).
    const events = page.getByRole('button', { name: '10:00am – 11:00am Harbour sync (Room A)' });
    await expect.poll(() => events.count()).toBe(3);
    for (const row of [2, 3, 4])
      expect(await week(page, row).locator('[data-event-key]').textContent()).toBe('10:00am Harbour sync');

    // The week after the change: Monday's column, from 10:00 to 11:00 of the day.
    await controls.getByLabel('Date').fill('2027-03-29');
    await controls.getByRole('button', { name: 'Week' }).click();
    await page.getByRole('heading', { name: '29th Mar – 4th Apr, 2027' }).waitFor();
    const inWeek = page.locator('.rbc-time-content .rbc-event');
    await inWeek.first().waitFor();
    expect(await inWeek.count()).toBe(1);
    expect(await inWeek.locator('.rbc-event-label').textContent()).toBe('10:00am – 11:00am');
    const mondayColumn = page.locator('.rbc-time-content .rbc-day-slot').first();
    expect(await mondayColumn.locator('.rbc-event').count()).toBe(1);
    const column = (await mondayColumn.boundingBox())!;
    const event = (await inWeek.boundingBox())!;
    expect((event.y - column.y) / column.height).toBeCloseTo(10 / 24, 2);
    expect((event.height / column.height) * 24).toBeCloseTo(1, 1);

    // Drag the 22nd to Wednesday the 24th in the month, and save it with THIS.
    await controls.getByRole('button', { name: 'Month' }).click();
    await controls.getByLabel('Date').fill('2027-03-22');
    await page.getByRole('heading', { name: 'March 2027' }).waitFor();
    const twentySecond = week(page, 3).locator('.rbc-event');
    await dragWithMouse(twentySecond, async (from) => ({
      x: (await centreOf(week(page, 3).locator('.rbc-date-cell').nth(2))).x,
      y: from.y,
    }));
    const edit = page.getByRole('form', { name: 'Edit event' });
    await edit.waitFor();
    expect(await edit.getByLabel(/^Start date/).inputValue()).toBe('2027-03-24');
    expect(await edit.getByLabel('Start time').inputValue()).toBe('10:00');
    expect(await edit.getByLabel(/^End date/).inputValue()).toBe('2027-03-24');
    expect(await edit.getByRole('radio', { name: 'This event' }).isChecked()).toBe(true);
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect
      .poll(() => startsOf(token, venue.id))
      .toEqual(['2027-03-15 10:00:00', '2027-03-24 10:00:00', '2027-03-29 10:00:00', '2027-04-05 10:00:00']);
    const moved = week(page, 3).locator('.rbc-row-segment', { has: page.locator('.rbc-event') });
    await expect
      .poll(() => moved.evaluate((segment) => segment.previousElementSibling?.getAttribute('style')))
      .toContain('28.57');

    // Delete the 29th and the following from the details panel.
    await week(page, 4).locator('[data-event-key]').click();
    const details = page.getByRole('dialog', { name: 'Event details' });
    await details.getByText('29th Mar, 2027 | 10:00am – 11:00am').waitFor();
    await details.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete event' });
    await question.getByText('This and following events').click();
    expect(await question.getByRole('radio', { name: 'This and following events' }).isChecked()).toBe(true);
    await question.getByRole('button', { name: 'Delete' }).click();
    await details.waitFor({ state: 'detached' });
    await expect
      .poll(() => startsOf(token, venue.id))
      .toEqual(['2027-03-15 10:00:00', '2027-03-24 10:00:00']);
    await expect.poll(() => events.count()).toBe(2);

    // The invitee got the invitation with an iCalendar file calendar apps read.
    const mailbox = inject('mailboxUrl');
    let invitation: SentMail | undefined;
    await expect
      .poll(async () => (invitation = (await readMailbox(mailbox)).find((mail) => mail.to.includes(guest))))
      .toBeDefined();
    const file = invitation!.attachments.find((attachment) => attachment.filename?.endsWith('.ics'));
    expect(file, JSON.stringify(invitation!.attachments.map((a) => a.filename))).toBeDefined();
    const text = file!.content.toString('utf8');
    expect(text).toContain('METHOD:REQUEST');
    expect(text).toContain('BEGIN:VTIMEZONE');
    const vevent = Object.values(ical.sync.parseICS(text)).find(
      (item): item is VEvent => item?.type === 'VEVENT',
    );
    expect(vevent).toMatchObject({ summary: 'Harbour sync' });
    // 10:00 in London in March before the change is 10:00 UTC.
    expect(vevent!.start.toISOString()).toBe('2027-03-15T10:00:00.000Z');
    expect(vevent!.rrule?.toString()).toContain('FREQ=WEEKLY');

    // Every mail the guest got, read in order by a calendar: the occurrences the calendar shows.
    const calendar = new CalendarClient();
    const mails = (await readMailbox(mailbox)).filter((mail) => mail.to.includes(guest));
    for (const mail of mails)
      calendar.receive(mail.attachments.find((a) => a.filename === 'invite.ics')!.content.toString('utf8'));
    const listed: Array<{ start_at: string; end_at: string }> = await call(
      'GET',
      `/client/bookings/${venue.id}/-/2027-03-01/2027-04-30`,
      token,
    );
    const expected = listed.map((o) => [o.start_at, o.end_at].map((t) => new Date(t).toISOString())).sort();
    expect(expected).toEqual([
      ['2027-03-15T10:00:00.000Z', '2027-03-15T11:00:00.000Z'],
      ['2027-03-24T10:00:00.000Z', '2027-03-24T11:00:00.000Z'],
    ]);
    for (const engine of engines) {
      const shown = calendar.occurrences(engine, {
        from: new Date('2027-03-01T00:00:00Z'),
        to: new Date('2027-05-01T00:00:00Z'),
      });
      expect(
        shown.map((o) => [o.start, o.end]),
        engine,
      ).toEqual(expected);
    }
  });
});

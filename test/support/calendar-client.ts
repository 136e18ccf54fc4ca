import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';

/**
 * An invitee's calendar, as a calendar client stores the iTIP invitations (RFC 5546) it is sent:
 * the contract the invitation tests judge the e-mailed `invite.ics` files by.
 *
 * State, per UID:
 * - the master: the VEVENT without RECURRENCE-ID (with its SEQUENCE), or none;
 * - instances keyed by RECURRENCE-ID (read as a UTC instant): an override VEVENT, or "cancelled",
 *   each with its SEQUENCE.
 * Every VTIMEZONE seen is kept (by TZID), to rebuild calendars from the stored components.
 *
 * {@link CalendarClient.receive} takes one message:
 * - METHOD:REQUEST. Per UID in the message: when it carries a master whose SEQUENCE is at least
 *   the stored master's (or none is stored), the UID's whole set is replaced by the message's
 *   components, master and overrides (RFC 5546 sections 2.1.5 and 3.2.2; CalConnect, "iCalendar Recurrence
 *   Problems and Recommendations" 3.1.2 and 6.3.2: recurrence properties sent, the receiver
 *   replaces the set); a lower SEQUENCE is ignored. A component with RECURRENCE-ID only (no master
 *   for its UID in the message) replaces what is stored under its key when its SEQUENCE is at
 *   least the stored one: the latest SEQUENCE per UID and RECURRENCE-ID wins. Such components may
 *   come with no master stored (an invitee invited to one occurrence only): they are then events
 *   of their own.
 * - METHOD:CANCEL. A component without RECURRENCE-ID removes the UID entirely; one with
 *   RECURRENCE-ID marks that instance cancelled (when its SEQUENCE is at least the stored one's).
 *
 * {@link CalendarClient.occurrences} expands what is stored with a real iCalendar engine: per UID
 * with a master, one VCALENDAR (the VTIMEZONEs, the master with an EXDATE added for each cancelled
 * instance, the overrides not cancelled) read by ical.js (Thunderbird's engine) or node-ical
 * (whose expansion, rrule-temporal, is independent of the `rrule` package the product uses). A UID
 * without a master gives each override not cancelled as one occurrence, at its own DTSTART and
 * DTEND.
 */

export type Engine = 'ical.js' | 'node-ical';
export const engines: readonly Engine[] = ['ical.js', 'node-ical'];

/** One occurrence as a calendar shows it: instants in UTC (ISO 8601) and the title. */
export interface CalendarOccurrence {
  start: string;
  end: string;
  title: string;
}

/** The instants whose occurrences are read: those that overlap it. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

interface Stored {
  sequence: number;
  /** The VEVENT's text, or `cancelled` for an instance. */
  vevent: string | 'cancelled';
  /** An instance's RECURRENCE-ID line as received (with its TZID), to write it as an EXDATE. */
  recurrenceId?: string;
}

interface Entry {
  master?: Stored;
  instances: Map<string, Stored>;
}

const sequenceOf = (event: ICAL.Component) => Number(event.getFirstPropertyValue('sequence') ?? 0);

/** The instant (ISO, UTC) of a DATE-TIME property read in its calendar (TZID resolved there). */
function instantOf(event: ICAL.Component, name: string): string {
  const value = event.getFirstPropertyValue(name);
  if (!(value instanceof ICAL.Time)) throw new Error(`${name} is not a date-time: ${String(value)}`);
  return value.toJSDate().toISOString();
}

export class CalendarClient {
  private readonly entries = new Map<string, Entry>();
  private readonly zones = new Map<string, string>();

  /** Takes one iTIP message (the text of an `invite.ics`). */
  receive(ics: string): void {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const method = String(calendar.getFirstPropertyValue('method') ?? '').toUpperCase();
    for (const zone of calendar.getAllSubcomponents('vtimezone')) {
      const tzid = String(zone.getFirstPropertyValue('tzid'));
      this.zones.set(tzid, zone.toString());
      if (!ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(zone);
    }
    const byUid = new Map<string, ICAL.Component[]>();
    for (const event of calendar.getAllSubcomponents('vevent')) {
      const uid = String(event.getFirstPropertyValue('uid'));
      byUid.set(uid, [...(byUid.get(uid) ?? []), event]);
    }
    for (const [uid, events] of byUid) {
      if (method === 'REQUEST') this.request(uid, events);
      else if (method === 'CANCEL') this.cancel(uid, events);
      else throw new Error(`Not an invitation: METHOD ${method || '(none)'}`);
    }
  }

  private instance(event: ICAL.Component, cancelled: boolean): [string, Stored] {
    return [
      instantOf(event, 'recurrence-id'),
      {
        sequence: sequenceOf(event),
        vevent: cancelled ? 'cancelled' : event.toString(),
        recurrenceId: event.getFirstProperty('recurrence-id')!.toICALString(),
      },
    ];
  }

  private request(uid: string, events: ICAL.Component[]): void {
    const master = events.find((event) => !event.hasProperty('recurrence-id'));
    const overrides = events.filter((event) => event.hasProperty('recurrence-id'));
    const stored = this.entries.get(uid);
    if (master) {
      if (stored?.master && sequenceOf(master) < stored.master.sequence) return;
      this.entries.set(uid, {
        master: { sequence: sequenceOf(master), vevent: master.toString() },
        instances: new Map(overrides.map((event) => this.instance(event, false))),
      });
      return;
    }
    const entry = stored ?? { instances: new Map<string, Stored>() };
    for (const event of overrides) {
      const [key, instance] = this.instance(event, false);
      const before = entry.instances.get(key);
      if (!before || instance.sequence >= before.sequence) entry.instances.set(key, instance);
    }
    this.entries.set(uid, entry);
  }

  private cancel(uid: string, events: ICAL.Component[]): void {
    if (events.some((event) => !event.hasProperty('recurrence-id'))) {
      this.entries.delete(uid);
      return;
    }
    const entry = this.entries.get(uid) ?? { instances: new Map<string, Stored>() };
    for (const event of events) {
      const [key, instance] = this.instance(event, true);
      const before = entry.instances.get(key);
      if (!before || instance.sequence >= before.sequence) entry.instances.set(key, instance);
    }
    this.entries.set(uid, entry);
  }

  /** The UIDs the calendar holds something of. */
  uids(): string[] {
    return [...this.entries.keys()];
  }

  /**
   * The VCALENDAR a client would expand for a UID with a master: the zones, the master with an
   * EXDATE for each cancelled instance, and the overrides not cancelled.
   */
  calendarOf(uid: string): string | undefined {
    const entry = this.entries.get(uid);
    if (!entry?.master || entry.master.vevent === 'cancelled') return undefined;
    const instances = [...entry.instances.values()];
    // An instance the master already excludes is not excluded twice: ical.js, past a repeated
    // EXDATE value, no longer excludes the next one (RecurExpansion moves one EXDATE per instance).
    const excluded = excludedBy(entry.master.vevent, this.zones);
    const exdates = [...entry.instances]
      .filter(([key, instance]) => instance.vevent === 'cancelled' && !excluded.has(key))
      .map(([, instance]) => instance.recurrenceId!.replace(/^RECURRENCE-ID/i, 'EXDATE'));
    const master = entry.master.vevent.replace(
      /\r\nEND:VEVENT\s*$/,
      `\r\n${exdates.join('\r\n')}\r\nEND:VEVENT`,
    );
    const overrides = instances.filter((instance) => instance.vevent !== 'cancelled').map((i) => i.vevent);
    return [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Spaces tests//Calendar client//EN',
      ...this.zones.values(),
      exdates.length ? master : entry.master.vevent,
      ...overrides,
      'END:VCALENDAR',
      '',
    ]
      .join('\r\n')
      .replace(/\r?\n/g, '\r\n');
  }

  /** Every occurrence that overlaps `window`, as `engine` expands what is stored; sorted. */
  occurrences(engine: Engine, window: TimeWindow): CalendarOccurrence[] {
    const found: CalendarOccurrence[] = [];
    for (const [uid, entry] of this.entries) {
      const text = this.calendarOf(uid);
      if (text)
        found.push(...(engine === 'ical.js' ? expandWithIcalJs(text) : expandWithNodeIcal(text, window)));
      else
        for (const instance of entry.instances.values())
          if (instance.vevent !== 'cancelled') found.push(standAlone(instance.vevent, this.zones));
    }
    return sortOccurrences(
      found.filter(
        (o) => Date.parse(o.start) < window.to.getTime() && Date.parse(o.end) > window.from.getTime(),
      ),
    );
  }
}

export function sortOccurrences(list: readonly CalendarOccurrence[]): CalendarOccurrence[] {
  const key = (o: CalendarOccurrence) => `${o.start} ${o.end} ${o.title}`;
  return [...list].sort((a, b) => key(a).localeCompare(key(b)));
}

/** The instants (ISO, UTC) a master's own EXDATEs name. */
function excludedBy(vevent: string, zones: ReadonlyMap<string, string>): Set<string> {
  const calendar = new ICAL.Component(
    ICAL.parse(['BEGIN:VCALENDAR', 'VERSION:2.0', ...zones.values(), vevent, 'END:VCALENDAR'].join('\r\n')),
  );
  const master = calendar.getFirstSubcomponent('vevent')!;
  return new Set(
    master
      .getAllProperties('exdate')
      .flatMap((property) => property.getValues())
      .filter((value): value is ICAL.Time => value instanceof ICAL.Time)
      .map((time) => time.toJSDate().toISOString()),
  );
}

/** An override with no master: one event at its own times. */
function standAlone(vevent: string, zones: ReadonlyMap<string, string>): CalendarOccurrence {
  const calendar = new ICAL.Component(
    ICAL.parse(['BEGIN:VCALENDAR', 'VERSION:2.0', ...zones.values(), vevent, 'END:VCALENDAR'].join('\r\n')),
  );
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return {
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    title: event.summary,
  };
}

/** At most this many instances of one series are read (the product's series are far shorter). */
const MAX_INSTANCES = 5000;

/** ical.js: the master with its overrides related (`relateException`), iterated to the rule's end. */
function expandWithIcalJs(text: string): CalendarOccurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  const master = new ICAL.Event(events.find((event) => !event.hasProperty('recurrence-id'))!);
  for (const event of events) if (event.hasProperty('recurrence-id')) master.relateException(event);
  const found: CalendarOccurrence[] = [];
  const iterator = master.iterator();
  for (let next = iterator.next(), n = 0; next && n < MAX_INSTANCES; next = iterator.next(), n++) {
    const details = master.getOccurrenceDetails(next);
    found.push({
      start: details.startDate.toJSDate().toISOString(),
      end: details.endDate.toJSDate().toISOString(),
      title: details.item.summary,
    });
    if (!master.isRecurring()) break;
  }
  return found;
}

const textOf = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'val' in value ? String(value.val) : String(value ?? '');

/** node-ical: `parseICS`, then `expandRecurringEvent` over the window (overrides and EXDATE applied). */
function expandWithNodeIcal(text: string, window: TimeWindow): CalendarOccurrence[] {
  const parsed = ical.sync.parseICS(text);
  const master = Object.values(parsed).find(
    (item): item is VEvent => item?.type === 'VEVENT' && !(item as VEvent).recurrenceid,
  );
  if (!master) return [];
  return ical
    .expandRecurringEvent(master, { from: window.from, to: window.to, expandOngoing: true })
    .map((instance) => ({
      start: new Date(instance.start).toISOString(),
      end: new Date(instance.end).toISOString(),
      title: textOf(instance.summary),
    }));
}

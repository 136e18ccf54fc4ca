import { addEvent, ICalCalendarMethod, newCalendar, vtimezone } from './icalendar';

describe('calendar times', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  /** A calendar with one event of London's, as text without its DTSTAMP (the time it is made). */
  function calendarText(): string {
    const calendar = newCalendar({ method: ICalCalendarMethod.PUBLISH });
    addEvent(calendar, {
      uid: 'one@spaces',
      sequence: 2,
      title: 'Review',
      location: 'Room, Hall',
      timezone: 'Europe/London',
      start: '2030-03-31 09:00:00',
      end: '2030-03-31 10:00:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
      exdates: ['2030-04-07 09:00:00'],
      recurrenceId: undefined,
      created: '2030-01-01T10:00:00.000Z',
    });
    return calendar.toString().replace(/DTSTAMP:\d{8}T\d{6}Z/, 'DTSTAMP');
  }

  it('are the venue wall times with its TZID, whatever the host zone; stamps in UTC', () => {
    process.env.TZ = 'America/Los_Angeles';
    const west = calendarText();
    process.env.TZ = 'Asia/Tokyo';
    const east = calendarText();
    expect(east).toBe(west);
    expect(west).toContain('DTSTART;TZID=Europe/London:20300331T090000\r\n');
    expect(west).toContain('DTEND;TZID=Europe/London:20300331T100000\r\n');
    expect(west).toContain('RRULE:FREQ=WEEKLY;COUNT=3\r\nEXDATE;TZID=Europe/London:20300407T090000\r\n');
    expect(west).toContain('CREATED:20300101T100000Z\r\n');
    expect(west).toContain('METHOD:PUBLISH\r\n');
    expect(west).not.toContain('X-WR-TIMEZONE');
    // London's zone as Outlook wants it: one DAYLIGHT and one STANDARD with yearly rules.
    expect(west).toContain('TZID:Europe/London\r\n');
    expect(west).toContain(
      'DTSTART:19700329T010000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r\nEND:DAYLIGHT',
    );
    expect(west).toContain(
      'DTSTART:19701025T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r\nEND:STANDARD',
    );
  });

  it("a calendar's name cannot add lines", () => {
    const calendar = newCalendar({
      method: ICalCalendarMethod.PUBLISH,
      name: 'Room\r\nMETHOD:CANCEL; a, b',
    });
    const text = calendar.toString();
    expect(text).toContain('X-WR-CALNAME:Room\\nMETHOD:CANCEL\\; a\\, b\r\n');
    expect(text.match(/^METHOD:/gm)).toHaveLength(1);
  });
});

describe('vtimezone', () => {
  it('names the zone as the events do, and knows no made-up zone', () => {
    expect(vtimezone('UTC')).toMatch(/^BEGIN:VTIMEZONE\r\nTZID:UTC\r\n/);
    expect(vtimezone('America/New_York')).toContain('RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU');
    expect(vtimezone('Not/A_Zone')).toBeNull();
  });
});

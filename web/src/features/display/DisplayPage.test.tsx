import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CapAlert } from '@shared/schemas/cap-alerts';
import type { BoundDeviceState, DeviceState } from '@shared/schemas/devices';
import { fakeApi, type FakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';
import { DEVICE_KEY, STATE_KEY } from './device';
import { timeIn } from './room';

/**
 * The room display at /display against a fake API: its code until it is bound, then the room's
 * status in words, the PIN pad, an alert over everything, 'inactive', and what it does offline.
 * The clock is held at noon in London (Date only: timers run).
 */

const NOW = Date.parse('2026-03-10T12:00:00Z');
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();
/** A time as the display writes it in London, in the host's locale. */
const at = (n: number) => timeIn(NOW + n * 60_000, 'Europe/London');
const TOKEN = '01J0000000000000000000DEV0.secret-secret-secret-secret';

function aMeeting(
  title: string,
  from: number,
  to: number,
  checked_in = false,
  source: 'spaces' | 'google' | 'microsoft' = 'spaces',
) {
  return {
    booking_id: `b-${title}`,
    recurrence_id: 'r1',
    title,
    start_utc: minutes(from),
    end_utc: minutes(to),
    checked_in,
    source,
  };
}

function aRoom(overrides: Partial<BoundDeviceState> = {}): BoundDeviceState {
  return {
    bound: true,
    active: true,
    screen: { id: 's1', name: 'Lobby screen' },
    space: {
      id: 'sp1',
      title: 'Boardroom',
      capacity: 10,
      calendar_color: '#0B8043',
      photo_url: null,
      availability: { start: '00:30', end: '23:30' },
    },
    venue: { id: 'v1', name: 'Harbour Hall', timezone: 'Europe/London' },
    occurrences: [],
    check_in: { enabled: true, before_event: 15, after_event: 15 },
    slideshow: null,
    alerts: [],
    branding: null,
    poll_interval_seconds: 15,
    push: null,
    ...overrides,
  };
}

const anAlert = (overrides: Partial<CapAlert> = {}): CapAlert => ({
  id: 'a1',
  identifier: 'E2E-1',
  sender: 'alerts@city.example',
  sent: minutes(-5),
  msg_type: 'Alert',
  language: 'en-GB',
  event: 'Fire',
  headline: 'Evacuate the east wing',
  severity: 'Extreme',
  urgency: 'Immediate',
  certainty: 'Observed',
  description: null,
  instruction: 'Leave by the west stairs.',
  area_desc: 'East wing',
  sender_name: 'City Fire Service',
  effective: null,
  onset: null,
  expires: minutes(60),
  web: null,
  source_url: 'https://alerts.example/feed.cap',
  ...overrides,
});

/** A display that registered before: its token in storage, and the state the API answers. */
function aBoundDisplay(state: DeviceState): FakeApi {
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ device_id: 'd1', token: TOKEN }));
  return fakeApi().on('GET', '/device/state', { body: { result: state }, headers: { ETag: '"v1"' } });
}

/** Polls now, as the display does when it gets the focus. */
const wake = () => act(() => void window.dispatchEvent(new Event('focus')));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
});

describe('room display', () => {
  it('registers on first start and shows its code large, with what to do', async () => {
    const api = fakeApi()
      .ok('POST', '/device/register', {
        device_id: 'd1',
        token: TOKEN,
        code: 'K7M2QX',
        code_expires_at: minutes(24 * 60),
      })
      .ok('GET', '/device/state', {
        bound: false,
        code: 'K7M2QX',
        code_expires_at: minutes(24 * 60),
        poll_interval_seconds: 15,
      });
    renderApp('/display');
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up this screen' })).toBeInTheDocument();
    expect(screen.getByTestId('activation-code')).toHaveTextContent('K7M2QX');
    expect(screen.getByText(/Enter this code as the Screen ID number/)).toBeInTheDocument();
    expect(document.title).toBe('Spaces | Room display');
    // The token is kept for the next start, and the state is read with it.
    expect(JSON.parse(localStorage.getItem(DEVICE_KEY)!)).toEqual({ device_id: 'd1', token: TOKEN });
    await waitFor(() => expect(api.callsTo('GET', '/device/state')).toHaveLength(1));
    expect(api.callsTo('GET', '/device/state')[0]).toMatchObject({
      token: TOKEN,
      query: { app_version: 'dev' },
    });
    expect(api.callsTo('POST', '/device/register')[0]!.body).toEqual({ app_version: 'dev' });
  });

  it.each([
    ['Busy', [aMeeting('Stand-up', -10, 20)], /Stand-up/, `${at(-10)}–${at(20)} · 20 min left`],
    ['Starting soon', [aMeeting('Review', 10, 40)], /Next: Review/, `at ${at(10)} · in 10 min`],
    ['Available', [aMeeting('Review', 90, 120)], /Next: Review/, `at ${at(90)} · in 1 h 30 min`],
  ])('says %s in words', async (words, occurrences, meeting, when) => {
    aBoundDisplay(aRoom({ occurrences }));
    renderApp('/display');
    expect(await screen.findByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
    const status = screen.getByRole('region', { name: 'Room status' });
    expect(within(status).getByText(words)).toBeInTheDocument();
    expect(within(status).getByText(meeting)).toBeInTheDocument();
    expect(within(status).getByText(when)).toBeInTheDocument();
    // The rest of today, and Book now only while no meeting is in progress.
    const today = screen.getByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Book now' }) !== null).toBe(words !== 'Busy');
  });

  it('checks a booking in with a PIN, showing a refused PIN on the pad', async () => {
    const api = aBoundDisplay(aRoom({ occurrences: [aMeeting('Stand-up', 5, 35)] }));
    api.on(
      'POST',
      '/device/checkin',
      { status: 422, body: { message: { pin: 'PIN not recognised' } } },
      {
        body: {
          result: {
            booking_id: 'b-Stand-up',
            recurrence_id: 'r1',
            checked_in_at: minutes(0),
            checked_in_by: 'Ada Lovelace',
          },
          message: 'Checked in by Ada Lovelace',
        },
      },
    );
    renderApp('/display');
    fireEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    const pad = screen.getByRole('dialog', { name: 'Check in: Stand-up' });
    const keys = within(pad).getByRole('group', { name: 'PIN keys' });
    for (const digit of '1234') fireEvent.click(within(keys).getByRole('button', { name: digit }));
    expect(await within(pad).findByRole('alert')).toHaveTextContent('PIN not recognised');
    expect(within(pad).getByLabelText('0 of 4 digits entered')).toBeInTheDocument();

    // Afterwards the state says it is checked in.
    api.ok('GET', '/device/state', aRoom({ occurrences: [aMeeting('Stand-up', 5, 35, true)] }));
    for (const digit of '5678') fireEvent.click(within(keys).getByRole('button', { name: digit }));
    expect(await within(pad).findByText('Checked in by Ada Lovelace')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/checkin').map((c) => [c.body, c.token])).toEqual([
      [{ occurrence_start: minutes(5), pin: '1234' }, TOKEN],
      [{ occurrence_start: minutes(5), pin: '5678' }, TOKEN],
    ]);
    fireEvent.click(within(pad).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Stand-up: checked in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check in' })).not.toBeInTheDocument();
  });

  it('books the free room now for the length chosen, with a PIN typed on the keyboard', async () => {
    const api = aBoundDisplay(aRoom()).ok(
      'POST',
      '/device/booknow',
      {
        booking_id: 'b9',
        title: 'Booked at the screen',
        start_utc: minutes(0),
        end_utc: minutes(60),
        booked_by: 'Ada Lovelace',
      },
      'Booked by Ada Lovelace',
    );
    renderApp('/display');
    expect(await screen.findByText('No more bookings today')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Book now' }));
    const pad = screen.getByRole('dialog', { name: 'Book now' });
    fireEvent.click(within(pad).getByRole('button', { name: '60 min' }));
    expect(within(pad).getByRole('button', { name: '60 min' })).toHaveAttribute('aria-pressed', 'true');
    for (const key of '0042') fireEvent.keyDown(pad, { key });
    expect(await within(pad).findByText('Booked by Ada Lovelace')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/booknow')[0]!.body).toEqual({ minutes: 60, pin: '0042' });
  });

  it('plays the slideshow while the room is free: its transition, videos muted and inline; not while busy', async () => {
    const slide = (file: string, type: 'image' | 'video', order: number) => ({
      file,
      file_format: type === 'image' ? ('png' as const) : ('mp4' as const),
      file_url: `https://files.example/${file}`,
      file_type: type,
      order,
      duration: '00:00:10',
      duration_ms: type === 'video' ? 3500 : null,
      size: 1,
    });
    const slideshow = {
      id: 'ss1',
      space_id: 'sp1',
      name: 'Welcome',
      transition: 'cube' as const,
      duration: '00:00:10',
      randomize: 0 as const,
      slideshow_status: 1 as const,
      slides: [slide('clip.mp4', 'video', 0), slide('hello.png', 'image', 1)],
      slides_order: ['clip.mp4', 'hello.png'],
      created_at: minutes(-600),
      updated_at: minutes(-600),
    };
    const api = aBoundDisplay(aRoom({ slideshow, branding: { logo_url: 'https://files.example/logo.png' } }));
    renderApp('/display');
    const slides = await screen.findByRole('region', { name: 'Slideshow' });
    const video = slides.querySelector('video')!;
    expect(video).toHaveAttribute('src', 'https://files.example/clip.mp4');
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute('playsinline');
    expect(video.parentElement).toHaveClass('slide', 'slide-enter', 'slide-enter-cube');
    // The video's end brings the image in with the transition.
    fireEvent.ended(video);
    expect(slides.querySelector('.slide-enter img')).toHaveAttribute(
      'src',
      'https://files.example/hello.png',
    );
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute(
      'src',
      'https://files.example/logo.png',
    );

    api.ok('GET', '/device/state', aRoom({ slideshow, occurrences: [aMeeting('Stand-up', -5, 25)] }));
    await wake();
    expect(await screen.findByText('Busy')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Slideshow' })).not.toBeInTheDocument();
  });

  it('says when the screen, its room or its account is inactive', async () => {
    aBoundDisplay(aRoom({ active: false, occurrences: [aMeeting('Stand-up', -10, 20)] }));
    renderApp('/display');
    expect(await screen.findByRole('heading', { name: 'This screen is inactive' })).toBeInTheDocument();
    expect(screen.queryByText('Busy')).not.toBeInTheDocument();
  });

  it('gives the whole screen to an alert in force, and the room back when it has expired', async () => {
    const api = aBoundDisplay(
      aRoom({ alerts: [anAlert(), anAlert({ id: 'a0', headline: 'Old news', expires: minutes(-1) })] }),
    );
    renderApp('/display');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 1, name: 'Evacuate the east wing' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('Extreme alert: Fire');
    expect(alert).toHaveTextContent('Leave by the west stairs.');
    expect(alert).toHaveTextContent('East wing');
    expect(alert).toHaveClass('alert-extreme');
    expect(alert).not.toHaveTextContent('Old news');
    expect(screen.queryByRole('region', { name: 'Room status' })).not.toBeInTheDocument();

    api.ok('GET', '/device/state', aRoom());
    await wake();
    expect(await screen.findByRole('region', { name: 'Room status' })).toHaveTextContent('Available');
  });

  it('starts from the last state kept while offline, says since when, and catches up when back', async () => {
    localStorage.setItem(
      STATE_KEY,
      JSON.stringify({
        state: aRoom({ occurrences: [aMeeting('Stand-up', -10, 20)] }),
        etag: '"v1"',
        read_at: NOW,
      }),
    );
    const api = aBoundDisplay(aRoom()).on('GET', '/device/state', { networkError: true });
    renderApp('/display');
    expect(
      await screen.findByText(`Offline since ${at(0)}. Showing the last information received.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
    expect(screen.getByText('Busy')).toBeInTheDocument();

    // Back online: nothing changed (304), then a new state.
    api.on('GET', '/device/state', { status: 304 }, { body: { result: aRoom() }, headers: { ETag: '"v2"' } });
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(/Offline since/)).not.toBeInTheDocument());
    expect(screen.getByText('Busy')).toBeInTheDocument();
    const sent = vi
      .mocked(fetch)
      .mock.calls.map(([, init]) => new Headers(init?.headers).get('If-None-Match'));
    expect(sent.at(-1)).toBe('"v1"');
    await wake();
    expect(await screen.findByText('Available')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!)).toMatchObject({
      etag: '"v2"',
      state: { occurrences: [] },
    });
  });

  it.each([
    [401, 'This screen must register again'],
    [403, 'Forbidden'], // API Gateway's authorizer, in AWS
  ])('registers again when the state is refused with %i', async (status, message) => {
    localStorage.setItem(STATE_KEY, JSON.stringify({ state: aRoom(), etag: '"v1"', read_at: NOW }));
    const api = aBoundDisplay(aRoom())
      .on('GET', '/device/state', { status, body: { message } })
      .ok('POST', '/device/register', {
        device_id: 'd2',
        token: 'new-token',
        code: 'PQ34RS',
        code_expires_at: minutes(24 * 60),
      });
    renderApp('/display');
    await waitFor(() => expect(api.callsTo('POST', '/device/register')).toHaveLength(1));
    api.ok('GET', '/device/state', {
      bound: false,
      code: 'PQ34RS',
      code_expires_at: minutes(1440),
      poll_interval_seconds: 15,
    });
    expect(await screen.findByTestId('activation-code')).toHaveTextContent('PQ34RS');
    expect(JSON.parse(localStorage.getItem(DEVICE_KEY)!)).toEqual({ device_id: 'd2', token: 'new-token' });
  });
});

describe('the room display and linked calendars', () => {
  it('says where a meeting booked in the linked calendar came from', async () => {
    aBoundDisplay(
      aRoom({
        occurrences: [
          aMeeting('Outlook meeting', -10, 20, false, 'microsoft'),
          aMeeting('Google review', 60, 90, false, 'google'),
          aMeeting('Ours', 120, 150),
        ],
      }),
    );
    renderApp('/display');
    const status = await screen.findByRole('region', { name: 'Room status' });
    expect(within(status).getByText('Booked in Outlook')).toBeInTheDocument();
    const today = screen.getByRole('region', { name: 'Today' });
    const items = within(today).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Outlook meetingvia Outlook'),
      expect.stringContaining('Google reviewvia Google Calendar'),
      expect.not.stringContaining('via'),
    ]);
  });
});

describe('a bound display told to try later', () => {
  /** Advances the display's clock and timers (every timer is the test's here). */
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  const polls = (api: FakeApi) => api.callsTo('GET', '/device/state').length;
  // No jitter: the polls come on the interval to the millisecond (push.test.tsx tests the jitter).
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  /** A bound display showing a meeting under way, after its first poll. */
  async function aPollingDisplay() {
    vi.useFakeTimers({ now: NOW });
    const api = aBoundDisplay(aRoom({ occurrences: [aMeeting('Stand-up', -10, 20)] }));
    renderApp('/display', { fakeTimers: true });
    await advance(100);
    expect(screen.getByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
    expect(polls(api)).toBe(1);
    return api;
  }

  /** The pairing and the room are as they were: same token, same state, no new registration. */
  function keptItsRoom(api: FakeApi) {
    expect(screen.getByRole('heading', { level: 1, name: 'Boardroom' })).toBeInTheDocument();
    expect(screen.getByText('Busy')).toBeInTheDocument();
    expect(screen.getByText(/^Offline since .*Showing the last information received\.$/)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(DEVICE_KEY)!)).toEqual({ device_id: 'd1', token: TOKEN });
    expect(JSON.parse(localStorage.getItem(STATE_KEY)!).state.occurrences).toHaveLength(1);
    expect(api.callsTo('POST', '/device/register')).toHaveLength(0);
  }

  it.each([
    [
      429,
      'the edge’s rate limit',
      60,
      { 'Retry-After': '60' },
      { message: 'Too many requests. Try again later.' },
    ],
    [
      503,
      'the API (its Retry-After shorter than the poll)',
      15,
      { 'Retry-After': '5' },
      { message: 'The service is busy or unavailable right now. Please try again in a moment.' },
    ],
    [503, 'the edge, with no body', 15, {}, ''],
  ])('keeps its room and token on a %i from %s, and polls again after %i s', async (...cases) => {
    const [status, , seconds, headers, body] = cases;
    const api = await aPollingDisplay();
    api.on(
      'GET',
      '/device/state',
      { status, headers, body },
      { body: { result: aRoom() }, headers: { ETag: '"v2"' } },
    );

    // The next poll, on the interval, is told to try later.
    await advance(15_050);
    expect(polls(api)).toBe(2);
    keptItsRoom(api);

    // It polls again with the same token once the wait is over, and shows what it reads.
    await advance(seconds * 1000 - 200);
    expect(polls(api)).toBe(2);
    await advance(300);
    expect(polls(api)).toBe(3);
    expect(api.callsTo('GET', '/device/state')[2]).toMatchObject({ token: TOKEN });
    await advance(10);
    expect(screen.queryByText(/Offline since/)).not.toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
  });

  it('waits out a Retry-After even when woken, and backs off while the API keeps failing', async () => {
    const api = await aPollingDisplay();
    api.on(
      'GET',
      '/device/state',
      {
        status: 429,
        headers: { 'Retry-After': '60' },
        body: { message: 'Too many requests. Try again later.' },
      },
      { status: 502, body: { message: 'Bad Gateway' } },
      { networkError: true },
      { body: { result: aRoom() }, headers: { ETag: '"v2"' } },
    );
    await advance(15_050);
    expect(polls(api)).toBe(2);

    // Woken within the minute asked for, it does not poll early.
    await wake();
    await advance(30_000);
    expect(polls(api)).toBe(2);
    await advance(30_000);
    expect(polls(api)).toBe(3);
    // Failures in a row double the wait from the poll interval: 30 s after the second …
    await advance(29_900);
    expect(polls(api)).toBe(3);
    await advance(200);
    expect(polls(api)).toBe(4);
    keptItsRoom(api);
    // … and 60 s after the third (no answer at all).
    await advance(59_800);
    expect(polls(api)).toBe(4);
    await advance(200);
    expect(polls(api)).toBe(5);
    await advance(10);
    expect(screen.getByText('Available')).toBeInTheDocument();
    expect(api.callsTo('POST', '/device/register')).toHaveLength(0);
  });
});

import { act, screen, waitFor, within } from '@testing-library/react';
import { revalidateBookings } from '../features/bookings/api';
import { anOccurrence } from '../features/dashboard/testData';
import { aClientMe, anAdminMe, signedInAs } from '../test/builders';
import { fakeApi } from '../test/fakeApi';
import { renderApp } from '../test/renderApp';
import { shownToasts } from '../test/toasts';
import { NEXT_EVENT_REFRESH_MS } from './NextEvent';

const board = anOccurrence(1, 'Board meeting', { start: '2026-12-05 14:30:00', end: '2026-12-05 16:00:00' });
const lunch = anOccurrence(
  2,
  'Team lunch',
  { start: '2026-12-05 17:00:00', end: '2026-12-05 18:00:00' },
  { space: { id: 's2', title: 'Terrace', calendar_color: '#D50000', photo_url: null } },
);

/** The header's next event, once it has loaded. */
async function nextEvent() {
  return within(await screen.findByRole('banner')).findByRole('group', { name: 'Next event' });
}

describe("the client header's next event", () => {
  it('shows the first upcoming occurrence: its title, its time in the venue and its space', async () => {
    const api = fakeApi().ok('GET', '/client/upcomingbookings', [board, lunch]);
    signedInAs(api, aClientMe('Event Coordinator'));
    renderApp('/c/dashboard');
    const next = await nextEvent();
    expect(await within(next).findByText('Board meeting')).toBeInTheDocument();
    expect(next).toHaveTextContent('5th Dec, 2026 | 2:30pm · Room A');
    expect(within(next).queryByText('Team lunch')).not.toBeInTheDocument();
  });

  it('asks again every minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeApi();
    const start = Date.now();
    // The first occurrence ends; a minute later the next one leads the list.
    api.on('GET', '/client/upcomingbookings', () => ({
      body: { result: Date.now() - start < NEXT_EVENT_REFRESH_MS ? [board, lunch] : [lunch] },
    }));
    signedInAs(api, aClientMe('Account Admin'));
    api.ok('GET', '/client/recentvenues', []).ok('GET', '/client/recentspaces', []);
    api.ok('GET', '/client/recentscreens', []);
    renderApp('/c/dashboard', { fakeTimers: true });
    const next = await nextEvent();
    expect(await within(next).findByText('Board meeting')).toBeInTheDocument();
    const asked = api.callsTo('GET', '/client/upcomingbookings').length;

    await act(() => vi.advanceTimersByTimeAsync(NEXT_EVENT_REFRESH_MS + 10));
    expect(await within(next).findByText('Team lunch')).toBeInTheDocument();
    expect(next).toHaveTextContent('5th Dec, 2026 | 5:00pm · Terrace');
    expect(api.callsTo('GET', '/client/upcomingbookings').length).toBeGreaterThan(asked);
  });

  it('is among what a booking write revalidates', async () => {
    const revalidated: string[] = [];
    await revalidateBookings(((match: (key: unknown) => boolean) => {
      for (const key of [
        '/client/upcomingbookings',
        '/client/allspaces',
        '/client/recentspaces',
        '/client/me',
      ])
        if (match(key)) revalidated.push(key);
      return Promise.resolve([]);
    }) as never);
    expect(revalidated).toEqual(['/client/upcomingbookings', '/client/allspaces', '/client/recentspaces']);
  });

  it("says 'None' with nothing ahead", async () => {
    const api = fakeApi().ok('GET', '/client/upcomingbookings', []);
    signedInAs(api, aClientMe('Viewer'));
    renderApp('/c/dashboard');
    expect(await within(await nextEvent()).findByText('None')).toBeInTheDocument();
  });

  it('keeps a failure to itself: no toast, nothing shown', async () => {
    const api = fakeApi().on('GET', '/client/upcomingbookings', { status: 503, body: { message: 'Down' } });
    signedInAs(api, aClientMe('Viewer'));
    renderApp('/c/dashboard');
    const header = await screen.findByRole('banner');
    await waitFor(() => expect(api.callsTo('GET', '/client/upcomingbookings').length).toBeGreaterThan(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(header).queryByRole('group', { name: 'Next event' })).not.toBeInTheDocument();
    expect(shownToasts().map((toast) => toast.title)).not.toContain('Down');
  });

  it('is not in the admin area', async () => {
    const api = fakeApi();
    signedInAs(api, anAdminMe());
    renderApp('/admin');
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('group', { name: 'Next event' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/client/upcomingbookings')).toHaveLength(0);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import { rolesAttrFor, type ClientRole } from '@shared/roles';
import { Providers } from '@web/App';
import { aClientMe, aPackage, signedInAs } from '@web/test/builders';
import { fakeApi } from '@web/test/fakeApi';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import { PanelHost } from '../venues/panels/PanelHost';
import { aCalendarAccount, aVenue, venuesApi } from '../venues/testData';
import { aPopup, receive, stubOpen } from '@web/test/popup';

const hall = aVenue(1, 'Hall A');
const accountsPath = `/client/calendar/accounts/${hall.id}`;
const linkPath = `/client/calendar/auth/${hall.id}`;
const ada = aCalendarAccount(1, 'ada@example.com', hall, ['Bookings', 'Team']);
const grace = aCalendarAccount(2, 'grace@contoso.com', hall, ['Calendar'], { provider: 'microsoft' });

/** The venue panel opened from its card, read-only, and its linked calendars section. */
async function openHall() {
  const view = renderApp('/c/venues');
  await view.user.click(await screen.findByRole('button', { name: 'Hall A' }));
  const panel = await screen.findByRole('dialog', { name: 'Edit venue' });
  const section = await within(panel).findByRole('region', { name: 'Linked calendars' });
  return { ...view, panel, section: within(section) };
}

/** The opened popup's URL, name and features. */
function opened(open: ReturnType<typeof stubOpen>, call = 0) {
  const [url, name, features] = open.mock.calls[call]!;
  return { url: new URL(String(url), window.location.origin), name, features };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('linked calendars: linking', () => {
  it("links a Google account from the venue's details: the popup, the code posted form-encoded, the account listed", async () => {
    const api = venuesApi('Account Admin', { venues: [hall] })
      .on('GET', accountsPath, { body: { result: [] } }, { body: { result: [ada] } })
      .ok('POST', linkPath, ada, 'Calendar account linked');
    const popup = aPopup();
    const open = stubOpen(popup);
    const { section, user } = await openHall();
    expect(await section.findByText('No calendar account linked yet.')).toBeInTheDocument();
    // Not behind Edit: the read-only panel has the buttons.
    const google = await section.findByRole('button', { name: 'Link Google calendar' });
    expect(section.getByRole('button', { name: 'Link Microsoft calendar' })).toBeInTheDocument();

    await user.click(google);
    expect(open).toHaveBeenCalledTimes(1);
    const { url, name, features } = opened(open);
    expect(url.origin).toBe(window.location.origin);
    expect(url.pathname).toBe('/calendar/google/proxy');
    expect(name).toBe('spaces-calendar-link');
    expect(features).toMatch(/^popup,width=400,height=400,left=-?\d+,top=-?\d+$/);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toEqual({
      response_type: 'code',
      client_id: 'google-calendar-client',
      scope: 'openid email https://www.googleapis.com/auth/calendar',
      access_type: 'offline',
      prompt: 'consent',
      redirect_uri: 'http://localhost:3000/calendar/google',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
    // What the proxy and return pages check.
    expect(JSON.parse(localStorage.getItem('calendar.link')!)).toEqual({
      state: query.state,
      provider: 'google',
      endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
    expect(await section.findByRole('button', { name: 'Linking Google calendar' })).toBeDisabled();
    expect(section.getByRole('button', { name: 'Link Microsoft calendar' })).toBeDisabled();

    receive({ provider: 'google', code: 'the-code' });
    expect(await screen.findByText('Calendar account linked')).toBeInTheDocument();
    const [call] = api.callsTo('POST', linkPath);
    expect(call!.contentType).toBe('application/x-www-form-urlencoded');
    expect(call!.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(call!.body as URLSearchParams)).toEqual({
      token: 'the-code',
      provider: 'google',
    });
    expect(call!.token).toBe('token-1');

    const list = within(await section.findByRole('list'));
    expect(list.getByText('ada@example.com')).toBeInTheDocument();
    expect(list.getByText('Google · 2 calendars')).toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Link Google calendar' })).toBeEnabled();
  });

  it('asks Microsoft for its own scope, with no extra parameters', async () => {
    venuesApi('Account Admin', { venues: [hall] });
    const open = stubOpen();
    const { section } = await openHall();
    await act(async () => (await section.findByRole('button', { name: 'Link Microsoft calendar' })).click());
    const { url } = opened(open);
    expect(url.pathname).toBe('/calendar/microsoft/proxy');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'microsoft-calendar-client',
      scope: 'openid email offline_access Calendars.ReadWrite',
      redirect_uri: 'http://localhost:3000/calendar/microsoft',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('offers only the providers the API configures', async () => {
    venuesApi('Account Admin', { venues: [hall] }).ok('GET', '/client/calendar/providers', {
      providers: [
        {
          provider: 'microsoft',
          authorization_endpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
          client_id: 'm',
          scope: 's',
          extra: {},
        },
      ],
    });
    const { section } = await openHall();
    expect(await section.findByRole('button', { name: 'Link Microsoft calendar' })).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Link Google calendar' })).not.toBeInTheDocument();
  });

  it("refuses a message from another origin with 'Event from unknown source', and links nothing", async () => {
    const api = venuesApi('Account Admin', { venues: [hall] }).ok('POST', linkPath, ada);
    const popup = aPopup();
    stubOpen(popup);
    const { section } = await openHall();
    await act(async () => (await section.findByRole('button', { name: 'Link Google calendar' })).click());

    receive({ provider: 'google', code: 'stolen-code' }, 'https://evil.example');
    expect(await screen.findByText('Event from unknown source')).toBeInTheDocument();
    expect(popup.close).toHaveBeenCalled();
    // The attempt is over: a code arriving later is not used either.
    receive({ provider: 'google', code: 'late-code' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('POST', linkPath)).toHaveLength(0);
    expect(section.getByRole('button', { name: 'Link Google calendar' })).toBeEnabled();
  });

  it("toasts the provider's refusal from the popup, and the API's", async () => {
    const api = venuesApi('Account Admin', { venues: [hall] }).on('POST', linkPath, {
      status: 503,
      body: { message: 'Google did not answer. Try again later' },
    });
    stubOpen();
    const { section } = await openHall();
    const google = await section.findByRole('button', { name: 'Link Google calendar' });
    await act(() => google.click());
    receive({ provider: 'google', error: 'access_denied' });
    expect(await screen.findByText('access_denied')).toBeInTheDocument();
    expect(api.callsTo('POST', linkPath)).toHaveLength(0);

    await act(async () => (await section.findByRole('button', { name: 'Link Google calendar' })).click());
    receive({ provider: 'google', code: 'the-code' });
    expect(await screen.findByText('Google did not answer. Try again later')).toBeInTheDocument();
    expect(await section.findByRole('button', { name: 'Link Google calendar' })).toBeEnabled();
  });
});

describe('linked calendars: the list', () => {
  it("says 'Reconnect needed' with the reason, and reconnects through the provider's popup", async () => {
    const withdrawn = {
      ...ada,
      status: 'Reconnect needed' as const,
      status_reason: 'Google withdrew access on 3 Nov 2026',
    };
    venuesApi('Account Admin', { venues: [hall] }).ok('GET', accountsPath, [withdrawn, grace]);
    const open = stubOpen();
    const { section } = await openHall();
    const items = within(await section.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items.map((item) => within(item));
    expect(first!.getByText('Reconnect needed')).toBeInTheDocument();
    expect(first!.getByText('Google withdrew access on 3 Nov 2026')).toBeInTheDocument();
    expect(second!.getByText('Microsoft · 1 calendar')).toBeInTheDocument();
    expect(second!.queryByText('Reconnect needed')).not.toBeInTheDocument();
    expect(second!.queryByRole('button', { name: /Reconnect/ })).not.toBeInTheDocument();

    await act(() => first!.getByRole('button', { name: 'Reconnect ada@example.com' }).click());
    const { url } = opened(open);
    expect(url.pathname).toBe('/calendar/google/proxy');
    expect(url.searchParams.get('login_hint')).toBe('ada@example.com');
    expect(url.searchParams.get('access_type')).toBe('offline');
  });

  it('removes an account only once the question is answered Yes', async () => {
    const api = venuesApi('Account Admin', { venues: [hall] })
      .on('GET', accountsPath, { body: { result: [ada, grace] } }, { body: { result: [grace] } })
      .ok('POST', `/client/calendar/remove/${ada.id}`, null, 'Third-party account removed');
    const { section, user } = await openHall();
    await section.findByText('ada@example.com');

    await user.click(section.getByRole('button', { name: 'Remove ada@example.com' }));
    let question = await screen.findByRole('alertdialog');
    expect(
      within(question).getByText(
        'By removing the linked account no newly created bookings will be synced. Proceed?',
      ),
    ).toBeInTheDocument();
    await user.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/client/calendar/remove/${ada.id}`)).toHaveLength(0);
    expect(section.getByText('ada@example.com')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Remove ada@example.com' }));
    question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(shownToasts('success')).toEqual([{ title: 'Third-party account removed', description: null }]),
    );
    expect(api.callsTo('POST', `/client/calendar/remove/${ada.id}`)).toHaveLength(1);
    await waitFor(() => expect(section.queryByText('ada@example.com')).not.toBeInTheDocument());
    expect(section.getByText('grace@contoso.com')).toBeInTheDocument();
  });
});

describe('linked calendars: who sees them', () => {
  it('shows a Venue Manager the section on a venue they are approved on, not on one they are denied', async () => {
    const denied = aVenue(3, 'Denied Hall', { permission: 'Denied' });
    const api = venuesApi('Venue Manager', { venues: [hall, denied] });
    const { user, section } = await openHall();
    expect(await section.findByRole('button', { name: 'Link Google calendar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Denied Hall' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit venue' });
    await within(panel).findByText('Denied Hall');
    expect(within(panel).queryByRole('region', { name: 'Linked calendars' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/client/calendar/accounts/${denied.id}`)).toHaveLength(0);
  });

  it("shows nothing of them when the account's package has no third-party integration", async () => {
    const api = venuesApi('Account Admin', { venues: [hall] }).ok('GET', '/client/mypackage', {
      ...aPackage,
      third_party_integration: 'No',
    });
    const { user } = renderApp('/c/venues');
    await user.click(await screen.findByRole('button', { name: 'Hall A' }));
    const panel = await screen.findByRole('dialog', { name: 'Edit venue' });
    // The rest of the panel is there (its managers come after where the calendars would be).
    expect(await within(panel).findByRole('region', { name: 'Venue managers' })).toBeInTheDocument();
    expect(within(panel).queryByRole('region', { name: 'Linked calendars' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Link / })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/client/calendar/'))).toEqual([]);
  });

  it.each<ClientRole>(['Event Coordinator', 'Viewer'])('shows a %s a venue without them', async (role) => {
    // Neither lists venues; a venue's panel opened for them anyway has no linked calendars.
    const api = fakeApi();
    signedInAs(api, aClientMe(role));
    api.ok('GET', '/client/venue_types', []).ok('GET', '/client/calendar/providers', {
      providers: [],
    });
    render(
      <Providers cache={() => new Map()}>
        <PanelHost
          access={{ role, attrs: rolesAttrFor(role) }}
          panel={{ kind: 'venue', venue: hall, editing: false }}
          setPanel={() => undefined}
        />
      </Providers>,
    );
    const panel = await screen.findByRole('dialog', { name: 'Edit venue' });
    expect(await within(panel).findByText('Hall A')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/client/mypackage')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(panel).queryByRole('region', { name: 'Linked calendars' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Link / })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/client/calendar/'))).toEqual([]);
  });
});

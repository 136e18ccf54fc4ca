import { screen, waitFor } from '@testing-library/react';
import type { SocialProvider } from '@shared/social';
import { navigate, type StoredAttempt } from '../../auth/popup';
import { popupFlows, type PopupFlowName } from '../../auth/popupFlows';
import { fakeApi } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const endpoint = 'http://127.0.0.1:9229/oauth2/authorize';
const googleCalendarEndpoint = 'https://accounts.google.com/o/oauth2/v2/auth';
const { signIn, calendar } = popupFlows;

/** An attempt as the login page (or, for `calendar`, a venue's panel) stores it. */
function storeAttempt(overrides: Partial<StoredAttempt> = {}, flow: PopupFlowName = 'signIn') {
  const attempt: StoredAttempt = {
    state: 'state-1',
    provider: 'google',
    ...(flow === 'signIn' ? { area: 'client' as const } : {}),
    endpoint: flow === 'signIn' ? endpoint : googleCalendarEndpoint,
    ...overrides,
  };
  localStorage.setItem(popupFlows[flow].key, JSON.stringify(attempt));
}

/** The login page behind the popup, as window.opener. */
function anOpener() {
  const opener = { closed: false, postMessage: vi.fn() };
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  return opener;
}

afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
  vi.restoreAllMocks();
});

describe('the proxy page', () => {
  it.each<SocialProvider>(['google', 'facebook', 'microsoft', 'linkedin'])(
    'forwards the %s popup to the broker with the same query string',
    async (provider) => {
      fakeApi();
      const replace = vi.spyOn(navigate, 'replace').mockImplementation(() => undefined);
      storeAttempt({ provider });
      const query = `?response_type=code&client_id=c1&state=state-1&scope=openid+email&identity_provider=X`;
      renderApp(`/auth/${provider}/proxy${query}`);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`${endpoint}${query}`));
      expect(replace).toHaveBeenCalledTimes(1);
    },
  );

  it.each([
    ['nothing was stored', () => undefined],
    ['the state is not the stored one', () => storeAttempt({ state: 'another-state' })],
    ['the attempt was for another provider', () => storeAttempt({ provider: 'facebook' })],
    ['the stored endpoint is not a web address', () => storeAttempt({ endpoint: 'javascript:alert(1)' })],
  ])('goes nowhere when %s, and says why', async (_case, arrange) => {
    fakeApi();
    const replace = vi.spyOn(navigate, 'replace').mockImplementation(() => undefined);
    arrange();
    renderApp('/auth/google/proxy?response_type=code&state=state-1');
    expect(await screen.findByRole('heading', { name: 'Google sign-in', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('This sign-in window was not opened from the Spaces login page.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });
});

describe('the return page', () => {
  it('posts the code to the login page, for its own origin only, then forgets the attempt and closes', async () => {
    fakeApi();
    const opener = anOpener();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt({ provider: 'microsoft' });
    renderApp('/auth/microsoft?code=the-code&state=state-1');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'microsoft', code: 'the-code' },
      window.location.origin,
    );
    expect(window.location.origin).toBe('http://localhost:3000');
    expect(localStorage.getItem(signIn.key)).toBeNull();
    expect(document.title).toBe('Spaces | Microsoft sign-in');
  });

  it.each([
    ['another state', '?code=the-code&state=forged'],
    ['no state', '?code=the-code'],
  ])('never posts the code with %s', async (_case, query) => {
    fakeApi();
    const opener = anOpener();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt();
    renderApp(`/auth/google${query}`);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'google', error: signIn.mismatch },
      window.location.origin,
    );
  });

  it('never posts the code when the stored attempt was for another provider', async () => {
    fakeApi();
    const opener = anOpener();
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt({ provider: 'google' });
    renderApp('/auth/facebook?code=the-code&state=state-1');
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'facebook', error: signIn.mismatch },
      window.location.origin,
    );
  });

  it("passes the provider's error on", async () => {
    fakeApi();
    const opener = anOpener();
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt();
    renderApp(
      `/auth/google?error=access_denied&error_description=${encodeURIComponent('User cancelled')}&state=state-1`,
    );
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'google', error: 'User cancelled' },
      window.location.origin,
    );
  });

  it('opened by hand, says where sign-in starts and links to the login page', async () => {
    fakeApi();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt({ area: 'admin' });
    const { user, location } = renderApp('/auth/google?code=the-code&state=state-1');
    expect(
      await screen.findByText('This page finishes a sign-in started on the Spaces login page.'),
    ).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    await user.click(screen.getByRole('link', { name: 'Go to the login page' }));
    await waitFor(() => expect(location()).toBe('/admin/login'));
  });
});

describe('the calendar-linking pages', () => {
  it.each(['google', 'microsoft'] as const)(
    "forward the %s popup to the provider's authorization endpoint with the same query string",
    async (provider) => {
      fakeApi();
      const replace = vi.spyOn(navigate, 'replace').mockImplementation(() => undefined);
      const providerEndpoint =
        provider === 'google'
          ? googleCalendarEndpoint
          : 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize';
      storeAttempt({ provider, endpoint: providerEndpoint }, 'calendar');
      const query = `?response_type=code&client_id=cal-client&scope=calendar&state=state-1&redirect_uri=x`;
      renderApp(`/calendar/${provider}/proxy${query}`);
      await waitFor(() => expect(replace).toHaveBeenCalledWith(`${providerEndpoint}${query}`));
      expect(document.title).toBe(`Spaces | ${provider === 'google' ? 'Google' : 'Microsoft'} calendar`);
    },
  );

  it.each([
    ['nothing was stored', () => undefined],
    ['the state is not the stored one', () => storeAttempt({ state: 'another-state' }, 'calendar')],
    ['only a sign-in attempt was stored', () => storeAttempt({}, 'signIn')],
  ])('go nowhere when %s, and say why', async (_case, arrange) => {
    fakeApi();
    const replace = vi.spyOn(navigate, 'replace').mockImplementation(() => undefined);
    arrange();
    renderApp('/calendar/google/proxy?response_type=code&state=state-1');
    expect(await screen.findByRole('heading', { name: 'Google calendar', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText("This window was not opened from a venue's linked calendars in Spaces."),
    ).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
  });

  it('posts the code to the venue panel, for its own origin only, then forgets the attempt and closes', async () => {
    fakeApi();
    const opener = anOpener();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt({ provider: 'microsoft' }, 'calendar');
    renderApp('/calendar/microsoft?code=calendar-code&state=state-1');
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'microsoft', code: 'calendar-code' },
      'http://localhost:3000',
    );
    expect(localStorage.getItem(calendar.key)).toBeNull();
  });

  it.each([
    ['another state', '?code=the-code&state=forged', () => storeAttempt({}, 'calendar')],
    ['no state', '?code=the-code', () => storeAttempt({}, 'calendar')],
    ['a sign-in attempt stored instead', '?code=the-code&state=state-1', () => storeAttempt({}, 'signIn')],
  ])('never post the code with %s', async (_case, query, arrange) => {
    fakeApi();
    const opener = anOpener();
    vi.spyOn(window, 'close').mockImplementation(() => undefined);
    arrange();
    renderApp(`/calendar/google${query}`);
    await waitFor(() => expect(opener.postMessage).toHaveBeenCalled());
    expect(opener.postMessage).toHaveBeenCalledTimes(1);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { provider: 'google', error: 'The calendar account could not be confirmed. Please try again' },
      window.location.origin,
    );
  });

  it('opened by hand, say where linking starts and link to the venues', async () => {
    fakeApi();
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    storeAttempt({}, 'calendar');
    renderApp('/calendar/google?code=the-code&state=state-1');
    expect(
      await screen.findByText(
        "This page finishes linking a calendar account started on a venue's panel in Spaces.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the venues' })).toHaveAttribute('href', '/c/venues');
    expect(close).not.toHaveBeenCalled();
  });
});

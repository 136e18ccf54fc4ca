import { act, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { sessionStore } from '../auth/session';
import { ProgressBar } from '../components/ProgressBar';
import { fakeApi } from '../test/fakeApi';
import { ApiError, REQUEST_TIMEOUT_MS, request as send, type RequestOptions } from './client';

type Options = Omit<RequestOptions, 'method' | 'body'>;
/** The fetch client's GET (the result alone) and POST (the whole reply), as the route calls use it. */
const api = {
  get: (path: string, options?: Options) =>
    send(path, { ...options, method: 'GET' }).then((reply) => reply.result),
  post: (path: string, body?: unknown, options?: Options) => send(path, { ...options, method: 'POST', body }),
};

function signIn(area: 'client' | 'admin', token = 'old-token') {
  localStorage.setItem('auth.token', token);
  localStorage.setItem('auth.area', area);
  sessionStore.reload();
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected the request to fail');
  return error;
}

describe('the fetch client', () => {
  beforeEach(() => {
    render(<Toaster />);
  });

  it('sends the bearer token and unwraps the result', async () => {
    const fake = fakeApi().ok('GET', '/client/timezones', ['Europe/Paris']);
    signIn('client', 'tok-9');
    await expect(api.get('/client/timezones')).resolves.toEqual(['Europe/Paris']);
    expect(fake.calls[0]?.token).toBe('tok-9');
  });

  it('sends a body as JSON, and a URLSearchParams form-encoded', async () => {
    const fake = fakeApi().ok('POST', '/client/newvenue', null).ok('POST', '/client/calendar/auth/v1', null);
    await api.post('/client/newvenue', { name: 'Pier Hall' });
    await api.post('/client/calendar/auth/v1', new URLSearchParams({ token: 'a+b c', provider: 'google' }));
    expect(fake.calls.map((call) => call.contentType)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(fake.calls[0]!.body).toEqual({ name: 'Pier Hall' });
    expect(String(fake.calls[1]!.body)).toBe('token=a%2Bb+c&provider=google');
  });

  it('shows the server message when it is a string', async () => {
    fakeApi().on('POST', '/admin/amenities', { status: 409, body: { message: 'Amenity exists' } });
    await failureOf(api.post('/admin/amenities', { title: 'Wi-Fi' }));
    expect(await screen.findByText('Amenity exists')).toBeInTheDocument();
  });

  it('shows the first field message when the message is an object', async () => {
    fakeApi().on('POST', '/admin/amenities', {
      status: 422,
      body: { message: { title: 'Field is required', status: 'Invalid value' } },
    });
    const error = await failureOf(api.post('/admin/amenities', {}));
    expect(await screen.findByText('Field is required')).toBeInTheDocument();
    expect(screen.queryByText('Invalid value')).not.toBeInTheDocument();
    expect(error.fields).toEqual({ title: 'Field is required', status: 'Invalid value' });
  });

  it("shows the client's own message when the answer carries none", async () => {
    fakeApi().on('GET', '/client/me', { status: 502, body: '<html>Bad gateway</html>' });
    await failureOf(api.get('/client/me'));
    expect(await screen.findByText('Request failed with status 502')).toBeInTheDocument();
  });

  it("shows 'Network error' when no answer arrives", async () => {
    fakeApi().on('GET', '/client/me', { networkError: true });
    await failureOf(api.get('/client/me'));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
  });

  it("shows 'Network error' and keeps the session when the browser cancels a request", async () => {
    fakeApi().on('GET', '/client/me', { aborted: true });
    signIn('client', 'tok-1');
    const error = await failureOf(api.get('/client/me'));
    expect(error.status).toBeNull();
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(localStorage.getItem('auth.token')).toBe('tok-1');
  });

  it("gives up after 30 s without an answer with 'Network error' and keeps the session", async () => {
    vi.useFakeTimers();
    const fake = fakeApi().on('GET', '/client/me', { hang: true });
    signIn('client', 'tok-1');
    const failure = failureOf(api.get('/client/me'));
    await act(() => vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1));
    expect(fake.calls).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect((await failure).message).toBe('Network error');
    await act(() => vi.advanceTimersByTimeAsync(10)); // sonner shows a toast on its next tick
    expect(screen.getByText('Network error')).toBeInTheDocument();
    expect(sessionStore.get().session?.token).toBe('tok-1');
  });

  it('keeps the session on a 5xx', async () => {
    fakeApi().on('GET', '/client/me', { status: 503, body: { message: 'Service Unavailable' } });
    signIn('client', 'tok-1');
    const error = await failureOf(api.get('/client/me'));
    expect(error.status).toBe(503);
    expect(await screen.findByText('Service Unavailable')).toBeInTheDocument();
    expect(localStorage.getItem('auth.token')).toBe('tok-1');
  });

  it('toasts nothing for requests that fail while the page is being left', async () => {
    fakeApi()
      .on('GET', '/client/me', { networkError: true })
      .on('GET', '/client/mypackage', { aborted: true });
    signIn('client', 'tok-1');
    window.dispatchEvent(new Event('pagehide'));
    try {
      await failureOf(api.get('/client/me'));
      await failureOf(api.get('/client/mypackage'));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByText('Network error')).not.toBeInTheDocument();
      expect(localStorage.getItem('auth.token')).toBe('tok-1');
    } finally {
      window.dispatchEvent(new Event('pageshow'));
    }
    // Shown again (back/forward cache): failures are toasted again.
    await failureOf(api.get('/client/me'));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
  });

  it('stays quiet when the caller shows the error itself', async () => {
    fakeApi().on('POST', '/client/auth/reset', { status: 400, body: { message: 'Invalid token' } });
    await failureOf(api.post('/client/auth/reset', {}, { toastErrors: false }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Invalid token')).not.toBeInTheDocument();
  });

  it('logs a super admin out on 401', async () => {
    fakeApi().on('GET', '/admin/amenities', { status: 401, body: { message: 'Unauthorized' } });
    signIn('admin');
    const error = await failureOf(api.get('/admin/amenities'));
    expect(error.status).toBe(401);
    expect(sessionStore.get()).toEqual({ session: null, reason: 'expired' });
    expect(localStorage.getItem('auth.token')).toBeNull();
  });

  it('refreshes a client token once on 401 and repeats the request', async () => {
    const fake = fakeApi()
      .on(
        'GET',
        '/client/aboutMe',
        { status: 401, body: { message: 'Token expired' } },
        { body: { result: { totals: null } } },
      )
      .ok('POST', '/client/auth/refresh', {
        access_token: 'new-token',
        token_type: 'bearer',
        expires_in: 3600,
      });
    signIn('client');
    await expect(api.get('/client/aboutMe')).resolves.toEqual({ totals: null });
    expect(fake.callsTo('GET', '/client/aboutMe').map((c) => c.token)).toEqual(['old-token', 'new-token']);
    expect(localStorage.getItem('auth.token')).toBe('new-token');
  });

  it('keeps the session when the refresh after a 401 gets no answer', async () => {
    fakeApi()
      .on('GET', '/client/aboutMe', { status: 401, body: { message: 'Token expired' } })
      .on('POST', '/client/auth/refresh', { networkError: true });
    signIn('client');
    const error = await failureOf(api.get('/client/aboutMe'));
    expect(error.message).toBe('Network error');
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(localStorage.getItem('auth.token')).toBe('old-token');
  });

  it('logs a client out when the refresh fails too', async () => {
    fakeApi()
      .on('GET', '/client/aboutMe', { status: 401, body: { message: 'Token expired' } })
      .on('POST', '/client/auth/refresh', { status: 401, body: { message: 'No session' } });
    signIn('client');
    await failureOf(api.get('/client/aboutMe'));
    expect(sessionStore.get().session).toBeNull();
    expect(localStorage.getItem('auth.token')).toBeNull();
  });
});

describe('the progress bar', () => {
  it('shows while a request is in flight and hides 300 ms after the last one ends', async () => {
    vi.useFakeTimers();
    let answer!: () => void;
    fakeApi().on('GET', '/client/timezones', {
      until: new Promise<void>((resolve) => (answer = resolve)),
      body: { result: [] },
    });
    render(<ProgressBar />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    let request!: Promise<unknown>;
    act(() => {
      request = api.get('/client/timezones');
    });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();

    await act(async () => {
      answer();
      await request;
    });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('stays while another request is still running', async () => {
    vi.useFakeTimers();
    let answerSlow!: () => void;
    fakeApi()
      .ok('GET', '/client/amenities', [])
      .on('GET', '/client/timezones', {
        until: new Promise<void>((resolve) => (answerSlow = resolve)),
        body: { result: [] },
      });
    render(<ProgressBar />);
    let slow!: Promise<unknown>;
    await act(async () => {
      slow = api.get('/client/timezones');
      await api.get('/client/amenities');
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await act(async () => {
      answerSlow();
      await slow;
    });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

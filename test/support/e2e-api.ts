import { inject } from 'vitest';
import { API_BASE } from '@shared/api/routes';
import { signInWithCode } from './second-factor';

/**
 * The API under an end-to-end test, for setting a scene and checking what the browser did:
 * a request that must succeed (its `result`), and a sign-in (its access token).
 */

/** One request to the API under test; answers its `result`, and fails the test on any other status than 200. */
export async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${inject('baseUrl')}${API_BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = { status: response.status, body: await response.json() };
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body.result;
}

/**
 * The access token of a user of an area, signed in with e-mail and password, and with a code from
 * their authenticator app when asked (every super admin).
 */
export async function signIn(area: 'client' | 'admin', user: { email: string; password: string }) {
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${inject('baseUrl')}${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  const answer = await signInWithCode(post, area, user.email, user.password);
  return (answer.body as { result: { access_token: string } }).result.access_token;
}

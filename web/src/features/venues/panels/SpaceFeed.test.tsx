import { screen, waitFor, within } from '@testing-library/react';
import type { ClientRole } from '@shared/roles';
import type { Space } from '@shared/schemas/venues';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import { aSpace, aVenue, venuesApi } from '../testData';

const hall = aVenue(1, 'Hall A');
const roomA = aSpace(1, 'Room A', hall);
const feedPath = `/client/space/${roomA.id}/calendarFeed`;
const oldUrl = 'https://spaces.example.com/api/v1/ical/aaaaaaaaaaaaaaaaaaaaaaaa.ics';
const newUrl = 'https://spaces.example.com/api/v1/ical/bbbbbbbbbbbbbbbbbbbbbbbb.ics';

/**
 * The spaces list with `space` on it, signed in as `role`: the space's URL answers `oldUrl`, its
 * coordinator lists (under the details of one who may edit it) are empty.
 */
function feedApi(role: ClientRole, space: Space = roomA) {
  return venuesApi(role, { spaces: [space] })
    .ok('GET', `/client/space/${space.id}/calendarFeed`, { url: oldUrl })
    .ok('GET', `/client/eventcoordinators/${space.id}`, [])
    .ok('GET', `/client/availablecoordinator/${space.id}`, []);
}

/** Opens the space's read-only panel from its card. */
async function openSpace(title = 'Room A') {
  const app = renderApp('/c/venues?list=spaces');
  const card = await screen.findByRole('article', { name: title });
  await app.user.click(within(card).getByRole('button', { name: title }));
  const panel = within(await screen.findByRole('dialog', { name: 'Edit Space' }));
  return { ...app, panel };
}

/** The URL field of the panel, once loaded. */
const urlField = async (panel: ReturnType<typeof within>) =>
  (await panel.findByRole('textbox', { name: 'Calendar subscription URL' })) as HTMLInputElement;

describe('space panel: calendar subscription', () => {
  it('shows the space’s URL, read-only, with what it is for', async () => {
    const api = feedApi('Account Admin');
    const { panel } = await openSpace();
    expect(panel.getByRole('heading', { name: 'Calendar subscription' })).toBeInTheDocument();
    const field = await urlField(panel);
    expect(field).toHaveValue(oldUrl);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(
      "Subscribe to this space's bookings in Google Calendar, Outlook or Apple Calendar. Anyone with the URL can see the bookings.",
    );
    expect(api.callsTo('GET', feedPath)).toHaveLength(1);
  });

  it('copies the URL to the clipboard and says so', async () => {
    feedApi('Account Admin');
    const { panel, user } = await openSpace();
    await urlField(panel);
    await user.click(panel.getByRole('button', { name: 'Copy URL' }));
    expect(await navigator.clipboard.readText()).toBe(oldUrl);
    await waitFor(() => expect(shownToasts('success')).toEqual([{ title: 'URL copied', description: null }]));
  });

  it('selects the URL for copying by hand when the clipboard refuses', async () => {
    feedApi('Account Admin');
    const { panel, user } = await openSpace();
    const field = await urlField(panel);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await user.click(panel.getByRole('button', { name: 'Copy URL' }));
    await waitFor(() => expect(field).toHaveFocus());
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, oldUrl.length]);
    expect(shownToasts()).toEqual([]);
  });

  it('resets the URL after asking, showing the new one', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const api = feedApi('Venue Manager').on('POST', feedPath, {
      until: held,
      body: { result: { url: newUrl }, message: 'Calendar feed URL replaced' },
    });
    const { panel, user } = await openSpace();
    await urlField(panel);

    await user.click(panel.getByRole('button', { name: 'Reset URL' }));
    const question = await screen.findByRole('alertdialog', { name: 'Confirm' });
    expect(question).toHaveAccessibleDescription(
      'Reset the URL? Calendars subscribed with the current URL stop updating.',
    );
    await user.click(within(question).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', feedPath)).toHaveLength(0);

    await user.click(panel.getByRole('button', { name: 'Reset URL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('POST', feedPath)).toHaveLength(1));
    expect(panel.getByRole('button', { name: 'Copy URL' })).toBeDisabled();
    expect(panel.getByRole('button', { name: /Resetting/ })).toBeDisabled();

    answer();
    await waitFor(() =>
      expect(panel.getByRole('textbox', { name: 'Calendar subscription URL' })).toHaveValue(newUrl),
    );
    expect(panel.getByRole('button', { name: 'Reset URL' })).toBeEnabled();
    await waitFor(() =>
      expect(shownToasts('success')).toEqual([{ title: 'Calendar feed URL replaced', description: null }]),
    );
    expect(api.callsTo('GET', feedPath)).toHaveLength(1);
  });

  it('toasts a failed reset and keeps the URL', async () => {
    feedApi('Account Admin').on('POST', feedPath, { status: 500, body: { message: 'Something went wrong' } });
    const { panel, user } = await openSpace();
    await urlField(panel);
    await user.click(panel.getByRole('button', { name: 'Reset URL' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(shownToasts('error')).toEqual([{ title: 'Something went wrong', description: null }]),
    );
    expect(panel.getByRole('textbox', { name: 'Calendar subscription URL' })).toHaveValue(oldUrl);
    expect(panel.getByRole('button', { name: 'Reset URL' })).toBeEnabled();
  });

  it.each([
    ['an Event Coordinator', 'Event Coordinator' as const, roomA],
    [
      'a Venue Manager not approved on it',
      'Venue Manager' as const,
      aSpace(2, 'Room A', hall, { permission: 'Denied' }),
    ],
  ])('is not drawn, nor asked for, for %s', async (_, role, space) => {
    const api = feedApi(role, space);
    const { panel } = await openSpace();
    expect(await panel.findByText('Floor 1')).toBeInTheDocument();
    expect(panel.queryByRole('heading', { name: 'Calendar subscription' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', `/client/space/${space.id}/calendarFeed`)).toHaveLength(0);
  });

  it('hides quietly when the API refuses it', async () => {
    const api = feedApi('Venue Manager').on('GET', feedPath, { status: 403, body: { message: 'Forbidden' } });
    const { panel } = await openSpace();
    await waitFor(() => expect(api.callsTo('GET', feedPath)).toHaveLength(1));
    await waitFor(() =>
      expect(panel.queryByRole('heading', { name: 'Calendar subscription' })).not.toBeInTheDocument(),
    );
    expect(panel.getByText('Floor 1')).toBeInTheDocument();
    expect(shownToasts()).toEqual([]);
  });

  it('toasts another failure to load, and says the URL could not be loaded', async () => {
    feedApi('Account Admin').on('GET', feedPath, { status: 500, body: { message: 'Something went wrong' } });
    const { panel } = await openSpace();
    expect(await panel.findByText('The URL could not be loaded.')).toBeInTheDocument();
    await waitFor(() =>
      expect(shownToasts('error')).toEqual([{ title: 'Something went wrong', description: null }]),
    );
    expect(panel.queryByRole('button', { name: 'Reset URL' })).not.toBeInTheDocument();
  });
});

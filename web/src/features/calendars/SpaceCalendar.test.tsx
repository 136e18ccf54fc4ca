import { screen, waitFor, within } from '@testing-library/react';
import type { ClientRole } from '@shared/roles';
import type { Space } from '@shared/schemas/venues';
import { aPackage } from '@web/test/builders';
import { renderApp } from '@web/test/renderApp';
import { shownToasts } from '@web/test/toasts';
import { aCalendarAccount, aSpace, availableCalendarsOf, aVenue, venuesApi } from '../venues/testData';

const hall = aVenue(1, 'Hall A');
const ada = aCalendarAccount(1, 'ada@example.com', hall, ['Bookings', 'Team']);
const grace = aCalendarAccount(2, 'grace@contoso.com', hall, ['Calendar'], { provider: 'microsoft' });
const roomA = aSpace(1, 'Room A', hall);
const syncedRoom = aSpace(2, 'Room B', hall, {
  calendar_account_id: ada.id,
  calendar_id: ada.calendars[1]!.id,
  calendar_title: 'Team',
});
const availablePath = `/client/calendar/available/${hall.id}`;

/** The venues area's spaces with `space` on them, the venue's calendars answered. */
function spacesApi(role: ClientRole, space: Space, accounts = [ada, grace]) {
  return venuesApi(role, { venues: [hall], spaces: [space] }).ok(
    'GET',
    availablePath,
    availableCalendarsOf(...accounts),
  );
}

/** The space's panel, read-only. */
async function openSpace(title: string) {
  const view = renderApp('/c/venues?list=spaces');
  const card = await screen.findByRole('article', { name: title });
  await view.user.click(within(card).getByRole('button', { name: title }));
  const panel = await screen.findByRole('dialog', { name: 'Edit Space' });
  return { ...view, panel: within(panel) };
}

/** The space's form, from its panel's Edit. */
async function editSpace(title: string) {
  const view = await openSpace(title);
  await view.user.click(view.panel.getByRole('button', { name: 'Edit' }));
  const form = within(await screen.findByRole('form', { name: 'Edit Space' }));
  return { ...view, form };
}

describe('space calendar sync: the form', () => {
  it("syncs a space with a calendar of the venue's accounts, picked by account", async () => {
    const saved = {
      ...roomA,
      calendar_account_id: ada.id,
      calendar_id: ada.calendars[1]!.id,
      calendar_title: 'Team',
    };
    const api = spacesApi('Account Admin', roomA)
      .ok('PUT', `/client/space/${roomA.id}`, saved, 'Space updated')
      // The list follows.
      .on('GET', '/client/allspaces', () => ({
        body: { result: [api.callsTo('PUT', `/client/space/${roomA.id}`).length > 0 ? saved : roomA] },
      }));
    const { form, user } = await editSpace('Room A');
    const sync = form.getByRole('switch', { name: 'Sync third-party calendar' });
    expect(sync).not.toBeChecked();
    expect(form.queryByLabelText(/^Calendar/, { selector: 'select' })).not.toBeInTheDocument();

    await user.click(sync);
    const picker = await form.findByLabelText(/^Calendar/, { selector: 'select' });
    const groups = within(picker).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('label'))).toEqual([
      'Google · ada@example.com',
      'Microsoft · grace@contoso.com',
    ]);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bookings', 'Team']);
    expect(within(groups[1]!).getByRole('option', { name: 'Calendar' })).toBeInTheDocument();

    // Yes needs a calendar.
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Field is required')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/client/space/${roomA.id}`)).toHaveLength(0);

    await user.selectOptions(picker, within(groups[0]!).getByRole('option', { name: 'Team' }));
    await waitFor(() => expect(form.queryByText('Field is required')).not.toBeInTheDocument());
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Space updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/client/space/${roomA.id}`)[0]!.body).toMatchObject({
      title: 'Room A',
      calendar_sync: 'Yes',
      calendar_account_id: ada.id,
      calendar_id: 'ada@example.com/cal-2',
    });
    // The saved space shows read-only with its calendar.
    expect(await screen.findByText('Google · ada@example.com')).toBeInTheDocument();
  });

  it('says to link an account on the venue first when it has none, instead of an empty picker', async () => {
    spacesApi('Venue Manager', roomA, []);
    const { form, user } = await editSpace('Room A');
    await user.click(form.getByRole('switch', { name: 'Sync third-party calendar' }));
    expect(
      await form.findByText('Link a Google or Microsoft account on the venue first.'),
    ).toBeInTheDocument();
    expect(form.queryByLabelText(/^Calendar/, { selector: 'select' })).not.toBeInTheDocument();
  });

  it('sends the sync only when it changes: No unlinks, another field alone leaves it', async () => {
    const api = spacesApi('Account Admin', syncedRoom).ok(
      'PUT',
      `/client/space/${syncedRoom.id}`,
      syncedRoom,
      'Space updated',
    );
    const { form, user, panel } = await editSpace('Room B');
    expect(form.getByRole('switch', { name: 'Sync third-party calendar' })).toBeChecked();
    expect(await form.findByLabelText(/^Calendar/, { selector: 'select' })).toHaveValue(
      `${ada.id}|ada@example.com/cal-2`,
    );
    await user.clear(form.getByLabelText(/Location/));
    await user.type(form.getByLabelText(/Location/), 'Floor 2');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Space updated')).toBeInTheDocument();
    const first = api.callsTo('PUT', `/client/space/${syncedRoom.id}`)[0]!.body as Record<string, unknown>;
    expect(first.location).toBe('Floor 2');
    expect(first).not.toHaveProperty('calendar_sync');

    await user.click(await panel.findByRole('button', { name: 'Edit' }));
    const again = within(await screen.findByRole('form', { name: 'Edit Space' }));
    await user.click(again.getByRole('switch', { name: 'Sync third-party calendar' }));
    expect(again.queryByLabelText(/^Calendar/, { selector: 'select' })).not.toBeInTheDocument();
    await user.click(again.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', `/client/space/${syncedRoom.id}`)).toHaveLength(2));
    const second = api.callsTo('PUT', `/client/space/${syncedRoom.id}`)[1]!.body as Record<string, unknown>;
    expect(second.calendar_sync).toBe('No');
    expect(second).not.toHaveProperty('calendar_account_id');
  });
});

describe('space calendar sync: the details', () => {
  it('shows the synced calendar with its provider and account, and unlinks it', async () => {
    const unlinked = { ...syncedRoom, calendar_account_id: null, calendar_id: null, calendar_title: null };
    const unlinkPath = `/client/calendar/unlink/${syncedRoom.id}`;
    const api = spacesApi('Venue Manager', syncedRoom)
      .ok('POST', unlinkPath, unlinked, 'Third Party unlinked')
      // The list follows.
      .on('GET', '/client/allspaces', () => ({
        body: { result: [api.callsTo('POST', unlinkPath).length > 0 ? unlinked : syncedRoom] },
      }));
    const { panel, user } = await openSpace('Room B');
    const section = within(await panel.findByRole('region', { name: 'Third-party calendar' }));
    expect(section.getByText('Team')).toBeInTheDocument();
    expect(await section.findByText('Google · ada@example.com')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Unlink' }));
    await waitFor(() =>
      expect(shownToasts('success')).toEqual([{ title: 'Third Party unlinked', description: null }]),
    );
    expect(api.callsTo('POST', unlinkPath)).toHaveLength(1);
    expect(await section.findByText('Not synced with a third-party calendar.')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Unlink' })).not.toBeInTheDocument();
  });

  it('gives an Event Coordinator the calendar but no Unlink', async () => {
    const api = spacesApi('Event Coordinator', syncedRoom);
    const { panel } = await openSpace('Room B');
    const section = within(await panel.findByRole('region', { name: 'Third-party calendar' }));
    expect(section.getByText('Team')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'Unlink' })).not.toBeInTheDocument();
    // The venue's calendars are not theirs to read.
    expect(api.callsTo('GET', availablePath)).toHaveLength(0);
  });

  it("shows nothing of it when the account's package has no third-party integration", async () => {
    const api = spacesApi('Account Admin', syncedRoom)
      .ok('GET', '/client/mypackage', { ...aPackage, third_party_integration: 'No' })
      .ok('PUT', `/client/space/${syncedRoom.id}`, syncedRoom, 'Space updated');
    const { panel, user } = await openSpace('Room B');
    expect(await panel.findByText('Floor 1')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/client/mypackage')).toHaveLength(1));
    expect(panel.queryByRole('region', { name: 'Third-party calendar' })).not.toBeInTheDocument();

    await user.click(panel.getByRole('button', { name: 'Edit' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Space' }));
    expect(form.queryByRole('switch', { name: 'Sync third-party calendar' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Space updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/client/space/${syncedRoom.id}`)[0]!.body).not.toHaveProperty('calendar_sync');
    expect(api.calls.filter((call) => call.path.startsWith('/client/calendar/'))).toEqual([]);
  });
});

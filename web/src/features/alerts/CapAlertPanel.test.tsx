import { act, screen, within } from '@testing-library/react';
import type { CapAlert, SpaceCapAlerts } from '@shared/schemas/cap-alerts';
import { CAP_ALERTS_REFRESH_MS } from '../venues/api';
import { renderApp } from '@web/test/renderApp';
import { aSpace, aVenue, venuesApi } from '../venues/testData';

const hall = aVenue(1, 'Hall A');
const roomA = aSpace(1, 'Room A', hall);
const inForcePath = `/client/capAlerts/${roomA.id}`;
const feedA = 'https://alerts.example.com/a.xml';
const feedB = 'https://alerts.example.com/b.xml';
const feedC = 'https://alerts.example.com/c.xml';

function anAlert(overrides: Partial<CapAlert> = {}): CapAlert {
  return {
    id: 'a1',
    identifier: 'NWS-1',
    sender: 'w-nws.webmaster@noaa.gov',
    sent: '2026-12-05T13:00:00Z',
    msg_type: 'Alert',
    language: 'en-US',
    event: 'Flood Warning',
    headline: 'Flood Warning for Leeds until 6 pm',
    severity: 'Severe',
    urgency: 'Immediate',
    certainty: 'Likely',
    description: 'The river is rising.',
    instruction: 'Move to higher ground.',
    area_desc: 'Leeds city centre',
    sender_name: 'Met Office',
    effective: '2026-12-05T14:30:00Z',
    onset: null,
    expires: '2026-12-05T18:00:00Z',
    web: null,
    source_url: feedA,
    ...overrides,
  };
}

function inForce(overrides: Partial<SpaceCapAlerts> = {}): SpaceCapAlerts {
  return { space_id: roomA.id, cap_alert_status: 'Active', alerts: [], feeds: [], ...overrides };
}

/** The spaces list with Room A, its feed settings (read-only unless `role` may edit it), and `answer` in force. */
function capApi(answer: SpaceCapAlerts, role: 'Account Admin' | 'Event Coordinator' = 'Account Admin') {
  return venuesApi(role, { spaces: [roomA] })
    .ok('GET', `/client/capAlertURL/${roomA.id}`, {
      cap_alert_urls: [{ url: feedA }, { url: feedB }, { url: feedC }],
      cap_alert_status: 'Active',
    })
    .ok('GET', inForcePath, answer);
}

async function openAlerts(options?: { fakeTimers: boolean }) {
  const app = renderApp('/c/venues?list=spaces', options);
  await app.user.click(await screen.findByRole('button', { name: 'Alerts of Room A' }));
  const panel = within(await screen.findByRole('dialog', { name: 'CAP Alert | Room A' }));
  return { ...app, panel };
}

describe('CAP alert panel: alerts in force', () => {
  it('lists an alert with its severity in words, area, sender, period and instruction', async () => {
    capApi(inForce({ alerts: [anAlert()] }));
    const { panel } = await openAlerts();
    const list = await panel.findByRole('list', { name: 'Alerts in force' });
    const alert = within(list).getByRole('listitem', { name: 'Flood Warning for Leeds until 6 pm' });
    expect(within(alert).getByText('Severity: Severe')).toBeInTheDocument();
    expect(within(alert).getByText('Flood Warning')).toBeInTheDocument();
    expect(within(alert).getByText('Area: Leeds city centre')).toBeInTheDocument();
    expect(within(alert).getByText('From: Met Office')).toBeInTheDocument();
    // In the browser's zone (the tests run in more than one).
    const local = (iso: string) => {
      const time = new Date(iso);
      const hour = time.getHours() % 12 || 12;
      return `${hour}:${String(time.getMinutes()).padStart(2, '0')}${time.getHours() < 12 ? 'am' : 'pm'}`;
    };
    expect(within(alert).getByText(/^In force: /)).toHaveTextContent(
      new RegExp(
        `Dec, 2026 \\| ${local('2026-12-05T14:30:00Z')} – .*Dec, 2026 \\| ${local('2026-12-05T18:00:00Z')}$`,
      ),
    );
    expect(within(alert).getByText('Move to higher ground.')).toBeInTheDocument();
    // The settings are still above.
    expect(panel.getByDisplayValue(feedA)).toBeInTheDocument();
  });

  it('names the event when there is no headline, and the sender when there is no name', async () => {
    capApi(inForce({ alerts: [anAlert({ headline: null, sender_name: null, severity: 'Minor' })] }));
    const { panel } = await openAlerts();
    const alert = await panel.findByRole('listitem', { name: 'Flood Warning' });
    expect(within(alert).getByText('Severity: Minor')).toBeInTheDocument();
    expect(within(alert).getByText('From: w-nws.webmaster@noaa.gov')).toBeInTheDocument();
  });

  it('says how each feed last read: an error, fine, or not yet', async () => {
    capApi(
      inForce({
        feeds: [
          { url: feedA, checked_at: '2026-12-05T14:00:00Z', read_at: null, error: 'The feed answered 404' },
          { url: feedB, checked_at: '2026-12-05T14:00:00Z', read_at: '2026-12-05T14:00:00Z', error: null },
          { url: feedC, checked_at: null, read_at: null, error: null },
        ],
      }),
      'Event Coordinator',
    );
    const { panel } = await openAlerts();
    expect(await panel.findByText('No alerts in force')).toBeInTheDocument();
    const feeds = within(panel.getByRole('list', { name: 'Feeds' })).getAllByRole('listitem');
    expect(feeds.map((feed) => feed.textContent)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${feedA}Last checked \\d+\\w\\w Dec, 2026 \\| \\d+:\\d\\d[ap]m — could not be read: The feed answered 404$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^${feedB}Last checked \\d+\\w\\w Dec, 2026 \\| \\d+:\\d\\d[ap]m$`)),
      `${feedC}Not checked yet`,
    ]);
  });

  it('says feeds are not read while the alerts are Inactive', async () => {
    capApi(
      inForce({
        cap_alert_status: 'Inactive',
        feeds: [
          { url: feedA, checked_at: '2026-12-05T14:00:00Z', read_at: null, error: 'The feed answered 404' },
        ],
      }),
      'Event Coordinator',
    );
    const { panel } = await openAlerts();
    const feeds = within(await panel.findByRole('list', { name: 'Feeds' })).getAllByRole('listitem');
    expect(feeds.map((feed) => feed.textContent)).toEqual([`${feedA}Not read while the alerts are Inactive`]);
  });

  it('reads the alerts again every minute while the panel is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = capApi(inForce()).on(
      'GET',
      inForcePath,
      { body: { result: inForce() } },
      { body: { result: inForce({ alerts: [anAlert()] }) } },
    );
    const { panel } = await openAlerts({ fakeTimers: true });
    expect(await panel.findByText('No alerts in force')).toBeInTheDocument();
    const asked = api.callsTo('GET', inForcePath).length;
    await act(() => vi.advanceTimersByTimeAsync(CAP_ALERTS_REFRESH_MS + 10));
    expect(
      await panel.findByRole('listitem', { name: 'Flood Warning for Leeds until 6 pm' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', inForcePath).length).toBeGreaterThan(asked);
  });
});

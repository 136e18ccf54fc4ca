import { db } from '@core/table/entities';
import { call } from '../support/api';
import { aDisplay, aScreenFor, poll } from '../support/displays';
import { localDateIn } from '../support/now';
import { listen } from '../support/channel';

/**
 * What pushes to the room displays (functions/device/room-changes.ts, docs/architecture.md §7):
 * the table's stream, read locally every 250 ms as Lambda reads it in AWS
 * (infra/local/table-stream.ts), bumps the `state_version` of the devices whose room changed and
 * publishes to their channels. The display hears it on its channel: a real socket to the local
 * AppSync Events stand-in (infra/local/emulators/events.ts), which takes a publish only when it is
 * signed (SigV4), as the channel's HTTP endpoint does in AWS.
 */

/** The displays listening on their channels in this test, closed after it. */
const listening: Array<{ close(): void }> = [];
afterEach(() => {
  for (const listener of listening.splice(0)) listener.close();
});

/** Waits until `listener` has been told `count` events, and answers them. */
async function told(listener: Awaited<ReturnType<typeof listen>>, count = 1) {
  // Seconds as a rule; the bound leaves room for a busy test machine.
  await vi.waitFor(() => expect(listener.events()).toHaveLength(count), { timeout: 10_000, interval: 100 });
  return listener.events();
}

const stateVersionOf = async (deviceId: string) =>
  (await db().entities.device.get({ device_id: deviceId }).go()).data?.state_version;

/** A display bound to a screen of a new account (its first poll binds it). */
async function aBoundDisplay() {
  const display = await aDisplay();
  const scene = await aScreenFor(display.code);
  expect((await poll(display.token)).status).toBe(200);
  // The display on its channel, as the display app keeps it.
  const listener = await listen(display.token, display.device_id);
  listening.push(listener);
  return { display, listener, ...scene };
}

/** A booking of the scene's room tomorrow (in its venue's zone, London). */
const aBooking = ({ token, place }: Awaited<ReturnType<typeof aBoundDisplay>>, title: string) =>
  call('POST', '/client/booking', {
    token,
    body: {
      title,
      venue: place.venue,
      space: place.space,
      start_date: `${localDateIn(1, 'Europe/London')} 10:00:00`,
      end_date: `${localDateIn(1, 'Europe/London')} 11:00:00`,
    },
  });

/** Renames the scene's screen: a change its display shows. */
const rename = ({ token, place, screen, display }: Awaited<ReturnType<typeof aBoundDisplay>>, name: string) =>
  call('PUT', `/client/screen/${screen.id}`, {
    token,
    body: { screen_id_no: display.code, venue: place.venue, space: place.space, name },
  });

describe('the table stream pushes a change of a room to its displays', () => {
  it("bumps the device's state version and publishes to its channel when its room is booked", async () => {
    const scene = await aBoundDisplay();
    const { display } = scene;
    const before = (await stateVersionOf(display.device_id)) ?? 0;

    const booked = await aBooking(scene, 'Board meeting');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const [event] = await told(scene.listener);
    expect(await stateVersionOf(display.device_id)).toBe(before + 1);
    expect(event).toEqual({ type: 'changed', version: before + 1 });
    // The display then finds the booking in its state.
    const state = (await poll(display.token)).body.result;
    expect(state.occurrences).toEqual([expect.objectContaining({ title: 'Board meeting' })]);
  });

  it('names the device on its screen when it binds, and again from its heartbeat when missing', async () => {
    const { display, account, screen } = await aBoundDisplay();
    const keys = { account_id: account.accountId, screen_id: screen.id };
    expect((await db().entities.screen.get(keys).go()).data?.device_id).toBe(display.device_id);

    // A screen bound before screens named their devices learns it at its next heartbeat.
    await db().entities.screen.patch(keys).remove(['device_id']).go();
    expect((await poll(display.token, {}, '?app_version=1.0.1')).status).toBe(200);
    expect((await db().entities.screen.get(keys).go()).data?.device_id).toBe(display.device_id);
  });

  it("publishes nothing for a display's heartbeats", async () => {
    const scene = await aBoundDisplay();
    const { display } = scene;
    const version = await stateVersionOf(display.device_id);
    // Heartbeats: a new app version is written at once, and so is a screen found Offline.
    expect((await poll(display.token, {}, '?app_version=2.0.0')).status).toBe(200);
    await db()
      .entities.screen.patch({ account_id: scene.account.accountId, screen_id: scene.screen.id })
      .set({ device_status: 'Offline' })
      .go();
    expect((await poll(display.token, {}, '?app_version=2.0.1')).status).toBe(200);
    // Then a change the display shows: its event is the first and only one on the channel, so
    // the stream had passed the heartbeats by without a word.
    expect((await rename(scene, 'Door screen')).status).toBe(200);
    expect(await told(scene.listener)).toEqual([{ type: 'changed', version: (version ?? 0) + 1 }]);
  });

  it('revokes the device of a screen given another code, whose next poll then registers again', async () => {
    const scene = await aBoundDisplay();
    const { display, token, place, screen } = scene;
    const recoded = await call('PUT', `/client/screen/${screen.id}`, {
      token,
      body: { screen_id_no: 'RECODE', venue: place.venue, space: place.space, name: 'Lobby screen' },
    });
    expect(recoded.status, JSON.stringify(recoded.body)).toBe(200);
    expect(await told(scene.listener)).toEqual([{ type: 'revoked' }]);
    const answer = await poll(display.token);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe('This screen must register again');
  });

  it("does not nudge a display for another account's changes", async () => {
    const ours = await aBoundDisplay();
    const theirs = await aBoundDisplay();
    expect((await aBooking(theirs, 'Their meeting')).status).toBe(200);
    await told(theirs.listener);
    // Ours hears of its own change only, and theirs not of ours.
    expect((await rename(ours, 'Our door')).status).toBe(200);
    expect(await told(ours.listener)).toEqual([{ type: 'changed', version: 1 }]);
    expect(theirs.listener.events()).toHaveLength(1);
  });
});

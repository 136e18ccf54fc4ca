import type { ClientRole } from '@shared/roles';
import { db } from '@core/table/entities';
import { anAccount, call } from '../support/api';
import { aPlace, anUpload, manages, mediaFile } from '../support/places';

/**
 * Slideshows (docs/product/client-area.md §2 "Slideshow panel", §3 Slideshow, §5, §7 "Slideshows", §9):
 * the Account Admin's and the Venue Manager's. Slides are presigned uploads whose bytes must be a
 * PNG, JPEG or MP4; a video lasts its own length, read from its header; at most 15 slides; one
 * active slideshow per space; dropped files are deleted.
 */

type Account = Awaited<ReturnType<typeof anAccount>>;
const admin = (account: Account) => account.users['Account Admin']!.token;

const png = mediaFile('slide.png');
const jpeg = mediaFile('slide.jpg');
const mp4 = mediaFile('clip-3.5s.mp4');

const aSlide = (token: string, bytes = png, type = 'image/png') => anUpload(token, 'slide', bytes, type);

const body = (fields: Record<string, unknown> = {}) => ({
  name: 'Welcome',
  transition: 'slide-left',
  duration: '00:00:15',
  randomize: 0,
  slideshow_status: 1,
  slides: [],
  ...fields,
});

async function aSlideshow(token: string, spaceId: string, fields: Record<string, unknown> = {}) {
  const answer = await call('POST', `/client/slideshows/${spaceId}`, { token, body: body(fields) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as { id: string; slides: Array<{ file: string; file_url: string }> };
}

const spaceItem = async (accountId: string, spaceId: string) =>
  (await db().entities.space.get({ account_id: accountId, space_id: spaceId }).go()).data!;

/** The key a saved upload is stored under: its ticket's key without `pending/`. */
const storedKey = (key: string) => key.replace(/^pending\//, '');

/** Whether a stored file is still there, through the presigned URL the API gave for it. */
const stored = async (url: string) => (await fetch(url)).status === 200;

describe('POST /client/slideshows/{spaceId}', () => {
  it('saves a slideshow of an image, a photo and a video, with the video lasting its own length', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const [image, photo, video] = [
      await aSlide(token),
      await aSlide(token, jpeg, 'image/jpeg'),
      await aSlide(token, mp4, 'video/mp4'),
    ];
    const answer = await call('POST', `/client/slideshows/${space}`, {
      token,
      body: body({ slides: [{ file: image }, { file: photo }, { file: video }] }),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.message).toBe('Slideshow saved');
    const saved = answer.body.result;
    expect(saved.id).toMatch(/^[0-9A-Z]{26}$/);
    expect(saved).toMatchObject({
      name: 'Welcome',
      transition: 'slide-left',
      duration: '00:00:15',
      slideshow_status: 1,
    });
    expect(
      saved.slides.map((s: Record<string, unknown>) => [
        s.file_format,
        s.file_type,
        s.order,
        s.duration,
        s.duration_ms,
      ]),
    ).toEqual([
      ['png', 'image', 0, '00:00:15', null],
      ['jpeg', 'image', 1, '00:00:15', null],
      ['mp4', 'video', 2, '00:00:04', 3500],
    ]);
    expect(saved.slides_order).toEqual([image, photo, video].map(storedKey));
    // The file URL serves the bytes uploaded.
    const served = await fetch(saved.slides[2].file_url);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(mp4);

    const listed = await call('GET', `/client/slideshows/${space}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.body.result.map((s: { id: string }) => s.id)).toEqual([saved.id]);
  });

  it('reads the length of a video whose header comes after its media', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const video = await aSlide(admin(account), mediaFile('clip-2s-moov-at-end.mp4'), 'video/mp4');
    const saved = await aSlideshow(admin(account), space, { slides: [{ file: video }] });
    expect(saved.slides[0]).toMatchObject({ file_type: 'video', duration: '00:00:02', duration_ms: 2000 });
  });

  it.each([
    ['a text file named .png', 'notes.png', 'image/png'],
    ['a GIF', 'slide.gif', 'image/png'],
    ['an SVG', 'slide.svg', 'image/jpeg'],
    ['a PNG declared as a video', 'slide.gif', 'video/mp4'],
  ])('refuses %s, by its bytes, and deletes it', async (_what, name, declared) => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const good = await aSlide(token);
    const bad = await aSlide(token, mediaFile(name), declared);
    const answer = await call('POST', `/client/slideshows/${space}`, {
      token,
      body: body({ slides: [{ file: good }, { file: bad }] }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      'slides.1.file': 'Only files of type MP4, PNG, and JPEG are allowed',
    });
    // Nothing saved, and the refused file is gone: naming it again says so.
    expect((await call('GET', `/client/slideshows/${space}`, { token })).body.result).toEqual([]);
    const again = await call('POST', `/client/slideshows/${space}`, {
      token,
      body: body({ slides: [{ file: bad }] }),
    });
    expect(again.body.message).toEqual({ 'slides.0.file': 'Upload the file first' });
  });

  it('refuses an upload of another type or over its size before anything is sent to storage', async () => {
    const account = await anAccount();
    const token = admin(account);
    const gif = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'slide', content_type: 'image/gif', size: 100 },
    });
    expect(gif.status).toBe(422);
    const bigImage = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'slide', content_type: 'image/png', size: 10 * 1024 * 1024 + 1 },
    });
    expect(bigImage.status).toBe(422);
    expect(bigImage.body.message).toEqual({ size: 'The file is too large: at most 10 MB' });
    const bigVideo = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'slide', content_type: 'video/mp4', size: 150 * 1024 * 1024 },
    });
    expect(bigVideo.status).toBe(200);
    const videoAsPhoto = await call('POST', '/client/uploads', {
      token,
      body: { purpose: 'space-photo', content_type: 'video/mp4', size: 1000 },
    });
    expect(videoAsPhoto.status).toBe(422);
  });

  it('takes at most 15 slides', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const slides = Array.from({ length: 16 }, (_, i) => ({ file: `accounts/x/slide-${i}` }));
    const answer = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: body({ slides }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ slides: 'At most 15 slides' });
  });

  it("checks the fields with the spec's messages", async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const answer = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: { name: ' ', transition: 'wobble', duration: '00:00:07', randomize: 3 },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({
      name: 'Field is required',
      transition: 'Invalid value',
      duration: 'Invalid value',
      randomize: 'Invalid value',
    });
    const long = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: body({ name: 'x'.repeat(101) }),
    });
    expect(long.body.message).toEqual({ name: 'Field should be less than 100 characters' });
  });

  it("refuses a file that is not the caller's own upload, or that another slideshow has", async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager']);
    const { venue, space } = await aPlace(account.accountId);
    await manages(account.accountId, venue, account.users['Venue Manager']!.id);
    const theirs = await aSlide(account.users['Venue Manager']!.token);
    const notMine = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: body({ slides: [{ file: theirs }] }),
    });
    expect(notMine.status).toBe(422);
    expect(notMine.body.message).toEqual({ 'slides.0.file': 'Upload the file again' });

    const file = await aSlide(admin(account));
    const first = await aSlideshow(admin(account), space, { slides: [{ file }] });
    // Saved, the upload is the first slideshow's file under its own key: naming either again in
    // another slideshow is refused.
    const twice = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: body({ name: 'Copy', slides: [{ file: first.slides[0]!.file }] }),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toEqual({ 'slides.0.file': 'Upload the file again' });
    const pending = await call('POST', `/client/slideshows/${space}`, {
      token: admin(account),
      body: body({ name: 'Copy', slides: [{ file }] }),
    });
    expect(pending.body.message).toEqual({ 'slides.0.file': 'Upload the file first' });
  });
});

describe('the active slideshow of a space', () => {
  it('is the one last activated; deactivating keeps it named, deleting it clears the space', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const first = await aSlideshow(token, space, { name: 'First', slideshow_status: 1 });
    expect(await spaceItem(account.accountId, space)).toMatchObject({
      slideshow_id: first.id,
      slideshow_status: 1,
    });

    const second = await aSlideshow(token, space, { name: 'Second', slideshow_status: 1 });
    const listed = (await call('GET', `/client/slideshows/${space}`, { token })).body.result;
    expect(
      listed.map((s: { name: string; slideshow_status: number }) => [s.name, s.slideshow_status]),
    ).toEqual([
      ['First', 0],
      ['Second', 1],
    ]);
    expect(await spaceItem(account.accountId, space)).toMatchObject({
      slideshow_id: second.id,
      slideshow_status: 1,
    });
    const card = await call('GET', `/client/space/${space}`, { token });
    expect(card.body.result).toMatchObject({ slideshow_id: second.id, slideshow_status: 1 });

    const off = await call('POST', `/client/slideshows/${space}/${second.id}`, {
      token,
      body: body({ name: 'Second', slideshow_status: 0 }),
    });
    expect(off.status).toBe(200);
    expect(await spaceItem(account.accountId, space)).toMatchObject({
      slideshow_id: second.id,
      slideshow_status: 0,
    });

    const deleted = await call('DELETE', `/client/slideshows/${space}/${second.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Slideshow deleted');
    const after = await spaceItem(account.accountId, space);
    expect(after.slideshow_id).toBeUndefined();
    expect(after.slideshow_status).toBe(0);
  });
});

describe('POST|PUT /client/slideshows/{spaceId}/{id}', () => {
  it('reorders, replaces and drops slides, deleting the files it no longer shows', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const uploads = [await aSlide(token), await aSlide(token, jpeg, 'image/jpeg'), await aSlide(token)];
    const saved = await aSlideshow(token, space, { slides: uploads.map((file) => ({ file })) });
    // Saved files are named by their stored keys from then on.
    const [a, b, c] = saved.slides.map((s) => s.file) as [string, string, string];
    expect([a, b, c]).toEqual(uploads.map(storedKey));
    const urls = Object.fromEntries(saved.slides.map((s) => [s.file, s.file_url]));

    const replacement = await aSlide(token, mp4, 'video/mp4');
    const updated = await call('PUT', `/client/slideshows/${space}/${saved.id}`, {
      token,
      body: body({
        name: 'Renamed',
        slides: [{ file: c }, { file: replacement }, { file: a }],
        slides_order: [replacement, c, a].join(','),
      }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe('Slideshow saved');
    expect(updated.body.result.name).toBe('Renamed');
    expect(updated.body.result.slides_order).toEqual([storedKey(replacement), c, a]);
    expect(updated.body.result.slides[0]).toMatchObject({ file_type: 'video', duration_ms: 3500 });
    // b was dropped: its file is deleted; the kept ones are still there.
    expect(await stored(urls[b]!)).toBe(false);
    expect(await stored(urls[a]!)).toBe(true);

    const reordered = await call('POST', `/client/slideshows/${space}/${saved.id}`, {
      token,
      body: body({
        name: 'Renamed',
        slides: [
          { file: a, order: 2 },
          { file: c, order: 0 },
          { file: storedKey(replacement), order: 1 },
        ],
      }),
    });
    expect(reordered.body.result.slides_order).toEqual([c, storedKey(replacement), a]);
  });

  it('refuses an order that does not name each slide once', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const a = await aSlide(token);
    const saved = await aSlideshow(token, space, { slides: [{ file: a }] });
    const answer = await call('POST', `/client/slideshows/${space}/${saved.id}`, {
      token,
      body: body({ slides: [{ file: a }], slides_order: [a, 'other'] }),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toEqual({ slides_order: 'It should name each slide once' });
  });
});

describe('DELETE /client/slideshows/{spaceId}/{id}', () => {
  it('deletes the slideshow and its files', async () => {
    const account = await anAccount();
    const { space } = await aPlace(account.accountId);
    const token = admin(account);
    const saved = await aSlideshow(token, space, {
      slideshow_status: 0,
      slides: [{ file: await aSlide(token) }],
    });
    const answer = await call('DELETE', `/client/slideshows/${space}/${saved.id}`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Slideshow deleted');
    expect((await call('GET', `/client/slideshows/${space}`, { token })).body.result).toEqual([]);
    expect(await stored(saved.slides[0]!.file_url)).toBe(false);
    const again = await call('DELETE', `/client/slideshows/${space}/${saved.id}`, { token });
    expect(again.status).toBe(404);
  });
});

describe('who may', () => {
  it.each<ClientRole>(['Event Coordinator', 'Viewer'])('a %s may not (403)', async (role) => {
    const account = await anAccount(['Account Admin', role]);
    const { space } = await aPlace(account.accountId);
    const saved = await aSlideshow(admin(account), space);
    const token = account.users[role]!.token;
    for (const [method, path] of [
      ['GET', `/client/slideshows/${space}`],
      ['POST', `/client/slideshows/${space}`],
      ['POST', `/client/slideshows/${space}/${saved.id}`],
      ['PUT', `/client/slideshows/${space}/${saved.id}`],
      ['DELETE', `/client/slideshows/${space}/${saved.id}`],
    ] as const) {
      const answer = await call(method, path, {
        token,
        body: method === 'GET' || method === 'DELETE' ? undefined : body(),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it('a Venue Manager may on their approved venues only', async () => {
    const account = await anAccount(['Account Admin', 'Venue Manager']);
    const manager = account.users['Venue Manager']!;
    const approved = await aPlace(account.accountId);
    const denied = await aPlace(account.accountId);
    const elsewhere = await aPlace(account.accountId);
    await manages(account.accountId, approved.venue, manager.id, 'Approved');
    await manages(account.accountId, denied.venue, manager.id, 'Denied');
    const file = await aSlide(manager.token);
    const saved = await aSlideshow(manager.token, approved.space, { slides: [{ file }] });
    expect((await call('GET', `/client/slideshows/${approved.space}`, { token: manager.token })).status).toBe(
      200,
    );
    expect((await call('GET', `/client/slideshows/${denied.space}`, { token: manager.token })).status).toBe(
      403,
    );
    expect(
      (await call('POST', `/client/slideshows/${denied.space}`, { token: manager.token, body: body() }))
        .status,
    ).toBe(403);
    expect(
      (await call('GET', `/client/slideshows/${elsewhere.space}`, { token: manager.token })).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/client/slideshows/${approved.space}/${saved.id}`, { token: manager.token }))
        .status,
    ).toBe(200);
  });

  it("another account's space or slideshow is not found (404)", async () => {
    const account = await anAccount();
    const other = await anAccount();
    const { space } = await aPlace(account.accountId);
    const theirs = await aPlace(other.accountId);
    const theirShow = await aSlideshow(admin(other), theirs.space);
    const token = admin(account);
    expect((await call('GET', `/client/slideshows/${theirs.space}`, { token })).status).toBe(404);
    expect((await call('POST', `/client/slideshows/${theirs.space}`, { token, body: body() })).status).toBe(
      404,
    );
    // Their slideshow's id on one's own space names nothing.
    expect(
      (await call('POST', `/client/slideshows/${space}/${theirShow.id}`, { token, body: body() })).status,
    ).toBe(404);
    expect(
      (await call('DELETE', `/client/slideshows/${theirs.space}/${theirShow.id}`, { token })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/client/slideshows/${theirs.space}`, { token: admin(other) })).body.result,
    ).toHaveLength(1);
  });
});

import { db } from '@core/table/entities';
import { s3 } from '@core/aws/s3';
import { env } from '@core/env';
import type { ClientRole } from '@shared/roles';
import { anAccount, aPackage, call, signedInAs } from '../support/api';
import { aPlace, mediaFile } from '../support/places';

/**
 * Uploads (POST /client/uploads, POST /admin/uploads) and the files forms save: a ticket only for
 * a purpose the caller's role may save; the account's storage, from its package, counted as files
 * are saved and deleted; tickets for `pending/` keys that a save moves to their own key; a replaced
 * file deleted. Objects are looked at in s3rver.
 */

const png = mediaFile('slide.png');
const GB = 1024 * 1024 * 1024;

type Area = 'client' | 'admin';

async function aTicket(token: string, purpose: string, area: Area = 'client', size = png.length) {
  return call('POST', `/${area}/uploads`, {
    token,
    body: { purpose, content_type: 'image/png', size },
  });
}

/** Uploads the PNG with a ticket, as the browser does; answers the pending key. */
async function anUploaded(token: string, purpose: string, area: Area = 'client'): Promise<string> {
  const ticket = await aTicket(token, purpose, area);
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  expect((await fetch(ticket.body.result.url as string, { method: 'POST', body: form })).status).toBeLessThan(
    300,
  );
  return ticket.body.result.key as string;
}

/** Whether the bucket holds an object at the key (HEAD). */
async function isStored(key: string): Promise<boolean> {
  const aws = await s3();
  try {
    await aws.client.send(new aws.HeadObjectCommand({ Bucket: env().UPLOADS_BUCKET, Key: key }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

const accountItem = async (accountId: string) =>
  (await db().entities.account.get({ account_id: accountId }).go({ consistent: true })).data!;

const profile = { first_name: 'Olivia', last_name: 'Owner' };

describe('POST /client/uploads: a ticket only for what the role may save', () => {
  const cases: Array<[string, ClientRole, ClientRole]> = [
    ['account-logo', 'Account Admin', 'Venue Manager'],
    ['space-photo', 'Venue Manager', 'Event Coordinator'],
    ['screen-photo', 'Venue Manager', 'Event Coordinator'],
    ['slide', 'Venue Manager', 'Viewer'],
  ];
  let users: Awaited<ReturnType<typeof anAccount>>['users'];
  beforeAll(async () => {
    ({ users } = await anAccount(['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer']));
  });

  it.each(cases)(
    'gives a ticket for %s to the %s and refuses the %s with 403',
    async (purpose, may, mayNot) => {
      const given = await aTicket(users[may]!.token, purpose);
      expect(given.status, JSON.stringify(given.body)).toBe(200);
      const refused = await aTicket(users[mayNot]!.token, purpose);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'You do not have permission to do this' });
    },
  );

  it('gives every role, a Viewer included, a ticket for their own profile photo', async () => {
    for (const role of ['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer'] as const) {
      expect((await aTicket(users[role]!.token, 'profile-photo')).status).toBe(200);
    }
  });

  it('refuses a Viewer a 200 MB slide ticket', async () => {
    const video = await call('POST', '/client/uploads', {
      token: users.Viewer!.token,
      body: { purpose: 'slide', content_type: 'video/mp4', size: 200 * 1024 * 1024 },
    });
    expect(video.status).toBe(403);
  });
});

describe('POST /admin/uploads: the files of the admin area only', () => {
  it('gives a super admin tickets for photos and account logos, and refuses the rest with 403', async () => {
    const token = await signedInAs('Super Admin');
    for (const purpose of ['profile-photo', 'account-logo']) {
      expect((await aTicket(token, purpose, 'admin')).status).toBe(200);
    }
    for (const purpose of ['space-photo', 'screen-photo', 'slide']) {
      const refused = await aTicket(token, purpose, 'admin');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'You do not have permission to do this' });
    }
  });
});

describe('pending uploads and saved files', () => {
  it('hands out pending keys; a save moves the file to its own key and deletes the pending one', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const pending = await anUploaded(token, 'profile-photo');
    expect(pending).toMatch(new RegExp(`^pending/accounts/${accountId}/users/`));
    const saved = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: pending },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = saved.body.result.photo_uri as string;
    expect(stored).toBe(pending.slice('pending/'.length));
    expect(await isStored(stored)).toBe(true);
    expect(await isStored(pending)).toBe(false);
    // The photo URL reads the stored file.
    expect(Buffer.from(await (await fetch(saved.body.result.photo_url as string)).arrayBuffer())).toEqual(
      Buffer.from(png),
    );
    // The account counts its bytes.
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
    // Sending the stored key again keeps the photo; a stored key is not a new upload.
    const again = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: stored },
    });
    expect(again.body.result.photo_uri).toBe(stored);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
  });

  it('deletes a replaced profile photo and takes its bytes off the account', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const first = (
      await call('POST', '/client/profileChange', {
        token,
        body: { ...profile, photo_uri: await anUploaded(token, 'profile-photo') },
      })
    ).body.result.photo_uri as string;
    const second = (
      await call('POST', '/client/profileChange', {
        token,
        body: { ...profile, photo_uri: await anUploaded(token, 'profile-photo') },
      })
    ).body.result.photo_uri as string;
    expect(second).not.toBe(first);
    expect(await isStored(first)).toBe(false);
    expect(await isStored(second)).toBe(true);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
  });

  it('deletes a replaced account logo, a replaced space photo and a cleared one', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const account = { name: 'Logo Co', address: '1 Quay Street', city: 'Testville', country: 'UK' };
    const logo = async () =>
      (
        await call('PUT', '/client/account', {
          token,
          body: { ...account, logo_uri: await anUploaded(token, 'account-logo') },
        })
      ).body;
    const first = await logo();
    expect(first.result, JSON.stringify(first)).toBeDefined();
    const second = await logo();
    const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).split('/').slice(2).join('/');
    const firstKey = keyOf(first.result.logo_url as string);
    expect(await isStored(firstKey)).toBe(false);
    expect(await isStored(keyOf(second.result.logo_url as string))).toBe(true);

    const { space } = await aPlace(accountId);
    const put = (photo?: string) =>
      call('PUT', `/client/space/${space}`, {
        token,
        body: { title: 'Room', ...(photo ? { photo_uri: photo } : {}) },
      });
    const withPhoto = await put(await anUploaded(token, 'space-photo'));
    expect(withPhoto.status, JSON.stringify(withPhoto.body)).toBe(200);
    const photo = withPhoto.body.result.photo as string;
    expect(await isStored(photo)).toBe(true);
    const replaced = await put(await anUploaded(token, 'space-photo'));
    expect(await isStored(photo)).toBe(false);
    const cleared = await put();
    expect(cleared.body.result.photo).toBeNull();
    expect(await isStored(replaced.body.result.photo as string)).toBe(false);
    // What is left: the second logo.
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
  });
});

describe('account logos the admin area saves', () => {
  it("count toward the account's storage; a replaced one is deleted", async () => {
    const token = await signedInAs('Super Admin');
    const { accountId } = await anAccount(['Account Admin']);
    const { package_id } = await accountItem(accountId);
    const put = async () =>
      call('PUT', `/admin/account/${accountId}`, {
        token,
        body: {
          name: 'Logo Halls',
          package_id,
          package_start_date: '2026-01-01',
          package_end_date: '2027-12-31',
          logo_uri: await anUploaded(token, 'account-logo', 'admin'),
        },
      });
    const first = await put();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const firstLogo = first.body.result.logo_uri as string;
    expect(firstLogo).toMatch(/^platform\/admins\//);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
    const second = await put();
    expect(await isStored(firstLogo)).toBe(false);
    expect(await isStored(second.body.result.logo_uri as string)).toBe(true);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
  });
});

describe('slides and storage', () => {
  const slideshow = (slides: string[]) => ({
    name: 'Welcome',
    transition: 'fade',
    duration: '00:00:15',
    randomize: 0,
    slideshow_status: 0,
    slides: slides.map((file) => ({ file })),
  });

  it('counts saved slides and gives back the bytes of dropped ones and of a deleted slideshow', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const { space } = await aPlace(accountId);
    const uploads = [await anUploaded(token, 'slide'), await anUploaded(token, 'slide')];
    const saved = await call('POST', `/client/slideshows/${space}`, { token, body: slideshow(uploads) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [first, second] = (saved.body.result.slides as Array<{ file: string }>).map((s) => s.file);
    expect((await accountItem(accountId)).storage_bytes).toBe(2 * png.length);

    const dropped = await call('PUT', `/client/slideshows/${space}/${saved.body.result.id}`, {
      token,
      body: slideshow([first!]),
    });
    expect(dropped.status).toBe(200);
    expect(await isStored(second!)).toBe(false);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);

    await call('DELETE', `/client/slideshows/${space}/${saved.body.result.id}`, { token });
    expect(await isStored(first!)).toBe(false);
    expect((await accountItem(accountId)).storage_bytes).toBe(0);
  });

  it('leaves the uploads of a refused save as they were, to be sent again', async () => {
    const { accountId, users } = await anAccount(['Account Admin']);
    const { token } = users['Account Admin']!;
    const { space } = await aPlace(accountId);
    const good = await anUploaded(token, 'slide');
    const bad = await aTicket(token, 'slide');
    const form = new FormData();
    for (const [k, v] of Object.entries(bad.body.result.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob(['not an image'], { type: 'image/png' }));
    await fetch(bad.body.result.url as string, { method: 'POST', body: form });

    const refused = await call('POST', `/client/slideshows/${space}`, {
      token,
      body: slideshow([good, bad.body.result.key as string]),
    });
    expect(refused.status).toBe(422);
    expect(await isStored(good)).toBe(true);
    expect(await isStored(good.slice('pending/'.length))).toBe(false);
    expect((await accountItem(accountId)).storage_bytes ?? 0).toBe(0);

    const again = await call('POST', `/client/slideshows/${space}`, { token, body: slideshow([good]) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await accountItem(accountId)).storage_bytes).toBe(png.length);
  });
});

describe("the account's storage, from its package", () => {
  it('refuses a ticket and a save past the storage with 422 naming it', async () => {
    const { accountId, users } = await anAccount(['Account Admin'], {
      packageId: await aPackage({}),
    });
    const { token } = users['Account Admin']!;
    // A ticket while there is room; the account fills up before the save.
    const pending = await anUploaded(token, 'profile-photo');
    await db()
      .entities.account.patch({ account_id: accountId })
      .set({ storage_bytes: 5 * GB - 10 })
      .go();
    const ticket = await aTicket(token, 'profile-photo');
    expect(ticket.status).toBe(422);
    expect(ticket.body.message).toEqual({ size: 'Not enough storage left: the package allows 5 GB' });
    const save = await call('POST', '/client/profileChange', {
      token,
      body: { ...profile, photo_uri: pending },
    });
    expect(save.status).toBe(422);
    expect(save.body.message).toEqual({ photo_uri: 'Not enough storage left: the package allows 5 GB' });
    expect((await accountItem(accountId)).storage_bytes).toBe(5 * GB - 10);
  });

  it("follows the package's storage_limit_gb", async () => {
    const packageId = await aPackage({});
    await db().entities.package.patch({ package_id: packageId }).set({ storage_limit_gb: 1 }).go();
    const { accountId, users } = await anAccount(['Account Admin'], { packageId });
    await db()
      .entities.account.patch({ account_id: accountId })
      .set({ storage_bytes: GB - 10 })
      .go();
    const ticket = await aTicket(users['Account Admin']!.token, 'profile-photo');
    expect(ticket.status).toBe(422);
    expect(ticket.body.message).toEqual({ size: 'Not enough storage left: the package allows 1 GB' });
    const mine = await call('GET', '/client/mypackage', { token: users['Account Admin']!.token });
    expect(mine.body.result).toMatchObject({ storage_limit_gb: 1, storage_used_bytes: GB - 10 });
  });
});

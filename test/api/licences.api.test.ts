import { db } from '@core/table/entities';
import { anAccount, call, signedInAs } from '../support/api';

/**
 * Screen licences of an account (docs/product/admin-and-auth.md §2 "Licences screen", §5, §9): added
 * in bulk and numbered on per account, ten a page with a search, Expired once past their date,
 * kept while a screen uses them; the newest purchases on the dashboard.
 */
const admin = () => signedInAs('Super Admin');
const purchase = (fields: Record<string, unknown> = {}) => ({
  no_of_licence: 3,
  purchase_date: '2026-01-15',
  expiration_date: '2099-01-14',
  order_no: '4711',
  amount: 49.5,
  note: 'Lobby screens',
  ...fields,
});

async function addLicences(accountId: string, fields: Record<string, unknown> = {}) {
  const answer = await call('POST', `/admin/account/${accountId}/license`, {
    token: await admin(),
    body: purchase(fields),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as Array<{ id: string; licence_no: number }>;
}

const page = async (accountId: string, query = '') =>
  (await call('GET', `/admin/account/${accountId}/license${query}`, { token: await admin() })).body.result;

describe('POST /admin/account/{id}/license', () => {
  it('adds licences numbered on per account, in one purchase, and logs it', async () => {
    const { accountId } = await anAccount();
    const answer = await call('POST', `/admin/account/${accountId}/license`, {
      token: await admin(),
      body: purchase(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Licenses added');
    expect(answer.body.result).toHaveLength(3);
    expect(answer.body.result[0]).toMatchObject({
      account_id: accountId,
      licence_no: 1,
      licence_type: 'New',
      status: 'Active',
      order_no: '4711',
      amount: 49.5,
      note: 'Lobby screens',
      purchase_date: '2026-01-15',
      expiration_date: '2099-01-14',
      screen_id: null,
      screen: null,
    });
    expect((await addLicences(accountId, { no_of_licence: 2 })).map((l) => l.licence_no)).toEqual([4, 5]);
    // Another account numbers from 1.
    const other = await anAccount();
    expect((await addLicences(other.accountId, { no_of_licence: 1 })).map((l) => l.licence_no)).toEqual([1]);

    const { data } = await db().entities.activity.query.byScope({ scope: 'PLATFORM' }).go({ order: 'desc' });
    expect(data.filter((e) => e.component_id === accountId).map((e) => e.activity)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Added 3 licenses \(#1–#3\) to /),
        expect.stringMatching(/^Added 2 licenses \(#4–#5\) to /),
      ]),
    );
  });

  it('gives two purchases at the same time numbers of their own', async () => {
    const { accountId } = await anAccount();
    const both = await Promise.all([
      addLicences(accountId, { no_of_licence: 7 }),
      addLicences(accountId, { no_of_licence: 5 }),
    ]);
    const numbers = both.flat().map((l) => l.licence_no);
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await db().entities.account.get({ account_id: accountId }).go()).data!.licence_seq).toBe(12);
  });

  it('answers the spec’s messages', async () => {
    const { accountId } = await anAccount();
    const token = await admin();
    const empty = await call('POST', `/admin/account/${accountId}/license`, { token, body: {} });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toEqual({
      no_of_licence: 'Field is required',
      purchase_date: 'Field is required',
      expiration_date: 'Field is required',
    });
    const wrong = await call('POST', `/admin/account/${accountId}/license`, {
      token,
      body: purchase({ no_of_licence: 51, expiration_date: '2026-01-14', order_no: 'A-1' }),
    });
    expect(wrong.body.message).toEqual({
      no_of_licence: 'Field should be smaller than 51',
      expiration_date: 'The expiration date must not be before the purchase date',
      order_no: 'Field should be a number',
    });
    const none = await call('POST', `/admin/account/${accountId}/license`, {
      token,
      body: purchase({ no_of_licence: 0, order_no: '1'.repeat(51) }),
    });
    expect(none.body.message).toEqual({
      no_of_licence: 'Field should be larger than 0',
      order_no: 'Field should be less than 50 characters',
    });
  });

  it('answers 404 for an unknown account and 403 to a client', async () => {
    expect(
      (
        await call('POST', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/license', {
          token: await admin(),
          body: purchase(),
        })
      ).status,
    ).toBe(404);
    const { accountId } = await anAccount();
    expect(
      (
        await call('POST', `/admin/account/${accountId}/license`, {
          token: await signedInAs('Account Admin'),
          body: purchase(),
        })
      ).status,
    ).toBe(403);
  });
});

describe('GET /admin/account/{id}/license', () => {
  it('answers ten a page, newest number first, with the total', async () => {
    const { accountId } = await anAccount();
    await addLicences(accountId, { no_of_licence: 12 });
    const first = await page(accountId);
    expect(first).toMatchObject({ total: 12, page: 1, per_page: 10 });
    expect(first.data.map((l: { licence_no: number }) => l.licence_no)).toEqual([
      12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
    ]);
    const second = await page(accountId, '?page=2');
    expect(second.data.map((l: { licence_no: number }) => l.licence_no)).toEqual([2, 1]);
    expect((await page(accountId, '?page=3')).data).toEqual([]);
  });

  it('searches any shown field, trimmed and in any case, and reads a licence past its date as Expired', async () => {
    const { accountId } = await anAccount();
    await addLicences(accountId, { no_of_licence: 2, order_no: '777', note: 'Conference wing' });
    await addLicences(accountId, {
      no_of_licence: 1,
      order_no: '888',
      note: 'Old',
      purchase_date: '2020-01-01',
      expiration_date: '2020-12-31',
    });
    const numbers = async (search: string) =>
      (await page(accountId, `?search=${encodeURIComponent(search)}`)).data.map(
        (l: { licence_no: number }) => l.licence_no,
      );
    expect(await numbers('  CONFERENCE ')).toEqual([2, 1]);
    expect(await numbers('888')).toEqual([3]);
    expect(await numbers('#2')).toEqual([2]);
    expect(await numbers('expired')).toEqual([3]);
    expect(await numbers('2020-12-31')).toEqual([3]);
    expect(await numbers('nothing like it')).toEqual([]);
    expect((await page(accountId, '?search=expired')).total).toBe(1);
    expect((await page(accountId)).data[0]).toMatchObject({ licence_no: 3, status: 'Expired' });
  });

  it('answers 422 for a wrong page, 404 for an unknown account, 403 to a client', async () => {
    const { accountId } = await anAccount();
    const token = await admin();
    const wrong = await call('GET', `/admin/account/${accountId}/license?page=0`, { token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toEqual({ page: 'Field should be larger than 0' });
    expect((await call('GET', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/license', { token })).status).toBe(
      404,
    );
    expect(
      (await call('GET', `/admin/account/${accountId}/license`, { token: await signedInAs('Account Admin') }))
        .status,
    ).toBe(403);
  });
});

describe('PUT and DELETE /admin/account/{id}/license/{licenceId}', () => {
  it('changes a licence, keeping its number', async () => {
    const { accountId } = await anAccount();
    const [licence] = await addLicences(accountId, { no_of_licence: 1 });
    const saved = await call('PUT', `/admin/account/${accountId}/license/${licence!.id}`, {
      token: await admin(),
      body: {
        purchase_date: '2026-02-01',
        expiration_date: '2098-01-31',
        order_no: '99',
        status: 'Declined',
        licence_type: 'Renewal',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('License updated');
    expect(saved.body.result).toMatchObject({
      id: licence!.id,
      licence_no: 1,
      purchase_date: '2026-02-01',
      expiration_date: '2098-01-31',
      order_no: '99',
      amount: null,
      note: null,
      status: 'Declined',
      licence_type: 'Renewal',
    });
    expect((await page(accountId)).data[0]).toEqual(saved.body.result);
    const wrong = await call('PUT', `/admin/account/${accountId}/license/${licence!.id}`, {
      token: await admin(),
      body: { purchase_date: '', expiration_date: '2098-01-31', order_no: 'x', status: 'Lost' },
    });
    expect(wrong.body.message).toEqual({
      purchase_date: 'Field is required',
      order_no: 'Field should be a number',
      status: 'Invalid value',
    });
  });

  it('deletes a licence no screen uses; one a screen uses answers 409 naming it', async () => {
    const { accountId } = await anAccount();
    const [free, used] = await addLicences(accountId, { no_of_licence: 2 });
    await db()
      .entities.licence.patch({ account_id: accountId, licence_id: used!.id })
      .set({ screen_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', screen_name: 'Lobby East' })
      .go();
    const token = await admin();
    const refused = await call('DELETE', `/admin/account/${accountId}/license/${used!.id}`, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('License #2 is used by screen Lobby East');
    expect((await page(accountId)).data[0]).toMatchObject({
      licence_no: 2,
      screen: { id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', name: 'Lobby East' },
    });

    const deleted = await call('DELETE', `/admin/account/${accountId}/license/${free!.id}`, { token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ result: null, message: 'License deleted' });
    expect((await page(accountId)).total).toBe(1);
    // Numbers are not given out again.
    expect((await addLicences(accountId, { no_of_licence: 1 }))[0]!.licence_no).toBe(3);
  });

  it("answers 404 for an unknown licence or another account's, and 403 to a client", async () => {
    const { accountId } = await anAccount();
    const other = await anAccount();
    const [licence] = await addLicences(accountId, { no_of_licence: 1 });
    const token = await admin();
    const body = { purchase_date: '2026-01-01', expiration_date: '2026-12-31' };
    for (const [method, url] of [
      ['PUT', `/admin/account/${accountId}/license/01ARZ3NDEKTSV4RRFFQ69G5FAV`],
      ['DELETE', `/admin/account/${accountId}/license/01ARZ3NDEKTSV4RRFFQ69G5FAV`],
      ['PUT', `/admin/account/${other.accountId}/license/${licence!.id}`],
      ['DELETE', `/admin/account/${other.accountId}/license/${licence!.id}`],
    ] as const) {
      expect((await call(method, url, { token, body: method === 'PUT' ? body : undefined })).status).toBe(
        404,
      );
    }
    const client = await signedInAs('Account Admin');
    const url = `/admin/account/${accountId}/license/${licence!.id}`;
    expect((await call('PUT', url, { token: client, body })).status).toBe(403);
    expect((await call('DELETE', url, { token: client })).status).toBe(403);
  });
});

describe('GET /admin/recentPayments', () => {
  it('answers the newest purchases with their account, count and amount', async () => {
    const { accountId } = await anAccount();
    await addLicences(accountId, { no_of_licence: 4, amount: 12.25 });
    const answer = await call('GET', '/admin/recentPayments', { token: await admin() });
    expect(answer.status).toBe(200);
    expect(answer.body.result.length).toBeLessThanOrEqual(5);
    const { data } = await db().entities.account.get({ account_id: accountId }).go();
    expect(answer.body.result[0]).toMatchObject({
      account: { id: accountId, name: data!.name },
      count: 4,
      amount: 49,
      purchase_date: '2026-01-15',
    });
    expect(
      (await call('GET', '/admin/recentPayments', { token: await signedInAs('Account Admin') })).status,
    ).toBe(403);
  });
});

describe('GET /admin/account/{id}/purchases', () => {
  it("answers the account's purchases as recorded, newest first, whatever became of the licences", async () => {
    const { accountId } = await anAccount();
    const first = await addLicences(accountId, { no_of_licence: 3, amount: 10, purchase_date: '2026-01-15' });
    await addLicences(accountId, { no_of_licence: 1, amount: 7.5, purchase_date: '2026-02-01' });
    // Another account's purchase is not this one's.
    await addLicences((await anAccount()).accountId, { no_of_licence: 2 });
    // A licence deleted since does not change what was bought.
    const removed = await call('DELETE', `/admin/account/${accountId}/license/${first[1]!.id}`, {
      token: await admin(),
    });
    expect(removed.status).toBe(200);

    const answer = await call('GET', `/admin/account/${accountId}/purchases`, { token: await admin() });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toEqual([
      {
        id: expect.any(String),
        count: 1,
        first_licence_no: 4,
        last_licence_no: 4,
        amount: 7.5,
        purchase_date: '2026-02-01',
        created_at: expect.any(String),
      },
      {
        id: expect.any(String),
        count: 3,
        first_licence_no: 1,
        last_licence_no: 3,
        amount: 30,
        purchase_date: '2026-01-15',
        created_at: expect.any(String),
      },
    ]);
    // The same purchases as the dashboard's recent ones.
    const recent = (await call('GET', '/admin/recentPayments', { token: await admin() })).body.result;
    const ids = answer.body.result.map((p: { id: string }) => p.id);
    expect(
      recent.filter((p: { id: string }) => ids.includes(p.id)).map((p: { count: number }) => p.count),
    ).toEqual([1, 3]);
  });

  it('answers an empty list for an account with no purchases, 404 for an unknown account, 403 to a client', async () => {
    const { accountId } = await anAccount();
    const none = await call('GET', `/admin/account/${accountId}/purchases`, { token: await admin() });
    expect(none.status).toBe(200);
    expect(none.body.result).toEqual([]);
    const unknown = await call('GET', '/admin/account/01ARZ3NDEKTSV4RRFFQ69G5FAV/purchases', {
      token: await admin(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Account not found' });
    const client = await call('GET', `/admin/account/${accountId}/purchases`, {
      token: await signedInAs('Account Admin'),
    });
    expect(client.status).toBe(403);
  });
});

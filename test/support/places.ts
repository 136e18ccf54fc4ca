import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ulid } from 'ulid';
import type { AssignmentPermission } from '@shared/venues';
import { db } from '@core/table/entities';
import { withWatches } from '../../functions/spaces/store';
import { call, signedInAs } from './api';

/**
 * Venues, spaces and manager assignments written directly as their groups write them, and files
 * uploaded through the presigned POST as the browser does: the scenery of the API tests of what
 * lives in spaces (slideshows, alert feeds).
 */

/** A venue, in Europe/London unless `timezone` says otherwise. */
export async function aVenue(
  accountId: string,
  fields: { name?: string; status?: 'Active' | 'Inactive'; timezone?: string } = {},
) {
  const venue_id = ulid();
  await db()
    .entities.venue.create({
      account_id: accountId,
      venue_id,
      name: fields.name ?? `Venue ${venue_id.slice(-4)}`,
      timezone: fields.timezone ?? 'Europe/London',
      status: fields.status ?? 'Active',
    })
    .go();
  return venue_id;
}

export async function aSpace(
  accountId: string,
  venueId: string,
  fields: {
    title?: string;
    status?: 'Active' | 'Inactive';
    checkIn?: { before_event: number; after_event: number };
  } = {},
) {
  const space_id = ulid();
  await db()
    .entities.space.create(
      withWatches({
        account_id: accountId,
        space_id,
        venue_id: venueId,
        title: fields.title ?? `Space ${space_id.slice(-4)}`,
        calendar_color: '#0B8043',
        status: fields.status ?? 'Active',
        cap_alert_urls: [],
        cap_alert_status: 'Inactive',
        check_in_window: 'No' as 'Yes' | 'No',
        ...(fields.checkIn ? { check_in_window: 'Yes' as const, ...fields.checkIn } : {}),
      }),
    )
    .go();
  return space_id;
}

/** A venue with one space. */
export async function aPlace(accountId: string, names: { venue?: string; space?: string } = {}) {
  const venue = await aVenue(accountId, { name: names.venue });
  return { venue, space: await aSpace(accountId, venue, { title: names.space }) };
}

export async function manages(
  accountId: string,
  venueId: string,
  userId: string,
  permission: AssignmentPermission = 'Approved',
) {
  await db()
    .entities.venueManager.create({ account_id: accountId, venue_id: venueId, user_id: userId, permission })
    .go();
}

const media = path.resolve(import.meta.dirname, '../fixtures/media');
/** A file of test/fixtures/media. */
export const mediaFile = (name: string) => new Uint8Array(readFileSync(path.join(media, name)));

/** Uploads bytes with a presigned POST of the client area, declaring `contentType`; answers the key. */
export async function anUpload(
  token: string,
  purpose: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> {
  const ticket = await call('POST', '/client/uploads', {
    token,
    body: { purpose, content_type: contentType, size: bytes.length },
  });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const form = new FormData();
  for (const [k, v] of Object.entries(ticket.body.result.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }));
  const posted = await fetch(ticket.body.result.url as string, { method: 'POST', body: form });
  expect(posted.status).toBeLessThan(300);
  return ticket.body.result.key as string;
}

/** Licences of an account, added by a super admin as the admin area does. */
export async function addLicences(
  accountId: string,
  count = 1,
  dates: { purchase_date?: string; expiration_date?: string } = {},
) {
  const answer = await call('POST', `/admin/account/${accountId}/license`, {
    token: await signedInAs('Super Admin'),
    body: {
      no_of_licence: count,
      purchase_date: dates.purchase_date ?? '2026-01-01',
      expiration_date: dates.expiration_date ?? '2099-12-31',
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result as Array<{ id: string; licence_no: number; expiration_date: string }>;
}

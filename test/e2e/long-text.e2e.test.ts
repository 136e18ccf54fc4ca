import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import * as z from 'zod';
import { demoUsers } from '../../infra/local/seed';
import { newAccountSchema, newAccountUserSchema } from '@shared/schemas/accounts';
import { newAdminSchema } from '@shared/schemas/admins';
import { bannerInputSchema } from '@shared/schemas/banners';
import { newConfigItemSchema } from '@shared/schemas/config';
import { eventSchema } from '@shared/schemas/event';
import { packageInputSchema } from '@shared/schemas/packages';
import { slideshowInputSchema } from '@shared/schemas/slideshows';
import { newSpaceSchema, venueInputSchema } from '@shared/schemas/venues';
import { DEFAULT_SLIDE_DURATION, SLIDE_TRANSITIONS } from '@shared/slideshows';
import { pageAt, signIn, useBrowser } from '../support/browser';
import { call, signIn as apiSignIn } from '../support/e2e-api';
import { aZoneAtMidday, localDateIn, wallTimeIn } from '../support/now';

useBrowser();

/**
 * Text people type may be one long word as long as its field accepts: every page that shows it
 * still fits the window, at a desktop's width and a phone's, and shows the text. The lengths are
 * the request schemas' own, so the test follows them.
 */

/** The longest value a text field's schema accepts. */
function maxLengthOf(field: z.ZodType): number {
  let schema: unknown = field;
  for (;;) {
    if (schema instanceof z.ZodString) break;
    if (schema instanceof z.ZodPipe) schema = schema.in;
    else if (schema instanceof z.ZodOptional) schema = schema.unwrap();
    else throw new Error('not a text field');
  }
  const { maxLength } = schema as z.ZodString;
  if (maxLength === null) throw new Error('a text field without a maximum length');
  return maxLength;
}

const run = ulid().slice(-6);
/** One word, as long as the field takes: a tag to find it by, then wide letters. */
function longest(field: z.ZodType, tag: string): string {
  const start = `${tag}${run}`;
  return `${start}${'W'.repeat(Math.max(0, maxLengthOf(field) - start.length))}`;
}

const text = {
  account: longest(newAccountSchema.shape.name, 'Acc'),
  ownerFirst: longest(newAccountSchema.shape.admin_first_name, 'Own'),
  ownerLast: longest(newAccountSchema.shape.admin_last_name, 'Ner'),
  userFirst: longest(newAccountUserSchema.shape.first_name, 'Usr'),
  userLast: longest(newAccountUserSchema.shape.last_name, 'Lst'),
  adminFirst: longest(newAdminSchema.shape.first_name, 'Adm'),
  adminLast: longest(newAdminSchema.shape.last_name, 'Min'),
  bannerTitle: longest(bannerInputSchema.shape.title, 'Ban'),
  bannerMessage: longest(bannerInputSchema.shape.message, 'Msg'),
  packageName: longest(packageInputSchema.shape.name, 'Pkg'),
  amenity: longest(newConfigItemSchema.shape.title, 'Ame'),
  venueType: longest(newConfigItemSchema.shape.title, 'Vty'),
  spaceType: longest(newConfigItemSchema.shape.title, 'Sty'),
  venue: longest(venueInputSchema.shape.name, 'Ven'),
  city: longest(venueInputSchema.shape.city, 'Cit'),
  space: longest(newSpaceSchema.shape.title, 'Spa'),
  booking: longest(eventSchema.in.shape.title, 'Boo'),
  slideshow: longest(slideshowInputSchema.shape.name, 'Sli'),
};

const owner = { email: `long.${run.toLowerCase()}@longtext.test`, password: 'Long12345' };
let accountId = '';

beforeAll(async () => {
  const admin = await apiSignIn('admin', demoUsers.admin);
  const pkg = await call('POST', '/admin/packages', admin, {
    name: text.packageName,
    allowed_user_roles: 'Account Admin,Venue Manager,Event Coordinator',
    venue_limit: 'Unlimited',
    spaces_limit: 'Unlimited',
    admin_limit: 'Unlimited',
  });
  await call('POST', '/admin/amenities', admin, { title: text.amenity });
  await call('POST', '/admin/venueType', admin, { title: text.venueType });
  await call('POST', '/admin/spaceType', admin, { title: text.spaceType });
  await call('POST', '/admin/banner', admin, {
    title: text.bannerTitle,
    message: text.bannerMessage,
    expiration_date: localDateIn(7, 'UTC'),
    on_login_page: true,
    hideable: false,
  });
  await call('POST', '/admin/admins', admin, {
    first_name: text.adminFirst,
    last_name: text.adminLast,
    email: `long.admin.${run.toLowerCase()}@longtext.test`,
    password: 'Long12345',
  });
  const account = await call('POST', '/admin/account', admin, {
    name: text.account,
    package_id: pkg.id,
    package_start_date: '2026-01-01',
    package_end_date: '2030-12-31',
    admin_first_name: text.ownerFirst,
    admin_last_name: text.ownerLast,
    admin_email: owner.email,
    admin_password: owner.password,
  });
  accountId = account.id;

  const token = await apiSignIn('client', owner);
  await call('POST', '/client/newuser', token, {
    first_name: text.userFirst,
    last_name: text.userLast,
    email: `long.user.${run.toLowerCase()}@longtext.test`,
    password: 'Long12345',
    user_role: 'Event Coordinator',
  });
  const zone = aZoneAtMidday();
  const venue = await call('POST', '/client/newvenue', token, {
    name: text.venue,
    city: text.city,
    timezone: zone,
  });
  const space = await call('POST', `/client/newspace/${venue.id}`, token, { title: text.space });
  await call('POST', '/client/booking', token, {
    title: text.booking,
    venue: venue.id,
    space: space.id,
    start_date: wallTimeIn(60, zone),
    end_date: wallTimeIn(90, zone),
  });
  await call('POST', `/client/slideshows/${space.id}`, token, {
    name: text.slideshow,
    transition: SLIDE_TRANSITIONS[0]!.value,
    duration: DEFAULT_SLIDE_DURATION,
  });
});

const widths = [
  ['a desktop', { width: 1280, height: 800 }],
  ['a phone', { width: 375, height: 740 }],
] as const;

/** The page fits the window's width: nothing makes it scroll sideways. */
async function fitsTheWindow(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth, widest } = await page.evaluate(() => {
    // The innermost elements that reach past the window's right edge, to say what is too wide.
    const past = [...document.body.querySelectorAll('*')].filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 1,
    );
    const innermost = past.filter(
      (element) => !past.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      widest: innermost
        .slice(0, 3)
        .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`)
        .join(', '),
    };
  });
  expect(
    scrollWidth,
    `${where} is ${scrollWidth}px wide in a ${innerWidth}px window: ${widest}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Opens `path` (the app, not a new load), waits for each text to be visible, then checks the width. */
async function visit(page: Page, path: string, shown: string[]): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  for (const value of shown) await page.getByText(value).first().waitFor();
  await fitsTheWindow(page, path);
}

describe.each(widths)('long text at %s’s width', (_name, viewport) => {
  it('fits the login page and its banner', async () => {
    const page = await pageAt('/login', { viewport });
    await page.getByText(text.bannerTitle).first().waitFor();
    await page.getByText(text.bannerMessage).first().waitFor();
    await fitsTheWindow(page, '/login');
    await page.context().close();
  });

  it('fits every client page that shows it', { timeout: 120_000 }, async () => {
    const page = await pageAt('/login', { viewport });
    await signIn(page, owner);
    await page.waitForURL('**/c/dashboard');
    await visit(page, '/c/dashboard', [text.account, text.bannerTitle, text.booking]);
    await visit(page, '/c/account-management', [text.userFirst]);
    await visit(page, '/c/venues', [text.venue]);
    await visit(page, '/c/booking', [text.booking]);
    await page.context().close();
  });

  it('fits every admin page that shows it', { timeout: 120_000 }, async () => {
    const page = await pageAt('/admin/login', { viewport });
    await signIn(page, demoUsers.admin);
    await page.waitForURL(/\/admin$/);
    await visit(page, '/admin', [text.account]);
    await visit(page, '/admin/accounts', [text.account]);
    await visit(page, `/admin/accounts/${accountId}/users`, [text.account, text.userFirst]);
    await visit(page, '/admin/users', [text.adminFirst]);
    await visit(page, '/admin/configuration/amenities', [text.amenity]);
    await visit(page, '/admin/configuration/venue-types', [text.venueType]);
    await visit(page, '/admin/configuration/space-types', [text.spaceType]);
    await visit(page, '/admin/configuration/packages', [text.packageName]);
    await visit(page, '/admin/configuration/banners', [text.bannerTitle]);
    await page.context().close();
  });
});

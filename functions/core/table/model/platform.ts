/* Licences, their purchases, banners and the platform's totals. */
import { Entity } from 'electrodb';
import { key, model, status, timestamps } from './parts';

/** A screen licence of an account, numbered on per account. */
export const licenceEntity = new Entity({
  model: model('licence'),
  attributes: {
    account_id: { type: 'string', required: true },
    licence_id: { type: 'string', required: true },
    licence_no: { type: 'number', required: true },
    licence_type: { type: 'string', required: true, default: 'New' },
    parent_id: { type: 'string' },
    purchase_id: { type: 'string' },
    order_no: { type: 'string' },
    note: { type: 'string' },
    purchase_date: { type: 'string', required: true },
    expiration_date: { type: 'string', required: true },
    amount: { type: 'number' },
    status: { type: ['Active', 'Expired', 'Declined'] as const, required: true, default: 'Active' },
    /** The screen it is bound to, named here so the list reads no screen per licence. */
    screen_id: { type: 'string' },
    screen_name: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['licence_id'], 'LICENCE#${licence_id}#'),
    },
  },
});

/** One purchase of licences (a bulk add), for the admin dashboard's recent payments and an account's Billing. */
export const licencePurchaseEntity = new Entity({
  model: model('licencePurchase'),
  attributes: {
    account_id: { type: 'string', required: true },
    account_name: { type: 'string', required: true },
    purchase_id: { type: 'string', required: true },
    count: { type: 'number', required: true },
    /** The first of the `count` numbers given out (consecutive); absent on older purchases. */
    first_licence_no: { type: 'number' },
    amount: { type: 'number' },
    purchase_date: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['purchase_id'], 'PURCHASE#${purchase_id}#'),
    },
    recent: {
      index: 'gsi1',
      pk: key('gsi1pk', [], 'PURCHASES#'),
      sk: key('gsi1sk', ['created_at', 'purchase_id'], 'PURCHASE#${created_at}#${purchase_id}#'),
    },
  },
});

/** A banner announcement of the platform. */
export const bannerEntity = new Entity({
  model: model('banner'),
  attributes: {
    banner_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    message: { type: 'string', required: true },
    expiration_date: { type: 'string', required: true },
    on_login_page: { type: 'boolean', required: true, default: false },
    /** Package ids; empty for every package. */
    for_packages: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    hideable: { type: 'boolean', required: true, default: true },
    position: { type: 'string', required: true, default: 'top-center' },
    status,
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['banner_id'], 'BANNER#${banner_id}#'),
      sk: key('sk', [], 'BANNER#'),
    },
    all: {
      index: 'gsi1',
      pk: key('gsi1pk', [], 'BANNERS#'),
      sk: key('gsi1sk', ['created_at', 'banner_id'], 'BANNER#${created_at}#${banner_id}#'),
    },
  },
});

/**
 * The platform's super admin total (`active_admins`, a condition of their changes), and the totals
 * the shards below took over, as they were before (docs/data-model.md "Counters": the dashboard
 * adds them to the shards'). Changed with `add` in the transaction of every write that moves them.
 */
export const platformStatsEntity = new Entity({
  model: model('platformStats'),
  attributes: {
    total_accounts: { type: 'number', required: true, default: 0 },
    active_accounts: { type: 'number', required: true, default: 0 },
    total_users: { type: 'number', required: true, default: 0 },
    active_venues: { type: 'number', required: true, default: 0 },
    /** Active super admins: the last one cannot be deactivated. */
    active_admins: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    only: {
      pk: key('pk', [], 'PLATFORM#'),
      sk: key('sk', [], 'STATS#'),
    },
  },
});

/**
 * One shard of the platform's totals for the admin dashboard (`PLATFORMSTATS#<shard>#`): every
 * user and account write adds its change to one shard, chosen at random, in its own transaction,
 * so no single item takes them all; the dashboard sums the shards (docs/data-model.md "Counters").
 */
export const platformStatsShardEntity = new Entity({
  model: model('platformStatsShard'),
  attributes: {
    stats_shard: { type: 'string', required: true },
    total_accounts: { type: 'number', required: true, default: 0 },
    active_accounts: { type: 'number', required: true, default: 0 },
    total_users: { type: 'number', required: true, default: 0 },
    active_venues: { type: 'number', required: true, default: 0 },
  },
  indexes: {
    byShard: {
      pk: key('pk', ['stats_shard'], 'PLATFORMSTATS#${stats_shard}#'),
      sk: key('sk', [], 'STATS#'),
    },
  },
});

/* Customer accounts, their users, super admins and packages. */
import { Entity } from 'electrodb';
import { key, model, secondFactor, sessionState, socialIdentities, status, timestamps } from './parts';

export const accountEntity = new Entity({
  model: model('account'),
  attributes: {
    account_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    address: { type: 'string' },
    city: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    zipcode: { type: 'string' },
    domain: { type: 'string' },
    logo_uri: { type: 'string' },
    status,
    package_id: { type: 'string', required: true },
    package_start_date: { type: 'string' },
    package_end_date: { type: 'string' },
    /** The first Account Admin, named here so that lists read no user per account. */
    admin_user_id: { type: 'string' },
    admin_email: { type: 'string' },
    admin_first_name: { type: 'string' },
    admin_last_name: { type: 'string' },
    /** Counters, updated in the transaction of the change that moves them. */
    total_users: { type: 'number', required: true, default: 0 },
    active_admins: { type: 'number', required: true, default: 0 },
    total_venues: { type: 'number', required: true, default: 0 },
    total_spaces: { type: 'number', required: true, default: 0 },
    total_screens: { type: 'number', required: true, default: 0 },
    /**
     * Bytes of the account's stored files (photos, logo, slides), added when a form saves a file
     * and taken off when a change replaces or drops it; absent is 0. Bounded by the package.
     */
    storage_bytes: { type: 'number' },
    /** The last licence number given out in the account. */
    licence_seq: { type: 'number', required: true, default: 0 },
    /**
     * Epoch ms of the account's last deactivation: every session of its users from before it has
     * ended, so reactivating the account does not bring them back.
     */
    sessions_ended_at: { type: 'number', required: true, default: 0 },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', [], 'ACCOUNT#'),
    },
    all: {
      index: 'gsi1',
      pk: key('gsi1pk', [], 'ACCOUNTS#'),
      sk: key('gsi1sk', ['created_at', 'account_id'], 'ACCOUNT#${created_at}#${account_id}#'),
    },
  },
});

export const clientRoleValues = ['Account Admin', 'Venue Manager', 'Event Coordinator', 'Viewer'] as const;

export const userEntity = new Entity({
  model: model('user'),
  attributes: {
    account_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    first_name: { type: 'string', required: true },
    last_name: { type: 'string' },
    designation: { type: 'string' },
    phone_no: { type: 'string' },
    cell_no: { type: 'string' },
    user_role: { type: clientRoleValues, required: true },
    status,
    pin_number: { type: 'string', required: true },
    photo_uri: { type: 'string' },
    user_group: { type: 'string' },
    created_source: { type: 'string' },
    /** Its shard of the newest users (`recent`), from its id (functions/core/table/shards.ts). */
    recent_shard: { type: 'string', required: true, readOnly: true },
    ...sessionState,
    ...socialIdentities,
    ...secondFactor,
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['user_id'], 'USER#${user_id}#'),
    },
    byId: {
      index: 'gsi1',
      collection: 'assignments',
      pk: key('gsi1pk', ['user_id'], 'USER#${user_id}#'),
      sk: key('gsi1sk', [], 'USER#'),
    },
    /**
     * Every account's users, newest first (the admin dashboard's recent users), in shards by user
     * id; keys only (docs/data-model.md "Projections"): read with `hydrate`.
     */
    recent: {
      index: 'gsi4',
      pk: key('gsi4pk', ['recent_shard'], 'USERS#${recent_shard}#'),
      sk: key('gsi4sk', ['created_at', 'user_id'], 'USER#${created_at}#${user_id}#'),
    },
  },
});

export const adminEntity = new Entity({
  model: model('admin'),
  attributes: {
    admin_id: { type: 'string', required: true },
    email: { type: 'string', required: true },
    first_name: { type: 'string', required: true },
    last_name: { type: 'string' },
    designation: { type: 'string' },
    phone_no: { type: 'string' },
    cell_no: { type: 'string' },
    photo_uri: { type: 'string' },
    status,
    created_by: { type: 'string' },
    created_by_email: { type: 'string' },
    modified_by: { type: 'string' },
    modified_by_email: { type: 'string' },
    ...sessionState,
    ...socialIdentities,
    ...secondFactor,
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['admin_id'], 'ADMIN#${admin_id}#'),
      sk: key('sk', [], 'ADMIN#'),
    },
    all: {
      index: 'gsi1',
      pk: key('gsi1pk', [], 'ADMINS#'),
      sk: key('gsi1sk', ['created_at', 'admin_id'], 'ADMIN#${created_at}#${admin_id}#'),
    },
  },
});

export const packageEntity = new Entity({
  model: model('package'),
  attributes: {
    package_id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    allowed_user_roles: { type: 'list', items: { type: 'string' }, required: true },
    /** null means Unlimited. */
    venue_limit: { type: 'number' },
    spaces_limit: { type: 'number' },
    admin_limit: { type: 'number' },
    /** The account's storage for files, in GB; absent is the default (shared/schemas/packages.ts). */
    storage_limit_gb: { type: 'number' },
    third_party_integration: { type: ['Yes', 'No'] as const, default: 'Yes' },
    custom_integration: { type: ['Yes', 'No'] as const, default: 'Yes' },
    on_screen_branding: { type: ['Yes', 'No'] as const, default: 'Yes' },
    booking_approval: { type: ['Yes', 'No'] as const, default: 'Yes' },
    status,
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: key('pk', ['package_id'], 'PACKAGE#${package_id}#'),
      sk: key('sk', [], 'PACKAGE#'),
    },
    all: {
      index: 'gsi1',
      pk: key('gsi1pk', [], 'PACKAGES#'),
      sk: key('gsi1sk', ['package_id'], 'PACKAGE#${package_id}#'),
    },
  },
});

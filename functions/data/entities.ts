import { Entity, Service, type EntityItem } from 'electrodb';
import { documentClient } from '../aws/dynamodb';
import { env } from '../env';

/**
 * The entities of the one table (docs/data-model.md lists every access pattern).
 * Attribute names are the wire names, so mapping to responses is a matter of picking fields.
 * Keys follow `ENTITY#<id>#…` with a delimiter after every id; tenant data starts `ACCOUNT#<id>#`.
 */
const model = (entity: string) => ({ entity, version: '1', service: 'spaces' });
const now = () => new Date().toISOString();
const key = <const F extends string, const C extends readonly string[]>(
  field: F,
  composite: C,
  template: string,
) => ({
  field,
  composite,
  template,
  casing: 'none' as const,
});

const timestamps = {
  created_at: { type: 'string', required: true, readOnly: true, default: now },
  /** Set on every write; a writer that answers with the item passes the time it used. */
  updated_at: {
    type: 'string',
    required: true,
    watch: '*',
    default: now,
    set: (value?: string) => value ?? now(),
  },
} as const;

const status = { type: ['Active', 'Inactive'] as const, required: true, default: 'Active' } as const;

/** When this person's sessions last ended, and the tokens admitted since (functions/services/sessions.ts). */
const sessionState = {
  /** Epoch ms of the last logout, password change or reset. */
  sessions_ended_at: { type: 'number', required: true, default: 0 },
  /** `jti`s of tokens the API issued just after it, whose whole-second `iat` cannot tell. */
  sessions_admitted: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
} as const;

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
    admin_user_id: { type: 'string' },
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
    ...sessionState,
    ...timestamps,
  },
  indexes: {
    byAccount: {
      pk: key('pk', ['account_id'], 'ACCOUNT#${account_id}#'),
      sk: key('sk', ['user_id'], 'USER#${user_id}#'),
    },
    byId: {
      index: 'gsi1',
      pk: key('gsi1pk', ['user_id'], 'USER#${user_id}#'),
      sk: key('gsi1sk', [], 'USER#'),
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
    modified_by: { type: 'string' },
    ...sessionState,
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

export const configItemEntity = new Entity({
  model: model('configItem'),
  attributes: {
    kind: { type: ['amenities', 'venueTypes', 'spaceTypes'] as const, required: true },
    item_id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    status,
    ...timestamps,
  },
  indexes: {
    byKind: {
      pk: key('pk', ['kind'], 'CONFIG#${kind}#'),
      sk: key('sk', ['item_id'], 'ITEM#${item_id}#'),
    },
  },
});

/**
 * A uniqueness guard, written in the same transaction as the entity it protects:
 * `EMAIL#client#a@b.c#`, `ACCOUNT#<id>#PIN#1234#`, `CONFIG#amenities#TITLE#wifi#`.
 */
export const guardEntity = new Entity({
  model: model('guard'),
  attributes: {
    scope: { type: 'string', required: true },
    value: { type: 'string', required: true },
    owner_id: { type: 'string', required: true },
    account_id: { type: 'string' },
  },
  indexes: {
    byValue: {
      pk: key('pk', ['scope'], '${scope}#'),
      sk: key('sk', ['value'], 'GUARD#${value}#'),
    },
  },
});

/** Activity log: scope is `ACCOUNT#<id>` for client users, `PLATFORM` for super admins. */
export const activityEntity = new Entity({
  model: model('activity'),
  attributes: {
    scope: { type: 'string', required: true },
    activity_id: { type: 'string', required: true },
    actor_id: { type: 'string', required: true },
    actor: {
      type: 'map',
      required: true,
      properties: {
        first_name: { type: 'string' },
        last_name: { type: 'string' },
        user_role: { type: 'string' },
        photo_uri: { type: 'string' },
        email: { type: 'string' },
      },
    },
    component: { type: 'string', required: true },
    component_id: { type: 'string', required: true },
    activity: { type: 'string', required: true },
    time: { type: 'string', required: true },
  },
  indexes: {
    byScope: {
      pk: key('pk', ['scope'], '${scope}#ACTIVITY#'),
      sk: key('sk', ['time', 'activity_id'], '${time}#${activity_id}#'),
    },
    byActor: {
      index: 'gsi1',
      pk: key('gsi1pk', ['actor_id'], 'ACTOR#${actor_id}#ACTIVITY#'),
      sk: key('gsi1sk', ['time', 'activity_id'], '${time}#${activity_id}#'),
    },
  },
});

/** Failed sign-ins per e-mail, for throttling; expires by TTL. */
export const loginAttemptEntity = new Entity({
  model: model('loginAttempt'),
  attributes: {
    area: { type: ['client', 'admin'] as const, required: true },
    email: { type: 'string', required: true },
    failures: { type: 'number', required: true, default: 0 },
    window_start: { type: 'number', required: true },
    locked_until: { type: 'number', required: true, default: 0 },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEmail: {
      pk: key('pk', ['area', 'email'], 'LOGIN#${area}#${email}#'),
      sk: key('sk', [], 'LOGIN#'),
    },
  },
});

/** A password-reset token (its SHA-256 only), one per e-mail; expires by TTL. */
export const resetTokenEntity = new Entity({
  model: model('resetToken'),
  attributes: {
    area: { type: ['client', 'admin'] as const, required: true },
    email: { type: 'string', required: true },
    token_hash: { type: 'string', required: true },
    expires_at: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byEmail: {
      pk: key('pk', ['area', 'email'], 'RESET#${area}#${email}#'),
      sk: key('sk', [], 'RESET#'),
    },
  },
});

/** A client's refresh token (its SHA-256 only), from the sign-in that issued it; expires by TTL. */
export const refreshSessionEntity = new Entity({
  model: model('refreshSession'),
  attributes: {
    token_hash: { type: 'string', required: true },
    account_id: { type: 'string', required: true },
    user_id: { type: 'string', required: true },
    /** Epoch ms of the sign-in. */
    started_at: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: key('pk', ['token_hash'], 'REFRESH#${token_hash}#'),
      sk: key('sk', [], 'REFRESH#'),
    },
  },
});

const entities = {
  account: accountEntity,
  user: userEntity,
  admin: adminEntity,
  package: packageEntity,
  configItem: configItemEntity,
  guard: guardEntity,
  activity: activityEntity,
  loginAttempt: loginAttemptEntity,
  resetToken: resetTokenEntity,
  refreshSession: refreshSessionEntity,
};

let service: Service<typeof entities> | undefined;

/** The ElectroDB service bound to the table and the process's DocumentClient. */
export function db(): Service<typeof entities> {
  return (service ??= new Service(entities, { client: documentClient(), table: env().TABLE_NAME }));
}

export type AccountItem = EntityItem<typeof accountEntity>;
export type UserItem = EntityItem<typeof userEntity>;
export type AdminItem = EntityItem<typeof adminEntity>;
export type PackageItem = EntityItem<typeof packageEntity>;
export type ConfigItemRecord = EntityItem<typeof configItemEntity>;
export type ActivityItem = EntityItem<typeof activityEntity>;
export type LoginAttemptItem = EntityItem<typeof loginAttemptEntity>;

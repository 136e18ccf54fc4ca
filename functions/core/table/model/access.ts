/* Uniqueness guards, the activity log, and what sign-in keeps. */
import { Entity } from 'electrodb';
import { key, model } from './parts';

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
    /** The super admin who acted as the user (impersonation), if any. */
    impersonator: { type: 'map', properties: { id: { type: 'string' }, email: { type: 'string' } } },
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
    /** Wrong passwords and codes in the window (functions/core/auth/attempt-lock.ts). */
    failures: { type: 'number', required: true, default: 0 },
    /** Places taken in the window: attempts being checked, and the wrong ones. */
    attempts: { type: 'number' },
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
    /** The social sign-in it came from (`<provider>:<subject>`): it refreshes while that is linked. */
    social_link: { type: 'string' },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: key('pk', ['token_hash'], 'REFRESH#${token_hash}#'),
      sk: key('sk', [], 'REFRESH#'),
    },
  },
});

/**
 * A sign-in waiting for its second factor: the password (or the social provider) was right, and
 * the person must now give a code from their authenticator app, or set one up first. Found by the
 * SHA-256 of the random token the browser holds; good once, until `expires_at` (epoch seconds,
 * checked on every read: the TTL removes it later, within days).
 */
export const signInChallengeEntity = new Entity({
  model: model('signInChallenge'),
  attributes: {
    token_hash: { type: 'string', required: true },
    area: { type: ['client', 'admin'] as const, required: true },
    owner_id: { type: 'string', required: true },
    /** A client user's account. */
    account_id: { type: 'string' },
    /** The e-mail whose failed sign-ins a wrong code counts on (functions/auth/throttle.ts). */
    email: { type: 'string', required: true },
    /** `code`: a code of the secret the person has; `enrol`: of `secret`, set up now. */
    kind: { type: ['code', 'enrol'] as const, required: true },
    /** The new secret of an enrolment, sealed for the person. */
    secret: { type: 'string' },
    /** Epoch ms when the first factor was checked: sessions ended since refuse the sign-in. */
    started_at: { type: 'number', required: true },
    /** The social sign-in of the first factor (`<provider>:<subject>`), which the session names. */
    social_link: { type: 'string' },
    expires_at: { type: 'number', required: true },
    ttl: { type: 'number', required: true },
  },
  indexes: {
    byHash: {
      pk: key('pk', ['token_hash'], 'CHALLENGE#${token_hash}#'),
      sk: key('sk', [], 'CHALLENGE#'),
    },
  },
});

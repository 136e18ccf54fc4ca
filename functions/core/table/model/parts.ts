/** Building blocks of the entity definitions: model, keys, timestamps, status. */
export const model = (entity: string) => ({ entity, version: '1', service: 'spaces' });
const now = () => new Date().toISOString();
export const key = <const F extends string, const C extends readonly string[]>(
  field: F,
  composite: C,
  template: string,
) => ({
  field,
  composite,
  template,
  casing: 'none' as const,
});

export const timestamps = {
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

export const status = { type: ['Active', 'Inactive'] as const, required: true, default: 'Active' } as const;

/** When this person's sessions last ended, and the tokens admitted since (functions/core/auth/sessions.ts). */
export const sessionState = {
  /** Epoch ms of the last logout, password change or reset. */
  sessions_ended_at: { type: 'number', required: true, default: 0 },
  /** `jti`s of tokens the API issued just after it, whose whole-second `iat` cannot tell. */
  sessions_admitted: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
} as const;

/**
 * The social sign-ins linked to a person (docs/data-model.md "Social sign-in"): one per provider,
 * with the broker's subject (later sign-ins match by it), the address the provider shared and when
 * it was linked; each also has a guard `SOCIAL#<area>#`. `social_unlinked` keeps the
 * `<provider>:<subject>` the person unlinked themself, which then no longer signs them in by
 * their e-mail address either.
 */
export const socialIdentities = {
  social_links: {
    type: 'list',
    items: {
      type: 'map',
      properties: {
        provider: { type: 'string', required: true },
        subject: { type: 'string', required: true },
        email: { type: 'string' },
        linked_at: { type: 'string', required: true },
      },
    },
  },
  social_unlinked: { type: 'list', items: { type: 'string' } },
} as const;

/**
 * A person's second factor, TOTP (RFC 6238; functions/auth/second-factor.ts). Super admins
 * must have one; a client user may turn it on.
 */
export const secondFactor = {
  /** The secret, sealed (functions/core/vault.ts): present while the second factor is on. */
  mfa_secret: { type: 'string' },
  /** When it was turned on (ISO 8601). */
  mfa_enabled_at: { type: 'string' },
  /** The last time step a code was accepted for: each code is good once. */
  mfa_last_step: { type: 'number' },
  /** A client user's new secret, sealed, from the profile's setup until a code confirms it. */
  mfa_setup_secret: { type: 'string' },
} as const;

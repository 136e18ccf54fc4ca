import { open, seal, type SealContext } from '@core/vault';

/**
 * Linked calendars' refresh tokens, sealed with envelope encryption (functions/core/vault.ts)
 * and bound to the linked account they belong to (KMS's encryption context `calendarAccount`), so
 * a sealed token copied onto another account's item does not open.
 */

/** Who the token belongs to: bound into both layers. */
interface TokenContext {
  accountId: string;
  calendarAccountId: string;
}

const sealContext = (context: TokenContext): SealContext => ({
  purpose: 'calendarAccount',
  owner: `${context.accountId}/${context.calendarAccountId}`,
});

/** Seals a refresh token for the linked account `context`. */
export function sealToken(token: string, context: TokenContext): Promise<string> {
  return seal(token, sealContext(context));
}

/** Opens what {@link sealToken} sealed for the same linked account; throws on anything else. */
export function openToken(sealed: string, context: TokenContext): Promise<string> {
  return open(sealed, sealContext(context));
}

import { Secret, TOTP } from 'otpauth';
/** How the benches print their figures. */

/** Nearest rank: the smallest of the sorted figures that at least `share` (0–1) of them do not exceed. */
export const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] ?? NaN;

/**
 * DynamoDB calls by command, e.g. `1 BatchGetItem, 2 Query` ('none' without any); with `per`, each
 * count divided by it, to two places (calls per poll).
 */
export function callsByCommand(calls: readonly string[], per?: number): string {
  const counts = new Map<string, number>();
  for (const call of calls) {
    const name = call.replace(/Command$/, '');
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const parts = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${per === undefined ? n : (n / per).toFixed(2)} ${name}`);
  return parts.join(', ') || 'none';
}

/**
 * The code a person's authenticator app shows now for `secret` (base32): what a bench answers a
 * fresh system's first admin sign-in with, setting the app up (docs/decisions.md "Two-factor
 * authentication").
 */
export function authenticatorCode(secret: string): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret) });
}

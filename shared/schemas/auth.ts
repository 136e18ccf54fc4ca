import * as z from 'zod';
import { checkedPasswordMaxLength, email, password, optionalText, requiredText } from './common';
import { messages } from './messages';
import { socialProviders } from '../social';

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .min(1, { error: messages.required })
    .max(checkedPasswordMaxLength, { error: messages.maxLength(checkedPasswordMaxLength) }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const recoverySchema = z.object({ email });

const confirmed = <T extends { password: string; password_confirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: messages.sameAs('Password') });
  }
};

export const resetSchema = z
  .object({
    email,
    token: requiredText(200),
    password,
    password_confirmation: z
      .string({ error: messages.required })
      .min(1, { error: messages.required })
      .max(checkedPasswordMaxLength, { error: messages.maxLength(checkedPasswordMaxLength) }),
  })
  .superRefine(confirmed);

export const passwordChangeSchema = z
  .object({
    current_password: z
      .string({ error: messages.required })
      .min(1, { error: messages.required })
      .max(checkedPasswordMaxLength, { error: messages.maxLength(checkedPasswordMaxLength) }),
    password,
    password_confirmation: z
      .string({ error: messages.required })
      .min(1, { error: messages.required })
      .max(checkedPasswordMaxLength, { error: messages.maxLength(checkedPasswordMaxLength) }),
  })
  .superRefine(confirmed);

export const profileChangeSchema = z.object({
  first_name: requiredText(30),
  last_name: optionalText(30),
  phone_no: optionalText(20),
  cell_no: optionalText(20),
  photo_uri: optionalText(500),
});
export type ProfileChange = z.infer<typeof profileChangeSchema>;

/** The answer of a sign-in or refresh: a bearer token for the Authorization header. */
export const loginResultSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** A code of an authenticator app (TOTP, RFC 6238): six digits; spaces typed between are dropped. */
const totpCode = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .max(20, { error: 'Enter the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: messages.required })
      .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from your authenticator app' }),
  );

/**
 * A sign-in that needs its second factor (docs/decisions.md "Two-factor authentication"): the
 * password or the provider was right, and the person now gives a code (`mfa_code`), or sets up an
 * authenticator app first (`mfa_setup`: the secret as an otpauth:// URI for the QR code, and as
 * text to type). `mfa_token` names the sign-in in `POST /{area}/auth/mfa`, for `expires_in` seconds.
 */
export const mfaChallengeSchema = z.object({
  challenge: z.enum(['mfa_code', 'mfa_setup']),
  mfa_token: z.string(),
  expires_in: z.number().int(),
  otpauth_uri: z.string().nullable(),
  secret: z.string().nullable(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** The answer of a sign-in: a session, or the second factor it still needs. */
export const signInResultSchema = z.union([loginResultSchema, mfaChallengeSchema]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** POST /{area}/auth/mfa: the sign-in's token and the code from the authenticator app. */
export const mfaAnswerSchema = z.object({ mfa_token: requiredText(200), code: totpCode });

/** POST /client/me/mfa/enable and /disable: a current code of the app. */
export const mfaCodeSchema = z.object({ code: totpCode });

/** POST /client/me/mfa/setup: a new secret to add to an authenticator app. */
export const mfaSetupSchema = z.object({ otpauth_uri: z.string(), secret: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupSchema>;

/**
 * A social sign-in (docs/product/admin-and-auth.md §7 `POST /{role}/auth/socialLogin`): `token` is the
 * authorization code the broker sent to the return page; `code_verifier` (PKCE) and `nonce` are
 * what the login page chose when it started the sign-in, so that only it can use the code.
 */
export const socialLoginSchema = z.object({
  token: requiredText(4096),
  provider: z.enum(socialProviders, { error: messages.invalid }),
  code_verifier: z
    .string({ error: messages.required })
    .max(128, { error: messages.invalid })
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: messages.invalid }),
  nonce: requiredText(256),
});
export type SocialLoginInput = z.infer<typeof socialLoginSchema>;

/** How the login page starts a social sign-in in an area; no providers when it offers none. */
export const socialConfigSchema = z.object({
  /** The broker's authorization endpoint (the user pool's Cognito domain). */
  authorization_endpoint: z.string().nullable(),
  client_id: z.string().nullable(),
  scope: z.string(),
  providers: z.array(z.enum(socialProviders)),
});
export type SocialConfig = z.infer<typeof socialConfigSchema>;

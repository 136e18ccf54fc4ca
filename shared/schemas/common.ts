import * as z from 'zod';
import { messages } from './messages';

// The spec's rule for any check without a message of its own: 'Invalid value' (client-area §5).
z.config({ customError: () => messages.invalid });

/** A string that must be present and non-blank (after trimming), with an optional maximum length. */
export function requiredText(maxLength?: number) {
  const base = z
    .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
    .trim()
    .min(1, { error: messages.required });
  return maxLength ? base.max(maxLength, { error: messages.maxLength(maxLength) }) : base;
}

/** An optional string; blank becomes undefined. */
export function optionalText(maxLength?: number) {
  const base = z.string({ error: messages.invalid }).trim();
  const bounded = maxLength ? base.max(maxLength, { error: messages.maxLength(maxLength) }) : base;
  return bounded.optional().transform((v) => (v === '' ? undefined : v));
}

export const email = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .trim()
  .min(1, { error: messages.required })
  .max(100, { error: messages.maxLength(100) })
  .pipe(z.email({ error: messages.email }))
  .transform((v) => v.toLowerCase());

/** At least 8 letters or digits, one lowercase, one uppercase, one digit (client-area §5). */
export const password = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .min(1, { error: messages.required })
  .max(50, { error: messages.maxLength(50) })
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, { error: messages.password });

export const statusValues = ['Active', 'Inactive'] as const;
export const status = z.enum(statusValues, { error: messages.invalid });
export type Status = z.infer<typeof status>;

/** Turns zod issues into the wire shape `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    out[key] ??= issue.message;
  }
  return out;
}

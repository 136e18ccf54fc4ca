import * as z from 'zod';
import { messages } from './messages';

// The spec's rule for any check without a message of its own: 'Invalid value' (docs/product/client-area.md §5).
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
  .email({ error: messages.email })
  .transform((v) => v.toLowerCase());

/** At least 8 letters or digits, one lowercase, one uppercase, one digit (docs/product/client-area.md §5). */
export const password = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .min(1, { error: messages.required })
  .max(50, { error: messages.maxLength(50) })
  .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, { error: messages.password });

/**
 * The longest password Cognito takes (256): a password typed to be checked (sign-in, the current
 * one, a repeat) rather than set is bounded by it, not by the set rule's 50.
 */
export const checkedPasswordMaxLength = 256;

/** An id the API gives out: a ULID (docs/architecture.md §4), 26 characters. */
export const ulid = z
  .string()
  .max(26)
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/);
/** A ULID a form must name: blank is 'Field is required'. */
export const requiredId = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .trim()
  .min(1, { error: messages.required })
  .max(26, { error: messages.invalid })
  .regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, { error: messages.invalid });
/** The `{id}` of a path; one that could name nothing answers 404. */
export const idParams = z.object({ id: ulid });

/** A calendar date on the wire, `YYYY-MM-DD`, that exists. */
export const isoDate = z
  .string({ error: (issue) => (issue.input == null ? messages.required : messages.invalid) })
  .trim()
  .min(1, { error: messages.required })
  .max(10, { error: messages.invalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.invalid })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: messages.invalid,
    },
  );

/** A four-digit PIN, leading zeros kept (docs/product/client-area.md §9). */
export const pin = z
  .string({ error: messages.invalid })
  .trim()
  .max(4, { error: 'PIN must be 4 digits' })
  .regex(/^\d{4}$/, { error: 'PIN must be 4 digits' });

/** Yes/No flags of the spec. */
export const yesNo = z.enum(['Yes', 'No'], { error: messages.invalid });
export type YesNo = z.infer<typeof yesNo>;

/** The `result` of an answer that carries only a message. */
export const noResult = z.null();

const statusValues = ['Active', 'Inactive'] as const;
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

/**
 * The fields of an object that a schema does not know, each with its message. The API refuses
 * them (a misspelt field would otherwise be dropped without a word); forms built on the same
 * schemas may carry extra fields of their own.
 */
export function unknownFields(schema: z.ZodType, value: unknown): Record<string, string> {
  if (!(schema instanceof z.ZodObject) || !value || typeof value !== 'object' || Array.isArray(value))
    return {};
  const known = new Set(Object.keys(schema.shape));
  return Object.fromEntries(
    Object.keys(value)
      .filter((key) => !known.has(key))
      .map((key) => [key, messages.unknownField]),
  );
}

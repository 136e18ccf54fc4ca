import * as z from 'zod';
import { capSeverities, type CapSeverity } from '@shared/schemas/cap-alerts';

/**
 * What we keep of one CAP document (OASIS Common Alerting Protocol 1.2, 1.1 or 1.0): the message's
 * identity and kind, what it references, and per `<info>` block the text a panel shows and the
 * times that decide whether it is in force. Text is trimmed and cut (with '…') rather than refused
 * when a feed writes more than we keep; a missing or unknown required field is refused.
 */

const capStatuses = ['Actual', 'Exercise', 'System', 'Test', 'Draft'] as const;
const capMsgTypes = ['Alert', 'Update', 'Cancel', 'Ack', 'Error'] as const;
const capScopes = ['Public', 'Restricted', 'Private'] as const;

/** At most this many `<info>` blocks are kept (the first ones; their positions name alerts). */
const maxInfos = 20;
/** At most this many references are kept. */
const maxReferences = 100;

/** `text` cut to `max` characters, the last one '…' when cut, never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

const missingOr = (invalid: string) => (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null ? 'is missing' : invalid;

/** One line of text: trimmed, runs of white space made one space, cut to `max`. */
function line(max: number) {
  return z
    .string({ error: missingOr('is not text') })
    .transform((value) => truncate(value.replace(/\s+/g, ' ').trim(), max));
}

/** A required line: blank is missing. */
function requiredLine(max: number) {
  return line(max).pipe(z.string().min(1, { error: 'is missing' }));
}

/** An optional line: absent or blank is null. */
function optionalLine(max: number) {
  return line(max)
    .nullish()
    .transform((value) => value || null);
}

/** Optional paragraphs (description, instruction): line breaks kept, spaces ending a line dropped. */
function optionalParagraphs(max: number) {
  return z
    .string({ error: 'is not text' })
    .nullish()
    .transform((value) => {
      const text = value
        ?.replace(/\r\n?/g, '\n')
        .replace(/[ \t]+\n/g, '\n')
        .trim();
      return text ? truncate(text, max) : null;
    });
}

/**
 * A CAP date and time: `2026-11-25T10:00:00-05:00` (seconds and fractions optional, `Z` accepted).
 * A time without an offset is refused: it would name a different instant on every host.
 */
const capTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is a CAP date and time that names an instant. */
export function isCapTime(value: string): boolean {
  return capTimePattern.test(value) && !Number.isNaN(Date.parse(value));
}

const time = z
  .string({ error: missingOr('is not text') })
  .trim()
  .refine(isCapTime, { error: 'is not a date and time with a UTC offset' });
const optionalTime = z
  .string({ error: 'is not text' })
  .trim()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isCapTime(value), {
    error: 'is not a date and time with a UTC offset',
  });

/** One of `values`, matched without regard to case (`actual` is `Actual`). */
function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (input) =>
      typeof input === 'string'
        ? (values.find((value) => value.toLowerCase() === input.trim().toLowerCase()) ?? input)
        : input,
    z.enum(values, { error: missingOr('is not a value CAP knows') }),
  );
}

/** Extreme/Severe/Moderate/Minor/Unknown; anything else (or nothing) is Unknown. */
const severity = z
  .string()
  .nullish()
  .transform(
    (input): CapSeverity =>
      capSeverities.find((value) => value.toLowerCase() === input?.trim().toLowerCase()) ?? 'Unknown',
  );

const capReferenceSchema = z.object({
  sender: requiredLine(500),
  identifier: requiredLine(500),
  sent: line(64),
});

export const capInfoSchema = z.object({
  /** RFC 3066 language; CAP's default when absent is `en-US`. */
  language: optionalLine(35).transform((value) => value ?? 'en-US'),
  event: requiredLine(200),
  headline: optionalLine(500),
  severity,
  /** Immediate/Expected/Future/Past/Unknown as written (not used for rules). */
  urgency: optionalLine(50).transform((value) => value ?? 'Unknown'),
  /** Observed/Likely/Possible/Unlikely/Unknown as written (not used for rules). */
  certainty: optionalLine(50).transform((value) => value ?? 'Unknown'),
  description: optionalParagraphs(10_000),
  instruction: optionalParagraphs(5_000),
  /** The info's `<area><areaDesc>` values joined with '; '. */
  areaDesc: optionalLine(4_000),
  senderName: optionalLine(500),
  effective: optionalTime,
  onset: optionalTime,
  expires: optionalTime,
  web: optionalLine(2_000),
});
export type CapInfo = z.infer<typeof capInfoSchema>;

export const capDocumentSchema = z.object({
  identifier: requiredLine(500),
  sender: requiredLine(500),
  sent: time,
  status: oneOf(capStatuses),
  msgType: oneOf(capMsgTypes),
  scope: oneOf(capScopes),
  /** The messages this one updates, cancels or answers (`sender,identifier,sent` triples). */
  references: z.array(capReferenceSchema).transform((list) => list.slice(0, maxReferences)),
  infos: z.array(capInfoSchema).transform((list) => list.slice(0, maxInfos)),
});
export type CapDocument = z.infer<typeof capDocumentSchema>;

/**
 * CAP `<references>`: space-separated `sender,identifier,sent` triples. A triple without its three
 * parts is skipped.
 */
export function parseReferences(
  value: string | null | undefined,
): Array<{ sender: string; identifier: string; sent: string }> {
  return (value ?? '')
    .split(/\s+/)
    .map((triple) => triple.split(','))
    .filter(
      (parts): parts is [string, string, string] => parts.length === 3 && parts.every((part) => part !== ''),
    )
    .map(([sender, identifier, sent]) => ({ sender, identifier, sent }));
}

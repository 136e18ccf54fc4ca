import * as z from 'zod';
import { MAX_SLIDES, SLIDE_DURATIONS, SLIDE_TRANSITIONS, type SlideTransition } from '../slideshows';
import { requiredText, ulid } from './common';
import { messages } from './messages';

/**
 * Slideshows on the wire (docs/product/client-area.md §2 "Slideshow panel", §3 Slideshow, §7 "Slideshows"): the
 * request the API validates and the panel's form uses, and the answer. A slide's file is the key of
 * a presigned upload (POST /client/uploads, purpose `slide`); its format, type and length are read
 * from the file's bytes by the API, so what a client sends for them is not trusted.
 */

/** `{spaceId}` and `{spaceId}/{id}` of the slideshow paths. */
export const slideshowSpaceParams = z.object({ spaceId: ulid });
export const slideshowParams = z.object({ spaceId: ulid, id: ulid });

const zeroOrOne = z
  .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], {
    error: messages.invalid,
  })
  .transform((v): 0 | 1 => (v === 1 || v === '1' || v === true ? 1 : 0));

const transitionValues = SLIDE_TRANSITIONS.map((t) => t.value) as [SlideTransition, ...SlideTransition[]];
const durationValues = SLIDE_DURATIONS.map((d) => d.value) as [string, ...string[]];

/**
 * The list itself, or as text (a multipart form sends lists so): JSON, or comma-separated values.
 * Both ways are described in the OpenAPI document with the list's items. A list is at most
 * `maxItems` long (`tooMany` says so), its text at most `textMaxLength` characters.
 */
function jsonList<T extends z.ZodType>(
  item: T,
  { maxItems, tooMany, textMaxLength }: { maxItems: number; tooMany: string; textMaxLength: number },
) {
  const list = z.array(item, { error: messages.invalid });
  const text = z
    .string()
    .max(textMaxLength, { error: messages.maxLength(textMaxLength) })
    .transform((value, ctx): unknown => {
      const trimmed = value.trim();
      if (!trimmed) return [];
      if (!trimmed.startsWith('[')) return trimmed.split(',').map((part) => part.trim());
      try {
        return JSON.parse(trimmed) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: messages.invalid });
        return z.NEVER;
      }
    })
    .pipe(list);
  return z.union([list.max(maxItems), text], {
    error: (issue) =>
      Array.isArray(issue.input) && issue.input.length > maxItems ? tooMany : messages.invalid,
  });
}

/** A slideshow's list of slides, or of their files: at most {@link MAX_SLIDES}. */
const slideList = { maxItems: MAX_SLIDES, tooMany: `At most ${MAX_SLIDES} slides` };

const slideInputSchema = z.object({
  /** The upload's key, or the key of a slide the slideshow already has. */
  file: requiredText(300),
  /** Play position; the list's order when absent (and `slides_order` wins over both). */
  order: z.coerce
    .number({ error: messages.invalid })
    .int({ error: messages.invalid })
    .min(0)
    .max(1000, { error: messages.max(1001) })
    .optional(),
  /** Read from the file by the API; accepted and ignored (a slide of an answer sent back fits). */
  file_format: z.string().max(50).optional(),
  file_type: z.string().max(50).optional(),
  duration: z.string().max(20).optional(),
  file_url: z.string().max(4096).nullable().optional(),
});

/** POST /client/slideshows/{spaceId} and POST|PUT /client/slideshows/{spaceId}/{id}. */
export const slideshowInputSchema = z
  .object({
    name: requiredText(100),
    transition: z.enum(transitionValues, {
      error: (issue) => (issue.input == null ? messages.required : messages.invalid),
    }),
    duration: z.enum(durationValues, {
      error: (issue) => (issue.input == null ? messages.required : messages.invalid),
    }),
    randomize: zeroOrOne.default(0),
    slideshow_status: zeroOrOne.default(0),
    // As JSON text: 15 slides of a 300-character file and a 4,096-character URL each, and room.
    slides: jsonList(slideInputSchema, { ...slideList, textMaxLength: 100_000 })
      .default([])
      .refine((slides) => slides.length <= MAX_SLIDES, { error: `At most ${MAX_SLIDES} slides` })
      .refine((slides) => new Set(slides.map((s) => s.file)).size === slides.length, {
        error: 'A file is in the slideshow twice',
      }),
    /** The slides' files in play order (comma-separated or a list); it must name each slide once. */
    slides_order: jsonList(
      z
        .string()
        .trim()
        .min(1)
        .max(300, { error: messages.maxLength(300) }),
      {
        ...slideList,
        textMaxLength: 5000,
      },
    ).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.slides_order || value.slides_order.length === 0) return;
    const files = new Set(value.slides.map((s) => s.file));
    const order = value.slides_order;
    if (
      order.length !== files.size ||
      new Set(order).size !== order.length ||
      !order.every((f) => files.has(f))
    ) {
      ctx.addIssue({ code: 'custom', path: ['slides_order'], message: 'It should name each slide once' });
    }
  });
export type SlideshowInput = z.input<typeof slideshowInputSchema>;
export type SlideshowChanges = z.output<typeof slideshowInputSchema>;

export const slideSchema = z.object({
  /** The file's key. */
  file: z.string(),
  file_format: z.enum(['png', 'jpeg', 'mp4']),
  /** A presigned GET URL of the file. */
  file_url: z.string().nullable(),
  file_type: z.enum(['image', 'video']),
  order: z.number().int(),
  /** How long it shows, `hh:mm:ss`: the slideshow's duration for an image, its own length for a video. */
  duration: z.string(),
  /** A video's length in milliseconds, as read from the file; null for an image. */
  duration_ms: z.number().int().nullable(),
  size: z.number().int(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slideshowSchema = z.object({
  id: z.string(),
  space_id: z.string(),
  name: z.string(),
  transition: z.enum(transitionValues),
  duration: z.string(),
  randomize: z.union([z.literal(0), z.literal(1)]),
  slideshow_status: z.union([z.literal(0), z.literal(1)]),
  /** In play order. */
  slides: z.array(slideSchema),
  /** The slides' files in play order. */
  slides_order: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Slideshow = z.infer<typeof slideshowSchema>;

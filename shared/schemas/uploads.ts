import * as z from 'zod';
import {
  SLIDE_CONTENT_TYPES,
  SLIDE_FILE_KINDS,
  SLIDE_TYPE_MESSAGE,
  type SlideContentType,
} from '../slideshows';
import { messages } from './messages';

/**
 * Presigned uploads (docs/architecture.md §4 "Uploads"): the browser asks for a presigned S3 POST with
 * POST /{client|admin}/uploads, posts the file straight to S3, then sends the returned key.
 * A slide may be a PNG, a JPEG or an MP4 video; every other purpose takes images only.
 */
export const uploadPurposes = [
  'profile-photo',
  'account-logo',
  'space-photo',
  'screen-photo',
  'slide',
] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const imageContentTypes = ['image/png', 'image/jpeg'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];
type UploadContentType = ImageContentType | SlideContentType;

/** Largest file accepted per purpose, in bytes (bound in the presigned policy too). */
export const maxUploadBytes: Record<UploadPurpose, number> = {
  'profile-photo': 5 * 1024 * 1024,
  /** A customer account's logo (POST /admin/uploads, then `logo_uri` of the account form). */
  'account-logo': 2 * 1024 * 1024,
  /** A space's photo (the space form's `photo_uri`), shown on its card and the room display. */
  'space-photo': 5 * 1024 * 1024,
  /** A screen's photo (the screen form's `photo_uri`). */
  'screen-photo': 5 * 1024 * 1024,
  /** A slide of a slideshow: an image up to 10 MB, a video up to 200 MB (see {@link uploadLimit}). */
  slide: SLIDE_FILE_KINDS['video/mp4'].maxBytes,
};

/** The content types a purpose takes. */
export const uploadContentTypes = (purpose: UploadPurpose): readonly UploadContentType[] =>
  purpose === 'slide' ? SLIDE_CONTENT_TYPES : imageContentTypes;

/** The largest file of a purpose and content type, in bytes. */
export function uploadLimit(purpose: UploadPurpose, contentType: string): number {
  if (purpose === 'slide' && contentType in SLIDE_FILE_KINDS) {
    return SLIDE_FILE_KINDS[contentType as SlideContentType].maxBytes;
  }
  return maxUploadBytes[purpose];
}

/** The largest file of any purpose: no upload is larger (each purpose's own limit is checked below). */
const largestUploadBytes = Math.max(...Object.values(maxUploadBytes));

export const uploadRequestSchema = z
  .object({
    purpose: z.enum(uploadPurposes, { error: messages.invalid }),
    content_type: z.enum([...imageContentTypes, 'video/mp4'], { error: messages.invalid }),
    size: z
      .number({ error: messages.required })
      .int({ error: messages.invalid })
      .min(1, { error: messages.min(0) })
      .max(largestUploadBytes, {
        error: `The file is too large: at most ${largestUploadBytes / (1024 * 1024)} MB`,
      }),
  })
  .superRefine((value, ctx) => {
    if (!uploadContentTypes(value.purpose).includes(value.content_type)) {
      const message =
        value.purpose === 'slide' ? SLIDE_TYPE_MESSAGE : 'Only files of type PNG and JPEG are allowed';
      ctx.addIssue({ code: 'custom', path: ['content_type'], message });
      return;
    }
    const max = uploadLimit(value.purpose, value.content_type);
    if (value.size > max) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: `The file is too large: at most ${max / (1024 * 1024)} MB`,
      });
    }
  });
export type UploadRequest = z.infer<typeof uploadRequestSchema>;

/** The answer: where to POST the multipart form (fields first, then `file`), and the key to send back. */
export const uploadTicketSchema = z.object({
  url: z.url(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;
